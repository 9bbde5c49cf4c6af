import { memo, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { OutboxEntry, Pet, RemoteEnvironment } from '../../../shared/contract';
import { call, messageOf } from '../api';
import { ENVIRONMENT_LABELS } from '../format';
import { useApp } from '../store';
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

/**
 * The animals of the active environment; those not yet on the server first, marked. Memoized: a
 * click on a filter re-renders the list around it, and the 100 rows need not be compared again
 * until main's answer brings new ones.
 */
export const AnimalsTable = memo(function AnimalsTable({ pets, unsynced }: { pets: Pet[]; unsynced: OutboxEntry[] }) {
  const environment = useApp((state) => state.environment)!;
  const [fixing, setFixing] = useState<OutboxEntry | null>(null);
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);
  // A discarded row (and its Discard button) is about to go: the focus then goes to the list, not back to it.
  const discarded = useRef(false);
  const remote = environment === 'local' ? null : environment;
  useEffect(markFirstListPainted, []);

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
      <table
        className="animals"
        aria-label={`Animals in ${ENVIRONMENT_LABELS[environment]}`}
        aria-rowcount={pets.length + unsynced.length + 1}
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
          {unsynced.map((entry) => (
            <tr
              key={`entry-${entry.entryId}`}
              className={`unsynced state-${entry.state}`}
              data-entry-state={entry.state}
            >
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
                <EntryState
                  entry={entry}
                  onFix={() => setFixing(entry)}
                  onDiscard={() => setDiscarding(entry)}
                  onSend={() => remote && void sendHeld(remote, entry)}
                />
              </td>
            </tr>
          ))}
          {/* Keyed by position: the rows hold no state, so a new page rewrites the cells' text in
              place instead of replacing a hundred rows of DOM (measured: the filter benchmark). */}
          {pets.map((pet, position) => (
            <tr key={position}>
              <td className="num">{pet.id}</td>
              <td>
                <Name>{pet.name}</Name>
              </td>
              <td className="num">{pet.categoryId}</td>
              <td>{pet.status ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
});
