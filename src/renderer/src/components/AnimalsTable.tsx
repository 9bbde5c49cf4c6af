import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef } from 'react';
import { toast } from 'sonner';
import { applyPetPatch, looksLikeMicrochip, type ChangeEntry, type Pet } from '../../../shared/contract';
import { useActiveCurrency } from '../active-currency';
import { ROW_COMMANDS, rowCommandForKey, shortcutLabel } from '../../../shared/commands';
import { ENVIRONMENT_LABELS, isMac } from '../format';
import { cellContext, useShownColumns } from '../list-columns';
import { isRemote, useWindowState, type AnimalList } from '../window-state';
import { EntryRow } from './EntryRow';
import { PetRow, STATUS_KEYS, type PetActions } from './PetRow';
import { useRowDialogs } from './RowDialogs';
import { columnNeeds, widestOf, type ColumnNeeds } from './table-columns';
import { useColumnsWithRoom } from './use-columns-with-room';
import { rowAt, rowKey, useRowSelection } from './use-row-selection';
import { useRowSlots } from './use-row-slots';
import { useRowMarks } from './use-row-marks';

let firstListPainted = false;
/** A performance mark once the first list is on screen (after the frame that shows it): the benchmark reads it. */
function markFirstListPainted() {
  if (firstListPainted) return;
  firstListPainted = true;
  requestAnimationFrame(() => setTimeout(() => performance.mark('petstore:first-list-painted'), 0));
}

/**
 * The search the person asked to go to the animal it finds (Enter after a microchip number), until it
 * is shown, and where the focus was then.
 */
let goToFound: { search: string; from: Element | null } | null = null;
/** The search whose animal's row is drawn marked found, if any: keys may come faster than the window draws. */
let foundDrawnFor: string | null = null;

/**
 * Focuses the animal a whole microchip number found: now if the list for that number is shown (only
 * its row is marked found), else as soon as it is.
 */
export function focusFoundAnimal(search: string): void {
  const found = document.querySelector<HTMLElement>('table.animals tbody tr[data-found]');
  if (found && foundDrawnFor === search) return found.focus();
  goToFound = { search, from: document.activeElement };
}

/** Rows drawn beyond the view on each side, while the list is still and while it scrolls. */
const OVERSCAN = { still: 3, scrolling: 12 } as const;

/** Height of a row in pixels, as the stylesheet draws it (`.animals tbody tr`): the virtual list's measure. */
export const ROW_HEIGHT = 45;

/**
 * Every animal of the active environment in one scrolling list; those not yet on the server
 * first, marked. Virtualized (TanStack Virtual): only the rows in view, and a few around them, are
 * in the page, whatever the size of the list; their blocks are asked of main as they scroll in.
 */
