import { EventEmitter } from 'node:events';
import type { RemoteEnvironment } from '../../shared/contract';
import type { RemoteClient } from '../remote/remote-client';
import type { PhotoFetch } from './photo-fetch';
import { createDrain, type SyncPassResult } from './queue-drain';
import { SENDER_LEASE, type SenderLease } from './sender-lease';
import type { Contact } from './server-status';
import { eachQueue, nextDueAt, sendersFor, type WriteQueues } from './write-kinds';
import type { WalkStore } from './walk-store';

export type { SyncPassResult } from './queue-drain';

/** Retry delays: full jitter over an exponential ceiling (1 s, 2 s, 4 s ... capped at 5 min); Retry-After wins if longer. */
export const BACKOFF = { baseMs: 1_000, capMs: 5 * 60_000 };
/** Entries claimed per transaction; the next batch is claimed as the last of one is taken, so sending never pauses. */
export const SYNC_BATCH = 64;
/**
 * Requests in flight at once. Enough that the server always has the next request waiting while
 * this side records answers (a drain over loopback keeps a local server busy), few enough for a
 * shop's server (each is a keep-alive connection).
 */
export const SYNC_CONCURRENCY = 16;
/** Batches in flight at once, of a kind that has them (changes): one being answered while the next is sent. */
export const CHANGE_BATCHES_IN_FLIGHT = 2;
/** How often the engine looks whether a waiting entry's retry time has come. */
export const SYNC_TICK_MS = 1_000;

/** The write queues it sends (write-kinds.ts: adds, then changes of the server's animals), and how. */
export interface SyncEngineOptions extends WriteQueues {
  environment: RemoteEnvironment;
  /** The right to send this outbox, one process at a time. */
  lease: SenderLease;
  client: () => RemoteClient;
  currentBaseUrl: () => string | null;
  now?: () => number;
  random?: () => number;
  batch?: number;
  concurrency?: number;
  /** false: every entry one request, as to a server without batches (a benchmark compares the two). */
  changeBatches?: boolean;
  /** After a pass has sent what waited: the server's photos brought here (see photo-fetch.ts). */
  fetchPhotos?: PhotoFetch;
  backoff?: typeof BACKOFF;
}

/**
 * Sends one environment's outbox. It keeps no account of the server: it reports each contact
 * (`contact`), each pass (`pass`: running or not) and who holds the right to send (`sender`: null
 * when this engine does, else the other process) to the server status, the one place that decides
 * what is known (see server-status.ts). Events: contact, pass, sender, progress, data-changed.
 */
