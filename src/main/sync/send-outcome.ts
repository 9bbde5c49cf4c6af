import { ApiError, type FieldProblem, type Pet } from '../../shared/contract';
import { toAppError } from '../app-error';
import { RemoteError } from '../remote/remote-error';
import { contactOf, type Contact } from './server-status';

/** Why a pass stopped before the outbox was empty, if it did. */
export type PassStop = null | 'offline' | 'key_rejected' | 'not_configured' | 'elsewhere' | 'stopped';

/** What a send needs to know of an entry, of any kind. */
export interface SentEntry {
  attempts: number;
  previouslyUnknown: boolean;
}

/**
 * What one send means for its entry, whatever its kind (a kind may have outcomes of its own: see
 * queue-drain.ts). Accepted with the server's answer (`A`: the animal, for adds and changes).
 */
export type Outcome<E extends SentEntry, A = Pet> =
  | { kind: 'accepted'; entry: E; pet: A }
  | { kind: 'refused'; entry: E; reason: string; fields?: FieldProblem[] }
  | { kind: 'held'; entry: E; to: string | null }
  | {
      kind: 'retry';
      entry: E;
      state: 'pending' | 'unknown';
      delayMs: number;
      error: string;
      stop?: PassStop;
      /** What the failure says about the server: repeated when it ends the pass. */
      contact?: Contact | null;
    };

/** The retry delay of an entry after its attempts, at least a server's Retry-After. */
export type RetryDelay = (attempts: number, retryAfterMs?: number) => number;

/** What a failed send says about the server (null: nothing, as for a refusal of one animal, which still proves it answered). */
export function failureContact(error: unknown): Contact | null {
  // Not the server's answer (a key that could not be read, a fault of ours) still says why nothing was sent.
  if (error instanceof RemoteError) return contactOf(error);
  return error instanceof ApiError ? null : { kind: 'failed', error: toAppError(error) };
}

/** What a failed send means for its entry: refused for good, or sent again later (and whether it may have arrived). */
export function failedOutcome<E extends SentEntry>(entry: E, error: unknown, delay: RetryDelay): Outcome<E, never> {
  const wasUnknown = entry.previouslyUnknown;
  const retry = (state: 'pending' | 'unknown', delayMs: number, stop?: PassStop): Outcome<E, never> => ({
    kind: 'retry',
    entry,
    state,
    delayMs,
    error: error instanceof Error ? toAppError(error).message : String(error),
    contact: failureContact(error),
    ...(stop ? { stop } : {}),
  });
  if (error instanceof ApiError) return { kind: 'refused', entry, reason: error.message, fields: error.fields };
  // The key could not be read (a locked keychain), or a fault of ours. The pass stops and the
  // entry waits, never left claimed; whether it went out is not known.
  if (!(error instanceof RemoteError)) return retry('unknown', delay(entry.attempts), 'not_configured');
  const { status = 0, retryAfterMs, serverMessage, fields, mayHaveArrived } = error.details;
  const notSent = wasUnknown ? 'unknown' : 'pending';
  switch (error.kind) {
    case 'no_key':
    case 'no_address':
    case 'key_unconfirmed':
    case 'keychain_unavailable':
    case 'changes_unsupported':
      return retry(notSent, 0, 'not_configured');

    case 'cancelled':
      // Called off by a stop (a quit): it may have gone out; it waits for the next start.
      return retry(wasUnknown || mayHaveArrived !== false ? 'unknown' : 'pending', 0, 'stopped');
    case 'unreachable':
    case 'timeout':
      return retry(wasUnknown || mayHaveArrived !== false ? 'unknown' : 'pending', delay(entry.attempts), 'offline');
    case 'untrusted_certificate':
      return retry(notSent, delay(entry.attempts), 'not_configured'); // nothing was sent; a person must fix the trust
    case 'not_the_contract':
      // A 2xx with a body we cannot read may have created the animal; anything else did not reach a pet store.
      return retry(wasUnknown || (status >= 200 && status < 300) ? 'unknown' : 'pending', delay(entry.attempts));
    case 'service_error':
      if (status === 401) return retry(notSent, 0, 'key_rejected');
      if (status === 429 || status === 503) return retry(notSent, delay(entry.attempts, retryAfterMs));
      if (status >= 500 || status === 408) return retry('unknown', delay(entry.attempts, retryAfterMs));
      return { kind: 'refused', entry, reason: serverMessage ?? error.message, ...(fields ? { fields } : {}) };
  }
}

/** An entry claimed but never sent, because the pass was stopped first: back to waiting as it was. */
export const notSentOutcome = <E extends SentEntry>(entry: E): Outcome<E, never> => ({
  kind: 'retry',
  entry,
  state: entry.previouslyUnknown ? 'unknown' : 'pending',
  delayMs: 0,
  error: 'Not sent: sync stopped first.',
  stop: 'stopped',
});
