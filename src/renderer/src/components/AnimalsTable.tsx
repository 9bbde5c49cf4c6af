import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { AnimalRow, OutboxEntry, Pet, RemoteEnvironment } from '../../../shared/contract';
import { call, messageOf } from '../api';
import { ENVIRONMENT_LABELS } from '../format';
import { BLOCK_ROWS, useApp, type AnimalList } from '../store';
import { ConfirmDialog } from './ConfirmDialog';
import { FixEntryDialog } from './FixEntryDialog';
import { Name } from './Name';
import { FALLBACK_FOCUS_ID } from './use-modal';

const WAITING = new Set(['pending', 'sending', 'unknown']);

/** An entry that needs a person: what is wrong, the way to send it again, and Discard. */
function EntryProblem(props: {
  badge: string;
  reason: string;
  action: string;
  actionLabel: string;
  onAction(): void;
  entry: OutboxEntry;
  onDiscard(): void;
}) {
  return (
    <div className="entry-problem">
      <span className="badge rejected">{props.badge}</span>{' '}
      <span className="reason">
        <Name>{props.reason}</Name>
      </span>
      <span className="row-actions">
        <button type="button" onClick={props.onAction} aria-label={props.actionLabel}>
          {props.action}
        </button>
        <button type="button" onClick={props.onDiscard} aria-label={`Discard ${props.entry.name}`}>
          Discard
        </button>
      </span>
    </div>
  );
}

function EntryState({
  entry,
  onFix,
  onDiscard,
  onSend,
}: {
  entry: OutboxEntry;
  onFix(): void;
  onDiscard(): void;
  onSend(): void;
}) {
  if (WAITING.has(entry.state)) return <span className="badge waiting">Waiting to sync</span>;
  if (entry.state === 'rejected') {
    return (
      <EntryProblem
        entry={entry}
        badge="Rejected"
        reason={entry.lastError ?? ''}
        action="Fix / Resend"
        actionLabel={`Fix and resend ${entry.name}`}
        onAction={onFix}
        onDiscard={onDiscard}
      />
    );
  }
  if (entry.state === 'needs_confirmation') {
    return (
      <EntryProblem
        entry={entry}
        badge="Held"
        reason={`The server's address changed since this was added (${entry.baseUrl}).`}
        action="Send anyway"
        actionLabel={`Send ${entry.name} to the new address`}
        onAction={onSend}
        onDiscard={onDiscard}
      />
    );
  }
  return <span className="badge">{entry.state}</span>;
}

let firstListPainted = false;
/** A performance mark once the first list is on screen (after the frame that shows it): the benchmark reads it. */
function markFirstListPainted() {
  if (firstListPainted) return;
  firstListPainted = true;
  requestAnimationFrame(() => setTimeout(() => performance.mark('petstore:first-list-painted'), 0));
}

/** Sends a held entry to the server's current address (confirmed by the person's click), and says where. */
async function sendHeld(environment: RemoteEnvironment, entry: OutboxEntry): Promise<void> {
  try {
    const sent = await call('resendEntry', { environment, entryId: entry.entryId });
    toast(
      <span>
        <Name>{entry.name}</Name> is being sent to {ENVIRONMENT_LABELS[environment]} at {sent.baseUrl}.
      </span>,
    );
  } catch (error) {
    toast.error(messageOf(error));
  }
}

/** Height of a row in pixels, as the stylesheet draws it (`.animals tbody tr`): the virtual list's measure. */
export const ROW_HEIGHT = 45;

/** Where the virtual list measures a row (its height may grow with a long name or a refusal's reason). */
interface Measured {
  index: number;
  measure: (element: HTMLTableRowElement | null) => void;
}

function EntryRow({
  entry,
  onFix,
  onDiscard,
  onSend,
  index,
  measure,
}: Measured & { entry: OutboxEntry; onFix(): void; onDiscard(): void; onSend(): void }) {
  return (
    <tr className={`unsynced state-${entry.state}`} data-entry-state={entry.state} data-index={index} ref={measure}>
      <td className="num">
        <span className="visually-hidden">not yet numbered</span>
        <span aria-hidden="true">new</span>
      </td>
      <td>
        <Name>{entry.name}</Name>
      </td>
      <td className="num">{entry.categoryId}</td>
      <td>
        <span className="status-text">{entry.status ?? '—'}</span>{' '}
        <EntryState entry={entry} onFix={onFix} onDiscard={onDiscard} onSend={onSend} />
      </td>
    </tr>
  );
}