export function createSyncEngine(options: SyncEngineOptions) {
  const { environment, lease, now = Date.now, random = Math.random } = options;
  const queues = eachQueue(options);
  const batch = options.batch ?? SYNC_BATCH;
  const concurrency = options.concurrency ?? SYNC_CONCURRENCY;
  const events = new EventEmitter();
  // Whether the last contact reached the server: regaining it sends what waited.
  let reachable: boolean | null = null;
  let keyRejected = false;
  // Which key the engine is on: a 401 to a request sent with an earlier key says nothing of this one.
  let keyGeneration = 0;
  let running: Promise<SyncPassResult> | null = null;
  let queued: Promise<SyncPassResult> | null = null;
  let forceQueued = false;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  // Called off by stop(): requests in flight are cancelled and recorded as maybe sent, nothing is left claimed.
  const halt = new AbortController();

  const { baseMs, capMs } = options.backoff ?? BACKOFF;
  // Until when the server last asked, by Retry-After, not to be sent to: a person's "Sync now" waits for it too.
  let serverAskedUntil = 0;
  const delay = (attempts: number, retryAfterMs = 0) => {
    if (retryAfterMs > 0) serverAskedUntil = Math.max(serverAskedUntil, now() + retryAfterMs);
    return Math.max(Math.round(random() * Math.min(capMs, baseMs * 2 ** Math.max(0, attempts - 1))), retryAfterMs);
  };

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

  async function pass(): Promise<SyncPassResult> {
    const result: SyncPassResult = { accepted: 0, refused: 0, retryLater: 0, held: 0, stoppedBecause: null };
    const held = (count: number) => (result.held += count);
    if (keyRejected) return { ...result, stoppedBecause: 'key_rejected' };
    const generation = keyGeneration;
    const going = () => {
      if (result.stoppedBecause === 'key_rejected' && generation === keyGeneration) keyRejected = true;
      return result.stoppedBecause === null && !halt.signal.aborted;
    };
    if (options.currentBaseUrl() === null) return { ...result, stoppedBecause: 'not_configured' };
    const right = lease.acquire();
    events.emit('sender', right.held ? null : right.holder);
    if (!right.held) return { ...result, stoppedBecause: 'elsewhere' };
    const alive = setInterval(() => lease.heartbeat(), SENDER_LEASE.heartbeatMs);
    let told = 0;
    const tellIfDecided = () => {
      const decided = result.accepted + result.refused + result.retryLater + result.held;
      if (decided === told) return;
      told = decided;
      events.emit('data-changed', environment);
      events.emit('progress', { ...result });
    };
    const drain = createDrain(result, {
      client: options.client,
      batch,
      concurrency,
      batchesInFlight: options.changeBatches === false ? 0 : CHANGE_BATCHES_IN_FLIGHT,
      signal: halt.signal,
      going,
      held,
      told: tellIfDecided,
    });
    try {
      for (const kind of sendersFor(options, { environment, delay, signal: halt.signal, report })) {
        await drain.drain(kind);
      }
      if (going() && options.fetchPhotos !== undefined) {
        const fetched = await options.fetchPhotos(options.client(), halt.signal, now());
        if (fetched > 0) events.emit('data-changed', environment);
      }
    } finally {
      drain.flush();
      clearInterval(alive);
    }
    // Requests run side by side, so the last to finish need not be the one that decided: the pass
    // ends by reporting the contact that stopped it, and the status agrees with what the engine does.
    report(drain.stoppedBy());
    return result;
  }

  function makeAllDue(): void {
    for (const queue of queues) queue.makeAllDue(serverAskedUntil);
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
   * A pass now; `force` (a person's "sync now") also skips the backoff of waiting entries, not a
   * wait the server asked for (Retry-After). Called
   * while a pass runs, it resolves with one pass that starts after the call (all such calls share it),
   * so what the caller just changed is always seen.
   */
  function syncNow({ force = false } = {}): Promise<SyncPassResult> {
    if (stopped) return Promise.reject(new Error(`The ${environment} sync has stopped.`));
    if (force) makeAllDue();
    if (running === null) return startPass();
    // What the running pass puts back to wait is due again for the pass a person asked for.
    forceQueued ||= force;
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        if (stopped) return { accepted: 0, refused: 0, retryLater: 0, held: 0, stoppedBecause: 'stopped' as const };
        if (forceQueued) makeAllDue();
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
      keyGeneration++;
      syncInBackground();
    },
    /** Start-up: a pass now, then one whenever a waiting entry's retry time comes; the right to send is kept alive meanwhile. */
    start() {
      syncInBackground();
      timer ??= setInterval(() => {
        const nextDue = nextDueAt(options);
        if (nextDue !== null && nextDue <= now()) syncInBackground();
        else lease.heartbeat();
      }, SYNC_TICK_MS).unref();
    },
    /**
     * A clean stop: no new pass, requests in flight called off (recorded as maybe sent), entries
     * not yet sent put back; then the right to send is given up. Nothing is left on its way.
     */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      halt.abort();
      await queued?.catch(() => undefined);
      await running?.catch(() => undefined);
      lease.release();
    },
  };
}

export type SyncEngine = Pick<
  ReturnType<typeof createSyncEngine>,
  'environment' | 'events' | 'syncNow' | 'noteReachable' | 'keyChanged' | 'start' | 'stop'
> & {
  /** Where a walk's pages are written, when the engine runs in a thread of its own (else here). */
  walkStore?: WalkStore;
};
