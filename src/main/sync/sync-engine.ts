import { EventEmitter } from 'node:events';
import { ApiError, type FieldProblem, type Pet, type RemoteEnvironment } from '../../shared/contract';
import { toAppError } from '../app-error';
import type { RemoteClient } from '../remote/remote-client';
import { RemoteError } from '../remote/remote-error';
import type { ClaimedEntry, Outbox } from './outbox';
import { contactOf, type Contact } from './server-status';

/** Retry delays: full jitter over an exponential ceiling (1 s, 2 s, 4 s ... capped at 5 min); Retry-After wins if longer. */
export const BACKOFF = { baseMs: 1_000, capMs: 5 * 60_000 };
/** Entries claimed per transaction, and sent at once. */
export const SYNC_BATCH = 64;
export const SYNC_CONCURRENCY = 8;
/** How often the engine looks whether a waiting entry's retry time has come. */
export const SYNC_TICK_MS = 1_000;

export interface SyncPassResult {
  accepted: number;
  rejected: number;
  retryLater: number;
  /** Why the pass stopped before the outbox was empty, if it did. */
  stoppedBecause: null | 'offline' | 'key_rejected' | 'not_configured';
}

type Outcome =
  | { kind: 'accepted'; entry: ClaimedEntry; pet: Pet }
  | { kind: 'rejected'; entry: ClaimedEntry; reason: string; fields?: FieldProblem[] }
  | { kind: 'moved'; entry: ClaimedEntry; to: string | null }
  | {
      kind: 'retry';
      entry: ClaimedEntry;
      state: 'pending' | 'unknown';
      delayMs: number;
      error: string;
      stop?: SyncPassResult['stoppedBecause'];
      /** What the failure says about the server: repeated when it ends the pass. */
      contact?: Contact | null;
    };

export interface SyncEngineOptions {
  environment: RemoteEnvironment;
  outbox: Outbox;
  client: () => RemoteClient;
  currentBaseUrl: () => string | null;
  now?: () => number;
  random?: () => number;
  batch?: number;
  concurrency?: number;
  backoff?: typeof BACKOFF;
}

/**
 * Sends one environment's outbox. It keeps no account of the server: it reports each contact
 * (`contact`) and each pass (`pass`: running or not) to the server status, which is the one place
 * that decides what is known (see server-status.ts). Events: contact, pass, progress, data-changed.
 */