function PetRow({ pet, index, measure }: Measured & { pet: Pet }) {
  return (
    <tr data-index={index} ref={measure}>
      <td className="num">{pet.id}</td>
      <td>
        <Name>{pet.name}</Name>
      </td>
      <td className="num">{pet.categoryId}</td>
      <td>{pet.status ?? '—'}</td>
    </tr>
  );
}

/**
 * Every animal of the active environment in one scrolling list; those not yet on the server
 * first, marked. Virtualized (TanStack Virtual): only the rows in view, and a few around them, are
 * in the page, whatever the size of the list; their blocks are asked of main as they scroll in.
 */
export function AnimalsTable({ list }: { list: AnimalList }) {
  const environment = useApp((state) => state.environment)!;
  const needRows = useApp((state) => state.needRows);
  const [fixing, setFixing] = useState<OutboxEntry | null>(null);
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);
  // A discarded row (and its Discard button) is about to go: the focus then goes to the list, not back to it.
  const discarded = useRef(false);
  const scroller = useRef<HTMLDivElement>(null);
  const remote = environment === 'local' ? null : environment;
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

  const rowAt = (index: number): AnimalRow | undefined =>
    list.blocks.get(Math.floor(index / BLOCK_ROWS))?.[index % BLOCK_ROWS];
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  const discard = async (entry: OutboxEntry) => {
    setDiscarding(null);
    if (!remote) return;
    try {
      if (await call('discardEntry', { environment: remote, entryId: entry.entryId })) {
        toast(
          <span>
            <Name>{entry.name}</Name> discarded.
          </span>,
        );
      }
    } catch (error) {
      toast.error(messageOf(error));
    }
  };

  return (
    <>
      <div className="list-scroll" ref={scroller} tabIndex={-1} data-testid="animals-scroll">
        <table
          className="animals"
          aria-label={`Animals in ${ENVIRONMENT_LABELS[environment]}`}
          aria-rowcount={list.total + 1}
        >
          <thead>
            <tr>
              <th scope="col" className="num">
                Id
              </th>
              <th scope="col">Name</th>
              <th scope="col" className="num">
                Category
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {top > 0 && <tr aria-hidden="true" className="spacer" style={{ height: top }} />}
            {items.map((item) => {
              const row = rowAt(item.index);
              if (row === undefined)
                return (
                  <tr key={item.key} className="loading-row" aria-busy="true">
                    <td colSpan={4}>…</td>
                  </tr>
                );
              return row.kind === 'entry' ? (
                <EntryRow
                  key={item.key}
                  index={item.index}
                  measure={virtualizer.measureElement}
                  entry={row.entry}
                  onFix={() => setFixing(row.entry)}
                  onDiscard={() => setDiscarding(row.entry)}
                  onSend={() => remote && void sendHeld(remote, row.entry)}
                />
              ) : (
                <PetRow key={item.key} pet={row.pet} index={item.index} measure={virtualizer.measureElement} />
              );
            })}
            {bottom > 0 && <tr aria-hidden="true" className="spacer" style={{ height: bottom }} />}
          </tbody>
        </table>
      </div>
      {fixing && remote && <FixEntryDialog environment={remote} entry={fixing} onClose={() => setFixing(null)} />}
      {discarding && (
        <ConfirmDialog
          title={
            <>
              Discard <Name>{discarding.name}</Name>?
            </>
          }
          confirmLabel="Discard"
          confirmTone="danger"
          onConfirm={() => {
            discarded.current = true;
            void discard(discarding);
          }}
          onCancel={() => {
            discarded.current = false;
            setDiscarding(null);
          }}
          returnFocusTo={() => (discarded.current ? document.getElementById(FALLBACK_FOCUS_ID) : null)}
        >
          {discarding.mayBeOnServer ? (
            <p data-testid="may-be-on-server">
              An earlier send of it got no answer, so the server may have it already: discarding stops it being sent
              again, but cannot take it back.
            </p>
          ) : (
            <p>The server never accepted it, and it will not be sent again.</p>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
