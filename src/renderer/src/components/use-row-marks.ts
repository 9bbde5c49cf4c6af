import { useMemo, useRef } from 'react';
import { toast } from 'sonner';
import type { EnvironmentName } from '../../../shared/contract';
import { markedIn, useMarkedAnimals } from '../marked-animals';
import type { AnimalList } from '../window-state';
import { rowAt } from './use-row-selection';

/** What a click on a row's own controls (its menu, a problem's buttons) is: never a mark. */
const CONTROLS = 'button, a, input, select, textarea, [role="menu"], [role="menuitem"]';

/**
 * Marks on the list's rows, for paper: Space marks the focused animal or takes its mark off; Shift
 * with an arrow marks the row left and the row moved to; Ctrl+click (⌘ on a Mac) marks one, and
 * Shift+click every animal drawn from the selected row to the one clicked.
 */
export function useRowMarks(list: AnimalList, environment: EnvironmentName, selectedIndex: number) {
  const ids = useMarkedAnimals((state) => markedIn(state, environment));
  const marked = useMemo(() => new Set(ids), [ids]);
  // Where a Shift+click's range starts: the selected row as the button went down (before the focus moved).
  const anchor = useRef(-1);
  const petIdAt = (index: number): string | undefined => {
    const row = rowAt(list, index);
    return row?.kind === 'pet' ? row.pet.id : undefined;
  };
  /** The row's own animal (as its element shows it, whatever the list holds at that place now). */
  const toggle = (row: HTMLElement) => {
    const id = row.dataset.petId;
    if (id === undefined) toast('An animal still waiting to be sent has no number yet: mark it once it is sent.');
    else useMarkedAnimals.getState().toggle(environment, id);
  };
  const markBetween = (from: number, to: number) => {
    const ids: string[] = [];
    let unread = 0;
    for (let index = Math.min(from, to); index <= Math.max(from, to); index++) {
      const id = petIdAt(index);
      if (id !== undefined) ids.push(id);
      else if (rowAt(list, index) === undefined) unread += 1;
    }
    useMarkedAnimals.getState().mark(environment, ids);
    if (unread > 0)
      toast(
        `${unread} of the rows between ${unread === 1 ? 'was' : 'were'} not read yet, and not marked: scroll through them and mark again.`,
      );
  };
  const rowIndexOf = (target: EventTarget) => {
    const element = target instanceof Element ? target : null;
    if (element === null || element.closest(CONTROLS) !== null) return null;
    const row = element.closest<HTMLElement>('tr[data-row-key]');
    return row === null ? null : { row, index: Number(row.dataset.index) };
  };
  const withModifier = (event: React.MouseEvent) => event.shiftKey || event.ctrlKey || event.metaKey;

  return {
    marked,
    /** A row's key: true when it was Space, which marks and is done; Shift with an arrow marks and lets the move go on. */
    onKey(event: React.KeyboardEvent<HTMLElement>, index: number, step: number | undefined): boolean {
      if (event.key === ' ' && !event.shiftKey) {
        if (!event.repeat) toggle(event.target as HTMLElement); // a held key marks once
        return true;
      }
      if (event.shiftKey && (step === 1 || step === -1)) markBetween(index, Math.max(0, index + step));
      return false;
    },
    /** With Shift, Ctrl or ⌘ the press marks: it neither selects text nor moves the focus until the click. */
    onMouseDown(event: React.MouseEvent) {
      if (!withModifier(event) || rowIndexOf(event.target) === null) return;
      anchor.current = selectedIndex;
      event.preventDefault();
    },
    onClick(event: React.MouseEvent) {
      const at = rowIndexOf(event.target);
      if (!withModifier(event) || at === null) return;
      if (event.shiftKey && anchor.current >= 0) markBetween(anchor.current, at.index);
      else toggle(at.row);
      at.row.focus();
    },
  };
}
