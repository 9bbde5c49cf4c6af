import { EventEmitter } from 'node:events';
import { CHANGE_BATCH, type RemoteEnvironment } from '../../shared/contract';
import type { RemoteClient } from '../remote/remote-client';
import { createAddSender } from './add-sender';
import { createChangeSender, type ChangeOutcome } from './change-sender';
import type { Outbox } from './outbox';
import type { ClaimedChange, PetChanges } from './pet-changes';
import { notSentOutcome, type PassStop } from './send-outcome';
import { SENDER_LEASE, type SenderLease } from './sender-lease';
import { groupAcceptances } from './accept-group';
import type { Contact } from './server-status';

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
/** Batches of changes in flight at once (see drainInBatches): one being answered while the next is sent. */
export const CHANGE_BATCHES_IN_FLIGHT = 2;
/** How often the engine looks whether a waiting entry's retry time has come. */
export const SYNC_TICK_MS = 1_000;

export interface SyncPassResult {
  accepted: number;
  rejected: number;
  retryLater: number;
  /** Held for a person rather than sent: unanswered longer than the server remembers a key, or for an address since changed. */
  held: number;
  /** Why the pass stopped before the outbox was empty, if it did. */
  stoppedBecause: PassStop;
}

export interface SyncEngineOptions {
  environment: RemoteEnvironment;
  outbox: Outbox;
  /** Changes of the server's animals made here, sent after the adds of each round. */
  changes: PetChanges;
  /** The right to send this outbox, one process at a time. */
  lease: SenderLease;
  client: () => RemoteClient;
  currentBaseUrl: () => string | null;
  now?: () => number;
  random?: () => number;
  batch?: number;
  concurrency?: number;
  /** false: every change one PATCH, as to a server without the batch (a benchmark compares the two). */
  changeBatches?: boolean;
  backoff?: typeof BACKOFF;
}

/**
 * Sends one environment's outbox. It keeps no account of the server: it reports each contact
 * (`contact`), each pass (`pass`: running or not) and who holds the right to send (`sender`: null
 * when this engine does, else the other process) to the server status, the one place that decides
 * what is known (see server-status.ts). Events: contact, pass, sender, progress, data-changed.
 */
