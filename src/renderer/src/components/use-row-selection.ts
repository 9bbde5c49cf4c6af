import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { AnimalRow } from '../../../shared/contract';
import { BLOCK_ROWS, type AnimalList } from '../window-state';
import { FALLBACK_FOCUS_ID } from './use-modal';

/** Which animal a row shows, wherever it is in the list: a numbered animal by its id, one not yet sent by its entry. */
export const rowKey = (row: AnimalRow): string =>
  row.kind === 'pet' ? `pet:${row.pet.id}` : `entry:${row.entry.entryId}`;

export const rowAt = (list: AnimalList, index: number): AnimalRow | undefined =>
  list.blocks.get(Math.floor(index / BLOCK_ROWS))?.[index % BLOCK_ROWS];

function indexOf(list: AnimalList, key: string | null): number {
  if (key === null) return -1;
  for (const [block, rows] of list.blocks) {
    const at = rows.findIndex((row) => rowKey(row) === key);
    if (at >= 0) return block * BLOCK_ROWS + at;
  }
  return -1;
}

/**
 * The list's selection: an animal, kept by its key, so that it stays that animal when rows are
 * added above it or the list is read again; none once it has left the view. The focus moves only
 * on the person's own move (a key, a click): a render never takes it.
 */
export function useRowSelection(list: AnimalList, scroller: RefObject<HTMLElement | null>) {
  const [selected, setSelected] = useState<string | null>(null);
  const selectedIndex = useMemo(() => indexOf(list, selected), [list, selected]);
  // Where the selection was last seen: a move from the list itself, after the animal left, starts there.
  const lastIndex = useRef(0);
  if (selectedIndex >= 0) lastIndex.current = selectedIndex;
  // The row a move key asked for, focused once it is on the page (scrolled to, its block loaded).
  const wanted = useRef<number | null>(null);

  /** Focuses the row the person moved to, if it is on the page; false if not (yet). */
  const focusWanted = (): boolean => {
    const index = wanted.current;
    if (index === null) return true;
    const active = document.activeElement;
    const stillInTheList =
      active === null ||
      active === document.body ||
      active.id === FALLBACK_FOCUS_ID ||
      (scroller.current?.contains(active) ?? false);
    if (!stillInTheList) {
      wanted.current = null; // the person has gone elsewhere since: the move is forgotten
      return true;
    }
    const element = scroller.current?.querySelector<HTMLElement>(`tr[data-index="${index}"][data-row-key]`);
    if (!element) return false;
    wanted.current = null;
    element.focus();
    return true;
  };
  useEffect(() => void focusWanted());

  return {
    selected,
    selectedIndex,
    /** Selects the animal of `key` without moving the focus (an animal found by its microchip). */
    choose: setSelected,
    /** The row at `index` takes the focus (and so the selection) once it is on the page. */
    moveTo(index: number, scrollTo: (index: number) => void) {
      const to = Math.max(0, Math.min(list.total - 1, index));
      wanted.current = to;
      scrollTo(to);
      focusWanted();
    },
    /** Where a move by `step` from the list itself lands: from the selected animal, or from the gap it left. */
    moveFromTheList: (step: number) =>
      selectedIndex >= 0 ? selectedIndex + step : lastIndex.current + (step > 0 ? step - 1 : step),
    onRowFocus(row: AnimalRow, index: number) {
      lastIndex.current = index;
      setSelected(rowKey(row));
    },
  };
}
