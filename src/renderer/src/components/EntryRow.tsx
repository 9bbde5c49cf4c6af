import type { OutboxEntry } from '../../../shared/contract';
import { Category } from './Category';
import { Name } from './Name';
import type { Measured, Selectable } from './row-props';

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

/** An animal added here and not yet on the server: first in the list, marked with how it stands. */
export function EntryRow({
  entry,
  onFix,
  onDiscard,
  onSend,
  index,
  measure,
  selected,
  onFocus,
}: Measured & Selectable & { entry: OutboxEntry; onFix(): void; onDiscard(): void; onSend(): void }) {
  return (
    <tr
      className={`unsynced state-${entry.state}${selected ? ' selected' : ''}`}
      data-entry-state={entry.state}
      data-index={index}
      ref={measure}
      tabIndex={selected ? 0 : -1}
      aria-selected={selected}
      onFocus={onFocus}
    >
      <td className="num">
        <span className="visually-hidden">not yet numbered</span>
        <span aria-hidden="true">new</span>
      </td>
      <td>
        <Name>{entry.name}</Name>
      </td>
      <td>
        <Category id={entry.categoryId} />
      </td>
      <td>
        <span className="status-text">{entry.status ?? '—'}</span>
      </td>
      <td className="sync-cell">
        <EntryState entry={entry} onFix={onFix} onDiscard={onDiscard} onSend={onSend} />
      </td>
    </tr>
  );
}