export function createSyncEngine(options: SyncEngineOptions) {
  const { environment, outbox, changes, lease, now = Date.now, random = Math.random } = options;
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

  const adds = createAddSender({ environment, outbox, delay, signal: halt.signal, report });

  /** Sends changes and records their outcomes as they arrive, the acceptances in groups, like adds'. */
  function changeRecorder(result: SyncPassResult, stop: (contact: Contact | null) => void) {
    const changeSender = createChangeSender({ environment, changes, delay, signal: halt.signal, report });
    const accepted = groupAcceptances(changeSender.recordAccepted);
    const record = (outcome: ChangeOutcome) => {
      const { entry } = outcome;
      if (outcome.kind === 'accepted') {
        result.accepted++;
        return accepted.add({ entryId: entry.entryId, pet: outcome.pet, baseUrl: entry.baseUrl });
      }
      changeSender.record(outcome);
      if (outcome.kind === 'retry') {
        result.retryLater++;
        if (outcome.stop && result.stoppedBecause === null) {
          result.stoppedBecause = outcome.stop;
          stop(outcome.contact ?? null);
        }
      } else if (outcome.kind === 'moved') result.held++;
      else result.rejected++;
    };
    const send = async (client: RemoteClient, entry: ClaimedChange) => {
      if (halt.signal.aborted) return changeSender.record(notSentOutcome(entry));
      record(await changeSender.send(client, entry));
    };
    const sendMany = async (client: RemoteClient, entries: readonly ClaimedChange[]) => {
      if (halt.signal.aborted) return entries.forEach((entry) => changeSender.record(notSentOutcome(entry)));
      (await changeSender.sendMany(client, entries)).forEach(record);
    };
    return { send, sendMany, batching: changeSender.batching, flush: accepted.flush };
  }

  /**
   * Changes in batches (our extension's changePets: one request and one commit on the server for
   * each claim of up to `batch`), CHANGE_BATCHES_IN_FLIGHT at once, so the server has the next
   * while this side records the last. Ends when nothing is due, the pass stops, or the server
   * turns out to have no batch (then the rest goes one PATCH each: see pass()).
   */
  async function drainInBatches(
    outcomes: ReturnType<typeof changeRecorder>,
    between: () => void,
    go: () => boolean,
    held: (count: number) => void,
  ): Promise<void> {
    const worker = async () => {
      for (;;) {
        between();
        const client = go() ? options.client() : null;
        if (client === null || !outcomes.batching(client.baseUrl)) return;
        const claimed = changes.claimDue(Math.min(batch, CHANGE_BATCH.maxChanges), held);
        if (claimed.length === 0) return;
        await outcomes.sendMany(client, claimed);
      }
    };
    await Promise.all(Array.from({ length: CHANGE_BATCHES_IN_FLIGHT }, worker));
  }

  /**
   * Sends what `claim` hands out, `concurrency` requests at a time, with no pause between batches:
   * the worker that finds the batch taken claims the next while the others' requests are in flight
   * (after `between`: what came is recorded and told). Ends when a claim finds nothing, or `go` says
   * stop; what was claimed is always sent, or recorded as not sent. Returns how many were sent.
   * The client (the address) is read with each batch, as the key is (batch-keys.ts): a read looks
   * at the settings file, and a drain sends thousands.
   */
  async function sendAsClaimed<T>(
    claim: () => T[],
    send: (client: RemoteClient, entry: T) => Promise<void>,
    between: () => void,
    go: () => boolean,
  ): Promise<number> {
    let claimed: T[] = [];
    let client: RemoteClient | null = null;
    let taken = 0;
    let ended = false;
    let sent = 0;
    const next = (): T | undefined => {
      if (taken === claimed.length && !ended) {
        between();
        claimed = go() ? claim() : [];
        client = claimed.length > 0 ? options.client() : null;
        taken = 0;
        ended = claimed.length === 0;
      }
      return claimed[taken++];
    };
    const worker = async () => {
      for (let entry = next(); entry !== undefined; entry = next()) {
        sent++;
        await send(client!, entry);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return sent;
  }

  async function pass(): Promise<SyncPassResult> {
    const result: SyncPassResult = { accepted: 0, rejected: 0, retryLater: 0, held: 0, stoppedBecause: null };
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
    // Requests run side by side, so the last to finish need not be the one that decided: the pass
    // ends by reporting the contact that stopped it, and the status agrees with what the engine does.
    const { record, flush, stoppedBy } = adds.recorder(result);
    let changeStoppedBy: Contact | null = null;
    const changeOutcomes = changeRecorder(result, (contact) => (changeStoppedBy = contact));
    let told = 0;
    const tell = (flushed: () => void) => () => {
      flushed();
      const decided = result.accepted + result.rejected + result.retryLater + result.held;
      if (decided === told) return;
      told = decided;
      events.emit('data-changed', environment);
      events.emit('progress', { ...result });
    };
    try {
      // Until nothing more is due: a change that waited behind one of its animal's is due once that is accepted.
      const drain = async <T>(
        claim: () => T[],
        send: (client: RemoteClient, entry: T) => Promise<void>,
        flushed: () => void,
      ) => {
        while ((await sendAsClaimed(claim, send, tell(flushed), going)) > 0) tell(flushed)();
        tell(flushed)();
      };
      await drain(
        () => outbox.claimDue(batch, held),
        async (client, entry) => record(await adds.send(client, entry)),
        flush,
      );
      // Changes after the adds: a change is only ever to an animal the server already has. In
      // batches while the server takes them; what is left (a server without them), one PATCH each.
      if (options.changeBatches !== false)
        await drainInBatches(changeOutcomes, tell(changeOutcomes.flush), going, held);
      await drain(() => changes.claimDue(batch, held), changeOutcomes.send, changeOutcomes.flush);
    } finally {
      flush();
      changeOutcomes.flush();
      clearInterval(alive);
    }
    report(stoppedBy() ?? changeStoppedBy);
    return result;
  }

  function makeAllDue(): void {
    outbox.makeAllDue();
    changes.makeAllDue();
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
    if (force) makeAllDue();
    if (running === null) return startPass();
    // What the running pass puts back to wait is due again for the pass a person asked for.
    forceQueued ||= force;
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        if (stopped) return { accepted: 0, rejected: 0, retryLater: 0, held: 0, stoppedBecause: 'stopped' as const };
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
        const nextDue = [outbox.nextDueAt(), changes.nextDueAt()]
          .filter((at) => at !== null)
          .reduce<number | null>((a, b) => (a === null ? b : Math.min(a, b)), null);
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
>;
