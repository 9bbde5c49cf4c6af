import { EventEmitter } from 'node:events';
import { ApiError, type Pet, type RemoteEnvironment, type SyncStatus } from '../../shared/contract';
import type { RemoteClient } from '../remote/remote-client';
import { RemoteError } from '../remote/remote-error';
import type { ClaimedEntry, Outbox } from './outbox';

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
  | { kind: 'rejected'; entry: ClaimedEntry; reason: string }
  | { kind: 'moved'; entry: ClaimedEntry; to: string | null }
  | {
      kind: 'retry';
      entry: ClaimedEntry;
      state: 'pending' | 'unknown';
      delayMs: number;
      error: string;
      stop?: SyncPassResult['stoppedBecause'];
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

export function createSyncEngine(options: SyncEngineOptions) {
  const { environment, outbox, now = Date.now, random = Math.random } = options;
  const batch = options.batch ?? SYNC_BATCH;
  const concurrency = options.concurrency ?? SYNC_CONCURRENCY;
  const events = new EventEmitter();
  let online: boolean | null = null;
  let lastSuccessfulSync: string | null = null;
  let currentError: string | null = null;
  let keyRejected = false;
  let running: Promise<SyncPassResult> | null = null;
  let queued: Promise<SyncPassResult> | null = null;
  let forceQueued = false;
  let timer: NodeJS.Timeout | null = null;

  const { baseMs, capMs } = options.backoff ?? BACKOFF;
  const delay = (attempts: number, retryAfterMs = 0) =>
    Math.max(Math.round(random() * Math.min(capMs, baseMs * 2 ** Math.max(0, attempts - 1))), retryAfterMs);

  function status(): SyncStatus {
    const { pending, rejected, needsConfirmation } = outbox.counts();
    return { environment, online, pending, rejected, needsConfirmation, lastSuccessfulSync, currentError, keyRejected };
  }

  function setOnline(value: boolean) {
    const regained = value && online === false;
    online = value;
    if (regained) syncInBackground(); // connectivity is back: send what waited
  }

  async function send(entry: ClaimedEntry): Promise<Outcome> {
    const wasUnknown = entry.previouslyUnknown;
    // The client that sends is the one compared: an address changed mid-pass can never redirect an entry.
    const client = options.client();
    if (client.baseUrl !== entry.baseUrl) return { kind: 'moved', entry, to: client.baseUrl };
    try {
      const pet = await client.createPet(entry.newPet, { idempotencyKey: entry.idempotencyKey });
      return { kind: 'accepted', entry, pet };
    } catch (error) {
      if (error instanceof ApiError) return { kind: 'rejected', entry, reason: error.message };
      if (!(error instanceof RemoteError)) {
        // Not the server's answer: the key could not be read (a locked keychain), or a fault of ours.
        // The pass stops and the entry waits, never left claimed; whether it went out is not known.
        const message = error instanceof Error ? error.message : String(error);
        return {
          kind: 'retry',
          entry,
          state: 'unknown',
          delayMs: delay(entry.attempts),
          error: message,
          stop: 'not_configured',
        };
      }
      const { status = 0, retryAfterMs, serverMessage, mayHaveArrived } = error.details;
      switch (error.kind) {
        case 'no_key':
        case 'no_address':
          return {
            kind: 'retry',
            entry,
            state: wasUnknown ? 'unknown' : 'pending',
            delayMs: 0,
            error: error.message,
            stop: 'not_configured',
          };
        case 'unreachable':
        case 'timeout':
        case 'cancelled':
          return {
            kind: 'retry',
            entry,
            state: wasUnknown || mayHaveArrived !== false ? 'unknown' : 'pending',
            delayMs: delay(entry.attempts),
            error: error.message,
            stop: 'offline',
          };
        case 'not_the_contract':
          // A 2xx with a body we cannot read may have created the animal; anything else did not reach a pet store.
          return {
            kind: 'retry',
            entry,
            state: wasUnknown || (status >= 200 && status < 300) ? 'unknown' : 'pending',
            delayMs: delay(entry.attempts),
            error: error.message,
          };
        case 'service_error':
          if (status === 401)
            return {
              kind: 'retry',
              entry,
              state: wasUnknown ? 'unknown' : 'pending',
              delayMs: 0,
              error: error.message,
              stop: 'key_rejected',
            };
          if (status === 429 || status === 503) {
            return {
              kind: 'retry',
              entry,
              state: wasUnknown ? 'unknown' : 'pending',
              delayMs: delay(entry.attempts, retryAfterMs),
              error: error.message,
            };
          }
          if (status >= 500 || status === 408)
            return {
              kind: 'retry',
              entry,
              state: 'unknown',
              delayMs: delay(entry.attempts, retryAfterMs),
              error: error.message,
            };
          return { kind: 'rejected', entry, reason: serverMessage ?? error.message };
      }
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
    const baseUrl = options.currentBaseUrl();
    if (baseUrl === null) {
      currentError = `No address is set for ${environment}; nothing can be sent until one is.`;
      return { ...result, stoppedBecause: 'not_configured' };
    }
    let anyError: string | null = null;
    while (result.stoppedBecause === null) {
      const claimed = outbox.claimDue(batch);
      if (claimed.length === 0) break;
      const outcomes = await sendAll(claimed);
      const accepted = outcomes.filter((o): o is Extract<Outcome, { kind: 'accepted' }> => o.kind === 'accepted');
      if (accepted.length > 0) outbox.accept(accepted.map(({ entry, pet }) => ({ entryId: entry.entryId, pet })));
      result.accepted += accepted.length;
      for (const outcome of outcomes) {
        if (outcome.kind === 'rejected') {
          outbox.reject(outcome.entry.entryId, outcome.reason);
          result.rejected++;
        } else if (outcome.kind === 'moved') {
          outbox.needsConfirmation(
            outcome.entry.entryId,
            `The ${environment} address changed from ${outcome.entry.baseUrl} to ${outcome.to ?? 'none'} after this animal was added: confirm to send it to the new address, or discard it.`,
          );
        } else if (outcome.kind === 'retry') {
          outbox.retryLater(outcome.entry.entryId, outcome.state, outcome.delayMs, outcome.error);
          result.retryLater++;
          anyError = outcome.error;
          if (outcome.stop && result.stoppedBecause === null) result.stoppedBecause = outcome.stop;
        }
      }
      if (
        outcomes.some(
          (o) => o.kind === 'accepted' || o.kind === 'rejected' || (o.kind === 'retry' && o.stop !== 'offline'),
        )
      )
        setOnline(true);
      if (result.stoppedBecause === 'offline') setOnline(false);
      if (result.stoppedBecause === 'key_rejected') keyRejected = true;
      if (accepted.length > 0 || outcomes.some((o) => o.kind === 'rejected')) events.emit('data-changed', environment);
      events.emit('progress', { ...result });
    }
    currentError = keyRejected ? `${environment} rejected the key: sync is paused until the key is changed.` : anyError;
    // A pass that found nothing to send proves nothing about the server: it counts only once the server has been heard from.
    if (result.stoppedBecause === null && anyError === null && online === true)
      lastSuccessfulSync = new Date(now()).toISOString();
    return result;
  }

  function startPass(): Promise<SyncPassResult> {
    // A pass that fails (the replica file, not the network: those are outcomes) says so in the status.
    const attempt = pass().catch((error: unknown) => {
      currentError = `Sync failed: ${error instanceof Error ? error.message : String(error)}`;
      throw error;
    });
    running = attempt.finally(() => {
      running = null;
      events.emit('status', status());
    });
    return running;
  }

  /**
   * A pass now; `force` (a person's "sync now") also skips the backoff of waiting entries. Called
   * while a pass runs, it resolves with one pass that starts after the call (all such calls share it),
   * so what the caller just changed is always seen.
   */
  function syncNow({ force = false } = {}): Promise<SyncPassResult> {
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
    status,
    syncNow,
    /** The server answered (true) or could not be reached (false) outside of sync, e.g. on a refresh. */
    noteReachable: setOnline,
    /** A new key was set: resume a sync paused by a 401. */
    keyChanged() {
      keyRejected = false;
      currentError = null;
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
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
