import { describePatch, type ChangeEntry } from '../../../shared/contract';
import { refusalInWords } from '../refusal-words';
import { heldInWords } from './held';
import type { RowProblem } from './RowProblem';

const WAITING = new Set(['pending', 'sending', 'unknown']);

export interface ChangeActions {
  onResolve(): void;
  onResend(): void;
  onDiscard(): void;
}

/** A change on its way: its badge says what it will do on hover. */
export function ChangeWaiting({ change }: { change: ChangeEntry }) {
  return WAITING.has(change.state) ? (
    <span className="badge waiting" title={`Waiting to sync: ${describePatch(change.patch)}`}>
      Change waiting
    </span>
  ) : null;
}

/**
 * How a change made here that needs a person stands on its animal's row: held, in conflict, or
 * refused. `addressNow` is the server's address as main last told it.
 */
export function changeProblem(
  change: ChangeEntry,
  addressNow: string | null | undefined,
  { onResolve, onResend, onDiscard }: ChangeActions,
): RowProblem | null {
  if (WAITING.has(change.state)) return null;
  if (change.state === 'conflict') {
    const reason = 'Changed on the server by someone else first.';
    return {
      badge: 'Conflict',
      tone: 'conflict',
      reason: { short: reason, full: reason },
      actions: [{ text: 'Choose…', onClick: onResolve }],
    };
  }
  const discard = { text: 'Discard change', onClick: onDiscard };
  const resend = { text: 'Resend', onClick: onResend };
  if (change.state === 'held') {
    const held = heldInWords(
      change,
      addressNow,
      `The server's address changed since this change (${describePatch(change.patch)}) was made.`,
    );
    return {
      badge: 'Held',
      tone: 'danger',
      reason: held.reason,
      actions: [resend, discard],
    };
  }
  return {
    badge: 'Refused',
    tone: 'danger',
    reason: refusalInWords(change.lastError, change.lastErrorFields),
    actions: change.state === 'refused' ? [resend, discard] : [discard],
  };
}
