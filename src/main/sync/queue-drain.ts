import type { FieldProblem, Pet, RemoteEnvironment } from '../../shared/contract';
import type { RemoteClient } from '../remote/remote-client';
import { groupAcceptances } from './accept-group';
import { notSentOutcome, type Outcome, type PassStop, type RetryDelay } from './send-outcome';
import type { Contact } from './server-status';
import type { ClaimedBase } from './write-queue';

export interface SyncPassResult {
  accepted: number;
  refused: number;
  retryLater: number;
  /** Held for a person rather than sent: unanswered longer than the server remembers a key, or for an address since changed. */
  held: number;
  /** Why the pass stopped before the outbox was empty, if it did. */
  stoppedBecause: PassStop;
}

/** What a pass gives each kind's sender. */
export interface SenderDeps {
  environment: RemoteEnvironment;
  delay: RetryDelay;
  signal: AbortSignal;
  /** What a send says about the server, for the server status. */
  report(contact: Contact | null): void;
}

/** An outcome that only one kind has (a change's conflict): its sender records it; it waits for a person, as a refusal does. */
export interface OwnOutcome<E> {
  kind: string;
  entry: E;
}

/** The part of a write queue (write-queue.ts) a pass claims from and records into. */
export interface SendingQueue<E> {
  claimDue(max: number, held?: (count: number) => void): E[];
  refuse(entryId: string, reason: string, fields?: FieldProblem[]): void;
  retryLater(entryId: string, state: 'pending' | 'unknown', delayMs: number, error: string): void;
  hold(entryId: string, reason: string): void;
  addressChangedReason(from: string, to: string | null): string;
}

/** An entry the server has, with its answer (`pet`: the animal, for adds and changes). */
export interface Accepted<A = Pet> {
  entryId: string;
  pet: A;
  baseUrl: string;
}

/**
 * What a kind of write supplies to the drain beyond its queue: what is sent, how an answer is
 * judged, and how a batch is formed. An entry handed to `send` is always for the client's address:
 * one made for another is held by the drain, never redirected.
 */
export interface KindSender<E extends ClaimedBase, Own extends OwnOutcome<E> = never, A = Pet> {
  queue: SendingQueue<E>;
  /** One entry in one request: what the answer means for it. */
  send(client: RemoteClient, entry: E): Promise<Outcome<E, A> | Own>;
  /** Several entries in one request, when the kind has one: at most `max` in each. */
  batch?: {
    max: number;
    /** Whether the server at this address is sent batches (until it is found to take none). */
    takes(baseUrl: string | null): boolean;
    send(client: RemoteClient, entries: readonly E[]): Promise<Array<Outcome<E, A> | Own>>;
  };
  /** Acceptances, in one transaction. */
  accept(group: Array<Accepted<A>>): void;
  /** Records an outcome of its own: it waits for a person, or was sent again (a merge) and is not refused. */
  recordOwn?(outcome: Own): 'waits' | 'resent';
}

/** A kind's sender as the drain sees it, whatever its entries and answers. */
export type AnyKindSender = KindSender<ClaimedBase, OwnOutcome<ClaimedBase>, unknown>;

type AnyOutcome = Outcome<ClaimedBase, unknown> | OwnOutcome<ClaimedBase>;
const SHARED_OUTCOMES = new Set(['accepted', 'refused', 'held', 'retry']);
const isShared = (outcome: AnyOutcome): outcome is Outcome<ClaimedBase, unknown> => SHARED_OUTCOMES.has(outcome.kind);

/**
 * Records each outcome of a kind as it arrives, the acceptances in groups (see accept-group.ts),
 * and counts it in `result`; the first that stops the pass says why (`stoppedBy`).
 */
function outcomeRecorder(kind: AnyKindSender, result: SyncPassResult, stoppedBy: (contact: Contact | null) => void) {
  const { queue } = kind;
  const accepted = groupAcceptances((group: Array<Accepted<unknown>>) => {
    kind.accept(group);
    result.accepted += group.length;
  });
  const record = (outcome: AnyOutcome): void => {
    const { entry } = outcome;
    if (!isShared(outcome)) {
      if (kind.recordOwn?.(outcome) === 'resent') result.retryLater++;
      else result.refused++;
      return;
    }
    switch (outcome.kind) {
      case 'accepted':
        return accepted.add({ entryId: entry.entryId, pet: outcome.pet, baseUrl: entry.baseUrl });
      case 'refused':
        queue.refuse(entry.entryId, outcome.reason, outcome.fields);
        result.refused++;
        return;
      case 'held':
        queue.hold(entry.entryId, queue.addressChangedReason(entry.baseUrl, outcome.to));
        result.held++;
        return;
      case 'retry':
        queue.retryLater(entry.entryId, outcome.state, outcome.delayMs, outcome.error);
        result.retryLater++;
        if (outcome.stop && result.stoppedBecause === null) {
          result.stoppedBecause = outcome.stop;
          stoppedBy(outcome.contact ?? null);
        }
    }
  };
  return { record, flush: accepted.flush };
}