export function createSyncEngine(options: SyncEngineOptions) {
  const { environment, outbox, now = Date.now, random = Math.random } = options;
  const batch = options.batch ?? SYNC_BATCH;
  const concurrency = options.concurrency ?? SYNC_CONCURRENCY;
  const events = new EventEmitter();
  // Whether the last contact reached the server: regaining it sends what waited.
  let reachable: boolean | null = null;
  let keyRejected = false;
  let running: Promise<SyncPassResult> | null = null;
  let queued: Promise<SyncPassResult> | null = null;
  let forceQueued = false;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const { baseMs, capMs } = options.backoff ?? BACKOFF;
  const delay = (attempts: number, retryAfterMs = 0) =>
    Math.max(Math.round(random() * Math.min(capMs, baseMs * 2 ** Math.max(0, attempts - 1))), retryAfterMs);

  function noteReachable(value: boolean) {
    const regained = value && reachable === false;
    reachable = value;
    if (regained) syncInBackground(); // connectivity is back: send what waited
  }

  function report(contact: Contact | null): void {
    if (contact === null) return;
    events.emit('contact', contact);
    if (contact.kind === 'answered') noteReachable(true);
    else if (contact.error.code === 'unreachable' || contact.error.code === 'timeout') noteReachable(false);
  }

  async function send(entry: ClaimedEntry): Promise<Outcome> {
    // The client that sends is the one compared: an address changed mid-pass can never redirect an entry.
    const client = options.client();
    if (client.baseUrl !== entry.baseUrl) return { kind: 'moved', entry, to: client.baseUrl };
    try {
      const pet = await client.createPet(entry.newPet, { idempotencyKey: entry.idempotencyKey });
      report(contactOf(null));
      return { kind: 'accepted', entry, pet };
    } catch (error) {
      // Not the server's answer (a key that could not be read, a fault of ours) still says why nothing was sent.
      const contact: Contact | null =
        error instanceof RemoteError
          ? contactOf(error)
          : error instanceof ApiError
            ? null
            : { kind: 'failed', error: toAppError(error) };
      report(contact);
      const outcome = failed(entry, error);
      return outcome.kind === 'retry' ? { ...outcome, contact } : outcome;
    }
  }

  /** What a failed send means for its entry. */
  function failed(entry: ClaimedEntry, error: unknown): Outcome {
    const wasUnknown = entry.previouslyUnknown;
    const retry = (
      state: 'pending' | 'unknown',
      delayMs: number,
      stop?: SyncPassResult['stoppedBecause'],
    ): Outcome => ({
      kind: 'retry',
      entry,
      state,
      delayMs,
      error: error instanceof Error ? toAppError(error).message : String(error),
      ...(stop ? { stop } : {}),
    });
    if (error instanceof ApiError) return { kind: 'rejected', entry, reason: error.message, fields: error.fields };
    // The key could not be read (a locked keychain), or a fault of ours. The pass stops and the
    // entry waits, never left claimed; whether it went out is not known.
    if (!(error instanceof RemoteError)) return retry('unknown', delay(entry.attempts), 'not_configured');
    const { status = 0, retryAfterMs, serverMessage, fields, mayHaveArrived } = error.details;
    const notSent = wasUnknown ? 'unknown' : 'pending';
    switch (error.kind) {
      case 'no_key':
      case 'no_address':
        return retry(notSent, 0, 'not_configured');
      case 'unreachable':
      case 'timeout':
      case 'cancelled':
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
        return { kind: 'rejected', entry, reason: serverMessage ?? error.message, ...(fields ? { fields } : {}) };
    }
  }

  async function sendAll(entries: ClaimedEntry[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = new Array(entries.length);
    let next = 0;
    const worker = async () => {
      while (next < entries.length) {
        const index = next++;
        outcomes[index] = await send(entries[index]!);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, entries.length) }, worker));
    return outcomes;
  }

  async function pass(): Promise<SyncPassResult> {
    const result: SyncPassResult = { accepted: 0, rejected: 0, retryLater: 0, stoppedBecause: null };
    if (keyRejected) return { ...result, stoppedBecause: 'key_rejected' };
    if (options.currentBaseUrl() === null) return { ...result, stoppedBecause: 'not_configured' };
    // Requests run side by side, so the last to finish need not be the one that decided: the pass
    // ends by reporting the contact that stopped it, and the status agrees with what the engine does.
    let stoppedBy: Contact | null = null;
    while (result.stoppedBecause === null) {
      const claimed = outbox.claimDue(batch);
      if (claimed.length === 0) break;
      const outcomes = await sendAll(claimed);
      const accepted = outcomes.filter((o): o is Extract<Outcome, { kind: 'accepted' }> => o.kind === 'accepted');
      if (accepted.length > 0) outbox.accept(accepted.map(({ entry, pet }) => ({ entryId: entry.entryId, pet })));
      result.accepted += accepted.length;
      for (const outcome of outcomes) {
        if (outcome.kind === 'rejected') {
          outbox.reject(outcome.entry.entryId, outcome.reason, outcome.fields);
          result.rejected++;
        } else if (outcome.kind === 'moved') {
          outbox.needsConfirmation(
            outcome.entry.entryId,
            `The ${environment} address changed from ${outcome.entry.baseUrl} to ${outcome.to ?? 'none'} after this animal was added: confirm to send it to the new address, or discard it.`,
          );
        } else if (outcome.kind === 'retry') {
          outbox.retryLater(outcome.entry.entryId, outcome.state, outcome.delayMs, outcome.error);
          result.retryLater++;
          if (outcome.stop && result.stoppedBecause === null) {
            result.stoppedBecause = outcome.stop;
            stoppedBy = outcome.contact ?? null;
          }
        }
      }
      if (result.stoppedBecause === 'key_rejected') keyRejected = true;
      if (outcomes.some((o) => o.kind !== 'retry')) events.emit('data-changed', environment);
      events.emit('progress', { ...result });
    }
    report(stoppedBy);
    return result;
  }

  function startPass(): Promise<SyncPassResult> {
    events.emit('pass', true);
    // A pass that fails (the replica file, not the network: those are outcomes) says so in the status.
    const attempt = pass().catch((error: unknown) => {
      const message = `Sync stopped: ${error instanceof Error ? error.message : String(error)}`;
      events.emit('contact', { kind: 'failed', error: { code: 'internal', message } } satisfies Contact);
      throw error;
    });
    running = attempt.finally(() => {
      running = null;
      events.emit('pass', false);
    });
    return running;
  }

  /**
   * A pass now; `force` (a person's "sync now") also skips the backoff of waiting entries. Called
   * while a pass runs, it resolves with one pass that starts after the call (all such calls share it),
   * so what the caller just changed is always seen.
   */
  function syncNow({ force = false } = {}): Promise<SyncPassResult> {
    if (stopped) return Promise.reject(new Error(`The ${environment} sync has stopped.`));
    if (force) outbox.makeAllDue();
    if (running === null) return startPass();
    // What the running pass puts back to wait is due again for the pass a person asked for.
    forceQueued ||= force;
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        if (forceQueued) outbox.makeAllDue();
        forceQueued = false;
        return running ?? startPass();
      });
    return queued;
  }

  /** A pass nobody waits for (a timer, regained connectivity); a failure is in the status (see startPass). */
  function syncInBackground(): void {
    syncNow().catch(() => undefined);
  }

  return {
    environment,
    events,
    syncNow,
    /** The server answered (true) or could not be reached (false) outside of sync, e.g. on a refresh. */
    noteReachable,
    /** A new key was set: resume a sync paused by a 401. */
    keyChanged() {
      keyRejected = false;
      syncInBackground();
    },
    /** Start-up: a pass now, then one whenever a waiting entry's retry time comes. */
    start() {
      syncInBackground();
      timer ??= setInterval(() => {
        const nextDue = outbox.nextDueAt();
        if (nextDue !== null && nextDue <= now()) syncInBackground();
      }, SYNC_TICK_MS).unref();
    },
    /** Stops the timer, waits for the pass under way and for one already asked for: nothing is left claimed. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await queued?.catch(() => undefined);
      await running?.catch(() => undefined);
    },
  };
}

export type SyncEngine = Pick<
  ReturnType<typeof createSyncEngine>,
  'environment' | 'events' | 'syncNow' | 'noteReachable' | 'keyChanged' | 'start' | 'stop'
>;