export const AnimalsTable = memo(function AnimalsTable({ list }: { list: AnimalList }) {
  const environment = useWindowState((state) => state.environment)!;
  const needRows = useWindowState((state) => state.needRows);
  const saving = useWindowState((state) => state.saving);
  const changesOffered = useWindowState((state) =>
    isRemote(state.environment) ? state.servers[state.environment]?.changes !== 'unsupported' : true,
  );
  const { actions, dialogs } = useRowDialogs();
  const chosenColumns = useShownColumns(environment);
  const currency = useActiveCurrency((state) => state.currency);
  const context = useMemo(() => cellContext(currency), [currency]);
  const scroller = useRef<HTMLDivElement>(null);
  // The id column as wide as the longest id loaded in this environment: a 19-digit id on one line, a
  // short one leaving room for names. (The table is drawn anew for another environment.)
  const widest = useRef<ColumnNeeds | null>(null);
  const { idChars, categoryChars, syncCell } = useMemo(
    () => (widest.current = widestOf(widest.current, columnNeeds(list.blocks.values()))),
    [list.blocks],
  );
  const columns = useColumnsWithRoom(chosenColumns, scroller, `${idChars} ${categoryChars} ${syncCell}`);
  const selection = useRowSelection(list, scroller);
  const marks = useRowMarks(list, environment, selection.selectedIndex);
  // A whole microchip number finds one animal at once: it is selected, and focused if Enter asked for it.
  // Only the list asked for the number typed: the one before may hold another number's animal.
  const search = useWindowState((state) => state.filter.search);
  const onlyRow = list.total === 1 && list.filter.search === search ? rowAt(list, 0) : undefined;
  const found = looksLikeMicrochip(search) && onlyRow !== undefined ? rowKey(onlyRow) : null;
  const { choose } = selection;
  useEffect(() => {
    if (found !== null) choose(found);
  }, [found, search, choose]);
  // After each draw: the virtual list draws the found row a render after the list arrives. The focus
  // goes to it only from where Enter was pressed: a person who has moved on keeps theirs.
  useEffect(() => {
    const row = found === null ? null : document.querySelector<HTMLElement>('table.animals tbody tr[data-found]');
    foundDrawnFor = row === null ? null : search;
    if (row === null || goToFound?.search !== search) return;
    const { from } = goToFound;
    goToFound = null;
    if (document.activeElement === from) row.focus();
  });
  // Rows drawn beyond the view: few when a filter changes (each is laid out and painted before the
  // answer shows), more while the list scrolls, so that the rows a scroll brings in are drawn already.
  const scrolling = useRef(false);
  const virtualizer = useVirtualizer({
    count: list.total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: scrolling.current ? OVERSCAN.scrolling : OVERSCAN.still,
  });
  scrolling.current = virtualizer.isScrolling;
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  useEffect(() => needRows(first, last + 1), [first, last, list.blocks, needRows]);
  useEffect(markFirstListPainted, []);
  // One row takes the Tab focus: the selected animal's, else the first on the page.
  const loaded = items.filter((item) => rowAt(list, item.index) !== undefined).map((item) => item.index);
  const tabStop = loaded.includes(selection.selectedIndex) ? selection.selectedIndex : loaded[0];
  // Each drawn animal's element: kept while it is drawn, given to another once it has left (use-row-slots.ts).
  const slots = useRowSlots(
    items.flatMap((item) => {
      const row = rowAt(list, item.index);
      return row === undefined ? [] : [rowKey(row)];
    }),
    selection.selected,
    list.filter,
  );
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  const unsupported = () =>
    toast.error(`${ENVIRONMENT_LABELS[environment]} does not take changes to animals: nothing was changed.`);
  /** The animal as its row shows it: with a change handed to main and not yet answered on top. Keys decide on this. */
  const shownPet = (pet: Pet): Pet => {
    const patch = saving.get(pet.id);
    return patch === undefined ? pet : applyPetPatch(pet, patch);
  };
  const petActions = (pet: Pet, change: ChangeEntry | undefined): PetActions => ({
    onStatus: changesOffered ? (status) => actions.status(pet, status) : null,
    onEdit: changesOffered ? () => actions.edit({ kind: 'pet', pet: shownPet(pet) }) : null,
    onResolve: () => change && actions.resolve(change),
    onResendChange: () => change && actions.resend(change, pet.name),
    onDiscardChange: () => change && actions.discardChange(change, pet.name),
    onHistory: () => actions.history(shownPet(pet)),
    onPrint: () => actions.print(shownPet(pet)),
    onSell: changesOffered && shownPet(pet).status !== 'sold' ? () => actions.sell(shownPet(pet)) : null,
  });

  const moveTo = (index: number) => selection.moveTo(index, (to) => virtualizer.scrollToIndex(to));
  const stepOf = (key: string): number | undefined => {
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 0) / ROW_HEIGHT) - 1);
    return { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page, Home: -list.total, End: list.total }[key];
  };
  const plainKey = (event: React.KeyboardEvent) => !(event.ctrlKey || event.metaKey || event.altKey);

  /** The focus fell to the list itself (its row left the view): a move key takes up from where it was; no row key acts. */
  const onListKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const step = stepOf(event.key);
    if (event.target !== event.currentTarget || !plainKey(event) || step === undefined || list.total === 0) return;
    event.preventDefault();
    moveTo(selection.moveFromTheList(step));
  };

  /**
   * The list's keys, on the row that has the focus (never from elsewhere): arrows move; A, P, S set a
   * status; E, Enter or F2 correct; H shows the animal's history; Delete discards an unsent add.
   */
  const onKeyDown = (event: React.KeyboardEvent<HTMLTableSectionElement>) => {
    const rowElement = event.target as HTMLElement;
    if (rowElement.dataset.rowKey === undefined || !plainKey(event)) return;
    const index = Number(rowElement.dataset.index);
    const step = stepOf(event.key);
    if (marks.onKey(event, index, step)) return event.preventDefault();
    if (step !== undefined) {
      event.preventDefault();
      return moveTo(index + step);
    }
    const row = rowAt(list, index);
    // The animal the focused row shows, and no other.
    if (row === undefined || rowKey(row) !== rowElement.dataset.rowKey) return;
    // A letter with Shift is no row's key (Shift+S aside): a scanned label code's capitals act on no row.
    const key = event.key.length === 1 && !event.shiftKey ? event.key.toLowerCase() : event.key;
    const edit = key === 'e' || key === 'Enter' || key === 'F2';
    if (row.kind === 'entry') {
      // A refused animal is corrected in the dialog that sends it again.
      if (edit && row.entry.state === 'refused') actions.fix(row.entry);
      else if (edit) actions.edit({ kind: 'entry', entry: row.entry });
      else if (key === 'Delete') actions.discardEntry(row.entry);
      else return;
      return event.preventDefault();
    }
    if (key === 'h') {
      event.preventDefault();
      return actions.history(shownPet(row.pet));
    }
    if (rowCommandForKey(event, isMac) === 'sell') {
      event.preventDefault();
      if (!changesOffered) return unsupported();
      const shown = shownPet(row.pet);
      return shown.status === 'sold' ? toast(`${shown.name} is already sold.`) : actions.sell(shown);
    }
    const status = STATUS_KEYS[key];
    if (status === undefined && !edit) return;
    event.preventDefault();
    if (!changesOffered) return unsupported();
    if (status !== undefined) {
      performance.mark('petstore:status-key');
      actions.status(row.pet, status);
    } else actions.edit({ kind: 'pet', pet: shownPet(row.pet) });
  };

  return (
    <>
      <div
        className="list-scroll"
        ref={scroller}
        tabIndex={-1}
        data-testid="animals-scroll"
        data-focus-home
        onKeyDown={onListKeyDown}
      >
        <table
          style={{ '--id-chars': idChars, '--category-chars': categoryChars } as React.CSSProperties}
          data-sync-cell={syncCell}
          data-columns={columns.map((column) => column.id).join(' ')}
          className="animals"
          aria-label={`Animals in ${ENVIRONMENT_LABELS[environment]}`}
          aria-rowcount={list.total + 1}
          aria-describedby="list-keys"
        >
          <thead>
            <tr>
              <th scope="col" className="num">
                Id
              </th>
              <th scope="col">Name</th>
              <th scope="col">Category</th>
              <th scope="col">Status</th>
              {columns.map((column) => (
                <th key={column.id} scope="col" className={`detail detail-${column.id}`}>
                  {column.label}
                </th>
              ))}
              <th scope="col">Sync</th>
            </tr>
          </thead>
          <tbody onKeyDown={onKeyDown} onMouseDown={marks.onMouseDown} onClick={marks.onClick}>
            {top > 0 && <tr aria-hidden="true" className="spacer" style={{ height: top }} />}
            {items.map((item) => {
              const row = rowAt(list, item.index);
              if (row === undefined)
                return (
                  <tr key={item.key} className="loading-row" aria-busy="true">
                    <td colSpan={5 + columns.length}>…</td>
                  </tr>
                );
              const key = rowKey(row);
              const selectable = {
                found: key === found,
                marked: row.kind === 'pet' && marks.marked.has(row.pet.id),
                rowKey: key,
                selected: key === selection.selected,
                tabStop: item.index === tabStop,
                onFocus: () => selection.onRowFocus(row, item.index),
              };
              return row.kind === 'entry' ? (
                <EntryRow
                  key={slots.get(key)}
                  index={item.index}
                  measure={virtualizer.measureElement}
                  entry={row.entry}
                  onFix={() => actions.fix(row.entry)}
                  onDiscard={() => actions.discardEntry(row.entry)}
                  onResend={() => actions.resend(row.entry, row.entry.name)}
                  columns={columns}
                  {...selectable}
                />
              ) : (
                <PetRow
                  key={slots.get(key)}
                  pet={row.pet}
                  {...(row.change ? { change: row.change } : {})}
                  detailsHere={row.detailsHere === true}
                  {...(saving.has(row.pet.id) ? { saving: saving.get(row.pet.id)! } : {})}
                  index={item.index}
                  measure={virtualizer.measureElement}
                  actions={petActions(row.pet, row.change)}
                  environment={environment}
                  columns={columns}
                  context={context}
                  {...selectable}
                />
              );
            })}
            {bottom > 0 && <tr aria-hidden="true" className="spacer" style={{ height: bottom }} />}
          </tbody>
        </table>
      </div>
      <p id="list-keys" className="list-keys">
        On a row: <kbd>↑</kbd> <kbd>↓</kbd> move;{' '}
        {changesOffered ? (
          <>
            <kbd>A</kbd> available, <kbd>P</kbd> pending, <kbd>S</kbd> sold,{' '}
            <kbd>{shortcutLabel(ROW_COMMANDS.sell.key, isMac)}</kbd> sell…, <kbd>E</kbd> correct,{' '}
          </>
        ) : (
          'this server takes no changes; '
        )}
        <kbd>H</kbd> history; <kbd>Space</kbd> mark for paper.
      </p>
      {dialogs}
    </>
  );
});