export interface DrainOptions {
  client: () => RemoteClient;
  /** Entries claimed at a time, and requests in flight at once. */
  batch: number;
  concurrency: number;
  /** Batches in flight at once, for a kind that has them; 0: every entry one request. */
  batchesInFlight: number;
  signal: AbortSignal;
  /** Whether the pass goes on (checked before each claim). */
  going: () => boolean;
  held: (count: number) => void;
  /** What came has been recorded: whoever listens is told, if anything was decided. */
  told: () => void;
}

/**
 * One pass's drain of the write queues, the same for every kind: each kind's due entries, in
 * batches while its server takes them, then one request each, until nothing is due or the pass
 * stops. What was claimed is always sent, or recorded as not sent.
 */
export function createDrain(result: SyncPassResult, options: DrainOptions) {
  const { signal, going, held } = options;
  const flushes: Array<() => void> = [];
  let stoppedBy: Contact | null = null;

  /**
   * Sends what `claim` hands out, `concurrency` requests at a time, with no pause between batches:
   * the worker that finds the batch taken claims the next while the others' requests are in flight
   * (after `between`: what came is recorded and told). Ends when a claim finds nothing, or the pass
   * stops. Returns how many were sent. The client (the address) is read with each batch, as the
   * key is (batch-keys.ts): a read looks at the settings file, and a drain sends thousands.
   */
  async function sendAsClaimed<E>(
    claim: () => E[],
    send: (client: RemoteClient, entry: E) => Promise<void>,
    between: () => void,
  ): Promise<number> {
    let claimed: E[] = [];
    let client: RemoteClient | null = null;
    let taken = 0;
    let ended = false;
    let sent = 0;
    const next = (): E | undefined => {
      if (taken === claimed.length && !ended) {
        between();
        claimed = going() ? claim() : [];
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
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    return sent;
  }

  async function drain(kind: AnyKindSender): Promise<void> {
    const { record, flush } = outcomeRecorder(kind, result, (contact) => (stoppedBy = contact));
    flushes.push(flush);
    const between = () => {
      flush();
      options.told();
    };
    // The client that sends is the one compared: an address changed mid-pass never redirects an entry.
    const forAnotherAddress = (client: RemoteClient, entry: ClaimedBase) => client.baseUrl !== entry.baseUrl;
    const sendOne = async (client: RemoteClient, entry: ClaimedBase) => {
      if (signal.aborted) return record(notSentOutcome(entry));
      if (forAnotherAddress(client, entry)) return record({ kind: 'held', entry, to: client.baseUrl });
      record(await kind.send(client, entry));
    };

    const { batch } = kind;
    if (batch !== undefined && options.batchesInFlight > 0) {
      const sendMany = async (client: RemoteClient, entries: readonly ClaimedBase[]) => {
        if (signal.aborted) return entries.forEach((entry) => record(notSentOutcome(entry)));
        for (const entry of entries) {
          if (forAnotherAddress(client, entry)) record({ kind: 'held', entry, to: client.baseUrl });
        }
        const here = entries.filter((entry) => !forAnotherAddress(client, entry));
        if (here.length > 0) (await batch.send(client, here)).forEach(record);
      };
      // Batches in flight at once, so the server has the next while this side records the last. Ends
      // when nothing is due, the pass stops, or the server is found to take none (the rest goes singly).
      const worker = async () => {
        for (;;) {
          between();
          const client = going() ? options.client() : null;
          if (client === null || !batch.takes(client.baseUrl)) return;
          const claimed = kind.queue.claimDue(Math.min(options.batch, batch.max), held);
          if (claimed.length === 0) return;
          await sendMany(client, claimed);
        }
      };
      await Promise.all(Array.from({ length: options.batchesInFlight }, worker));
    }
    // Until nothing more is due: a change that waited behind one of its animal's is due once that is accepted.
    while ((await sendAsClaimed(() => kind.queue.claimDue(options.batch, held), sendOne, between)) > 0) between();
    between();
  }

  return {
    drain,
    /** Records every acceptance still waiting in a group. */
    flush: () => flushes.forEach((flush) => flush()),
    /** The contact that stopped the pass, if one did. */
    stoppedBy: () => stoppedBy,
  };
}
