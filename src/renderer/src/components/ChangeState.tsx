import { describePatch, type ChangeEntry } from '../../../shared/contract';
import { Name } from './Name';

const WAITING = new Set(['pending', 'sending', 'unknown']);

/** How a change made here stands, on its animal's row: waiting, held, in conflict, or not made. */
export function ChangeState({
  change,
  onResolve,
  onSend,
  onDiscard,
}: {
  change: ChangeEntry;
  onResolve(): void;
  onSend(): void;
  onDiscard(): void;
}) {
  const what = describePatch(change.patch);
  if (WAITING.has(change.state)) {
    return (
      <span className="badge waiting" title={`Waiting to sync: ${what}`}>
        Change waiting
      </span>
    );
  }
  if (change.state === 'conflict') {
    return (
      <span className="entry-problem">
        <span className="badge conflict">Conflict</span>{' '}
        <span className="reason">Changed on the server by someone else first.</span>
        <span className="row-actions">
          <button type="button" onClick={onResolve}>
            Choose…
          </button>
        </span>
      </span>
    );
  }
  const held = change.state === 'needs_confirmation';
  return (
    <span className="entry-problem">
      <span className="badge rejected">{held ? 'Held' : 'Not changed'}</span>{' '}
      <span className="reason">
        <Name>
          {held ? `The server's address changed since this change (${what}) was made.` : (change.lastError ?? '')}
        </Name>
      </span>
      <span className="row-actions">
        {(held || change.state === 'rejected') && (
          <button type="button" onClick={onSend}>
            {held ? 'Send anyway' : 'Send again'}
          </button>
        )}
        <button type="button" onClick={onDiscard}>
          Discard change
        </button>
      </span>
    </span>
  );
}
