import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { AnimalRow, ChangeEntry, Pet } from '../../../shared/contract';
import { ENVIRONMENT_LABELS } from '../format';
import { BLOCK_ROWS, isRemote, useApp, type AnimalList } from '../store';
import { EntryRow } from './EntryRow';
import { PetRow, STATUS_KEYS, type PetActions } from './PetRow';
import { useRowDialogs } from './RowDialogs';

let firstListPainted = false;
/** A performance mark once the first list is on screen (after the frame that shows it): the benchmark reads it. */
function markFirstListPainted() {
  if (firstListPainted) return;
  firstListPainted = true;
  requestAnimationFrame(() => setTimeout(() => performance.mark('petstore:first-list-painted'), 0));
}

/** Height of a row in pixels, as the stylesheet draws it (`.animals tbody tr`): the virtual list's measure. */
export const ROW_HEIGHT = 45;

/**
 * Every animal of the active environment in one scrolling list; those not yet on the server
 * first, marked. Virtualized (TanStack Virtual): only the rows in view, and a few around them, are
 * in the page, whatever the size of the list; their blocks are asked of main as they scroll in.
 */
export function AnimalsTable({ list }: { list: AnimalList }) {
  const environment = useApp((state) => state.environment)!;
  const needRows = useApp((state) => state.needRows);
  const saving = useApp((state) => state.saving);
  const changesOffered = useApp((state) =>
    isRemote(state.environment) ? state.servers[state.environment]?.changes !== 'unsupported' : true,
  );
  const { actions, dialogs } = useRowDialogs();
  const [selected, setSelected] = useState(0);
  // Set when a key moved the selection or changed a row: the focus follows the selected row across re-renders.
  const followFocus = useRef(false);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: list.total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  useEffect(() => needRows(first, last + 1), [first, last, list.blocks, needRows]);
  useEffect(markFirstListPainted, []);
  const current = Math.min(selected, Math.max(0, list.total - 1));
  // A row that left (sold under "Available") takes the focus with it: it goes to the row now in its place.
  useEffect(() => {
    if (!followFocus.current) return;
    const element = scroller.current?.querySelector<HTMLElement>(`tr[data-index="${current}"]`);
    if (element && document.activeElement !== element && !document.querySelector('dialog[open]')) element.focus();
  });

  const rowAt = (index: number): AnimalRow | undefined =>
    list.blocks.get(Math.floor(index / BLOCK_ROWS))?.[index % BLOCK_ROWS];
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  const unsupported = () =>
    toast.error(`${ENVIRONMENT_LABELS[environment]} does not take changes to animals: nothing was changed.`);
  const petActions = (pet: Pet, change: ChangeEntry | undefined): PetActions => ({
    onStatus: changesOffered ? (status) => actions.status(pet, status) : null,
    onEdit: changesOffered ? () => actions.edit({ kind: 'pet', pet }) : null,
    onResolve: () => change && actions.resolve(change),
    onSendChange: () => change && actions.send(change, pet.name),
    onDiscardChange: () => change && actions.discardChange(change, pet.name),
  });

  const moveTo = (index: number) => {
    const to = Math.max(0, Math.min(list.total - 1, index));
    followFocus.current = true;
    setSelected(to);
    virtualizer.scrollToIndex(to);
  };

  /** The list's keys, on the selected row: arrows move; A, P, S set a status; E, Enter or F2 correct; Delete discards an unsent add. */
  const onKeyDown = (event: React.KeyboardEvent<HTMLTableSectionElement>) => {
    const rowElement = (event.target as HTMLElement).closest<HTMLElement>('tr[data-index]');
    if (rowElement !== event.target || event.ctrlKey || event.metaKey || event.altKey) return;
    const index = Number(rowElement.dataset.index);
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 0) / ROW_HEIGHT) - 1);
    const move = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page, Home: -list.total, End: list.total }[
      event.key
    ];
    if (move !== undefined) {
      event.preventDefault();
      return moveTo(index + move);
    }
    const row = rowAt(index);
    if (row === undefined) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const edit = key === 'e' || key === 'Enter' || key === 'F2';
    if (row.kind === 'entry') {
      // A refused animal is corrected in the dialog that sends it again.
      if (edit && row.entry.state === 'rejected') actions.fix(row.entry);
      else if (edit) actions.edit({ kind: 'entry', entry: row.entry });
      else if (key === 'Delete') actions.discardEntry(row.entry);
      else return;
      return event.preventDefault();
    }
    const status = STATUS_KEYS[key];
    if (status === undefined && !edit) return;
    event.preventDefault();
    if (!changesOffered) return unsupported();
    followFocus.current = true;
    if (status !== undefined) {
      performance.mark('petstore:status-key');
      actions.status(row.pet, status);
    } else actions.edit({ kind: 'pet', pet: row.pet });
  };

  // The id column as wide as the longest id loaded: a 19-digit id on one line, a short one leaving room for names.
  const { idChars, categoryChars } = useMemo(() => {
    let idChars = 3;
    let categoryChars = 3;
    for (const rows of list.blocks.values())
      for (const row of rows) {
        if (row.kind === 'pet') idChars = Math.max(idChars, row.pet.id.length);
        categoryChars = Math.max(categoryChars, (row.kind === 'pet' ? row.pet : row.entry).categoryId.length);
      }
    return { idChars, categoryChars };
  }, [list.blocks]);

  return (
    <>
      <div className="list-scroll" ref={scroller} tabIndex={-1} data-testid="animals-scroll">
        <table
          style={{ '--id-chars': idChars, '--category-chars': categoryChars } as React.CSSProperties}
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
              <th scope="col">Sync</th>
            </tr>
          </thead>
          <tbody onKeyDown={onKeyDown}>
            {top > 0 && <tr aria-hidden="true" className="spacer" style={{ height: top }} />}
            {items.map((item) => {
              const row = rowAt(item.index);
              if (row === undefined)
                return (
                  <tr key={item.key} className="loading-row" aria-busy="true">
                    <td colSpan={5}>…</td>
                  </tr>
                );
              const selection = {
                selected: item.index === current,
                onFocus: () => setSelected(item.index),
              };
              return row.kind === 'entry' ? (
                <EntryRow
                  key={item.key}
                  index={item.index}
                  measure={virtualizer.measureElement}
                  entry={row.entry}
                  onFix={() => actions.fix(row.entry)}
                  onDiscard={() => actions.discardEntry(row.entry)}
                  onSend={() => actions.send(row.entry, row.entry.name)}
                  {...selection}
                />
              ) : (
                <PetRow
                  key={item.key}
                  pet={row.pet}
                  {...(row.change ? { change: row.change } : {})}
                  {...(saving.has(row.pet.id) ? { saving: saving.get(row.pet.id)! } : {})}
                  index={item.index}
                  measure={virtualizer.measureElement}
                  actions={petActions(row.pet, row.change)}
                  {...selection}
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
            <kbd>A</kbd> available, <kbd>P</kbd> pending, <kbd>S</kbd> sold, <kbd>E</kbd> correct
          </>
        ) : (
          'this server takes no changes'
        )}
        .
      </p>
      {dialogs}
    </>
  );
}
