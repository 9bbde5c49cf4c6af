import { EventEmitter } from 'node:events';
import type { Pet, RemoteEnvironment } from '../../shared/contract';
import type { RemoteClient } from '../remote/remote-client';
import { createChangeSender } from './change-sender';
import type { ClaimedEntry, Outbox } from './outbox';
import type { ClaimedChange, PetChanges } from './pet-changes';

import { failedOutcome, notSentOutcome, type Outcome, type PassStop } from './send-outcome';
import { SENDER_LEASE, type SenderLease } from './sender-lease';
import { contactOf, type Contact } from './server-status';

/** Retry delays: full jitter over an exponential ceiling (1 s, 2 s, 4 s ... capped at 5 min); Retry-After wins if longer. */
export const BACKOFF = { baseMs: 1_000, capMs: 5 * 60_000 };
/** Entries claimed per transaction, and sent at once. */
export const SYNC_BATCH = 64;
export const SYNC_CONCURRENCY = 8;
/** Acceptances recorded per transaction, as they arrive: a crash redoes at most this many. */
export const ACCEPT_GROUP = 8;
/** How often the engine looks whether a waiting entry's retry time has come. */
export const SYNC_TICK_MS = 1_000;

export interface SyncPassResult {
  accepted: number;
  rejected: number;
  retryLater: number;
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

  async function send(entry: ClaimedEntry): Promise<Outcome> {
    if (halt.signal.aborted) return notSentOutcome(entry);
    // The client that sends is the one compared: an address changed mid-pass can never redirect an entry.
    const client = options.client();
    if (client.baseUrl !== entry.baseUrl) return { kind: 'moved', entry, to: client.baseUrl };
    try {
      const pet = await client.createPet(entry.newPet, { idempotencyKey: entry.idempotencyKey, signal: halt.signal });
      report(contactOf(null));
      return { kind: 'accepted', entry, pet };
    } catch (error) {
      const outcome = failedOutcome(entry, error, delay);
      report(outcome.kind === 'retry' ? (outcome.contact ?? null) : contactOf(error));
      return outcome;
    }
  }

  /** Records each outcome as it arrives, the acceptances in groups of at most ACCEPT_GROUP. */
  function recorder(result: SyncPassResult) {
    let accepted: Array<{ entryId: string; pet: Pet }> = [];
    let stoppedBy: Contact | null = null;
    const flush = () => {
      if (accepted.length === 0) return;
      outbox.accept(accepted);
      result.accepted += accepted.length;
      accepted = [];
    };
    const record = (outcome: Outcome) => {
      switch (outcome.kind) {
        case 'accepted':
          accepted.push({ entryId: outcome.entry.entryId, pet: outcome.pet });
          if (accepted.length >= ACCEPT_GROUP) flush();
          return;
        case 'rejected':
          outbox.reject(outcome.entry.entryId, outcome.reason, outcome.fields);
          result.rejected++;
          return;
        case 'moved':
          return outbox.needsConfirmation(
            outcome.entry.entryId,
            `The ${environment} address changed from ${outcome.entry.baseUrl} to ${outcome.to ?? 'none'} after this animal was added: confirm to send it to the new address, or discard it.`,
          );
        case 'retry':
          outbox.retryLater(outcome.entry.entryId, outcome.state, outcome.delayMs, outcome.error);
          result.retryLater++;
          if (outcome.stop && result.stoppedBecause === null) {
            result.stoppedBecause = outcome.stop;
            stoppedBy = outcome.contact ?? null;
          }
      }
    };
    return { record, flush, stoppedBy: () => stoppedBy };
  }

  const changeSender = createChangeSender({ environment, changes, delay, signal: halt.signal, report });

  /**
   * Sends claimed changes, `concurrency` at a time; what ends the pass is the same as for adds.
   * Acceptances are recorded in groups of at most ACCEPT_GROUP as they arrive, like adds'.
   */
  async function sendChanges(
    claimed: ClaimedChange[],
    result: SyncPassResult,
    stop: (contact: Contact | null) => void,
  ) {
    let next = 0;
    let accepted: Array<{ entryId: string; pet: Pet; baseUrl: string }> = [];
    const flush = () => {
      if (accepted.length === 0) return;
      changeSender.recordAccepted(accepted);
      accepted = [];
    };
    const worker = async () => {
      while (next < claimed.length) {
        const entry = claimed[next++]!;
        if (halt.signal.aborted) {
          changeSender.record(notSentOutcome(entry));
          continue;
        }
        const outcome = await changeSender.send(options.client(), entry);
        if (outcome.kind === 'accepted') {
          result.accepted++;
          accepted.push({ entryId: entry.entryId, pet: outcome.pet, baseUrl: entry.baseUrl });
          if (accepted.length >= ACCEPT_GROUP) flush();
          continue;
        }
        changeSender.record(outcome);
        if (outcome.kind === 'retry') {
          result.retryLater++;
          if (outcome.stop && result.stoppedBecause === null) {
            result.stoppedBecause = outcome.stop;
            stop(outcome.contact ?? null);
          }
        } else if (outcome.kind !== 'moved') result.rejected++;
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker));
    } finally {
      flush();
    }
  }

  /** Sends the entries, `concurrency` at a time, recording each outcome the moment it comes. */
  async function sendAll(entries: ClaimedEntry[], record: (outcome: Outcome) => void): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < entries.length) record(await send(entries[next++]!));
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, entries.length) }, worker));
  }

  async function pass(): Promise<SyncPassResult> {
    const result: SyncPassResult = { accepted: 0, rejected: 0, retryLater: 0, stoppedBecause: null };
    if (keyRejected) return { ...result, stoppedBecause: 'key_rejected' };
    const generation = keyGeneration;
    const pauseIfKeyRejected = () => {
      if (result.stoppedBecause === 'key_rejected' && generation === keyGeneration) keyRejected = true;
    };
    if (options.currentBaseUrl() === null) return { ...result, stoppedBecause: 'not_configured' };
    const right = lease.acquire();
    events.emit('sender', right.held ? null : right.holder);
    if (!right.held) return { ...result, stoppedBecause: 'elsewhere' };
    const alive = setInterval(() => lease.heartbeat(), SENDER_LEASE.heartbeatMs);
    // Requests run side by side, so the last to finish need not be the one that decided: the pass
    // ends by reporting the contact that stopped it, and the status agrees with what the engine does.
    const { record, flush, stoppedBy } = recorder(result);
    let changeStoppedBy: Contact | null = null;
    try {
      while (result.stoppedBecause === null && !halt.signal.aborted) {
        const claimed = outbox.claimDue(batch);
        if (claimed.length === 0) break;
        const before = result.accepted + result.rejected;
        await sendAll(claimed, record);
        flush();
        pauseIfKeyRejected();
        if (result.accepted + result.rejected > before) events.emit('data-changed', environment);
        events.emit('progress', { ...result });
      }
      // Changes after the adds: a change is only ever to an animal the server already has.
      while (result.stoppedBecause === null && !halt.signal.aborted) {
        const claimed = changes.claimDue(batch);
        if (claimed.length === 0) break;
        await sendChanges(claimed, result, (contact) => (changeStoppedBy = contact));
        pauseIfKeyRejected();
        events.emit('data-changed', environment);
        events.emit('progress', { ...result });
      }
    } finally {
      flush();
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
        if (stopped) return { accepted: 0, rejected: 0, retryLater: 0, stoppedBecause: 'stopped' as const };
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
