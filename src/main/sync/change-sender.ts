import {
  CHANGE_BATCH,
  conflictsInWords,
  describePatch,
  mergeOnto,
  sentApartIn,
  type ClientAct,
  type Pet,
} from '../../shared/contract';
import type { RemoteClient } from '../remote/remote-client';
import { RemoteError } from '../remote/remote-error';
import type { ClaimedChange, PetChanges } from './pet-changes';
import type { KindSender, SenderDeps } from './queue-drain';
import { failedOutcome, type Outcome } from './send-outcome';
import type { SaleTerms } from '../../shared/contract/orders';
import type { SalesToSend } from './sales-to-send';
import { contactOf } from './server-status';

/**
 * What only a change's send may mean: another counter changed the animal first (in other fields
 * only: `rebase`, sent again to their version; else a conflict for a person), or the server takes
 * no changes.
 */
type ChangeOwnOutcome =
  | { kind: 'conflict'; entry: ClaimedChange; theirs: Pet | null; reason: string }
  | { kind: 'rebase'; entry: ClaimedChange; theirs: Pet; reason: string }
  | { kind: 'unsupported'; entry: ClaimedChange; reason: string };
type ChangeOutcome = Outcome<ClaimedChange> | ChangeOwnOutcome;

/** The HTTP status of a server's answer, when the failure is one. */
const answeredStatus = (error: unknown): number | undefined =>
  error instanceof RemoteError && (error.kind === 'service_error' || error.kind === 'not_the_contract')
    ? error.details.status
    : undefined;

/** Statuses with which a server says it has no such operation (RFC 9110: 405 Method Not Allowed, 501 Not Implemented). */
const NO_SUCH_OPERATION = new Set([405, 501]);
/**
 * Statuses with which a server says it has no batch of changes (404, 405, 501), or will not take
 * ours as a whole (400, 413, 415, 422: another version of it, other limits): nothing of it was
 * made, and the same changes go one PATCH each.
 */
const NO_BATCH = new Set([400, 404, 405, 413, 415, 422, 501]);
/** Statuses with which a server that said it takes photos does not take this one (no such animal's photo, operation or type). */
const PHOTO_NOT_TAKEN = new Set([404, 405, 415, 501]);
/** PATCHes in flight at once when a server has no batch: as many as the engine's single sends. */
export const SINGLES_IN_FLIGHT = 16;

/**
 * Sends changes of animals (PATCH, our extension; in batches while the server takes them) and
 * records the outcomes only a change has; one for each pass.
 */
export function createChangeSender(
  changes: PetChanges,
  { environment, delay, signal, report }: SenderDeps,
  sales: SalesToSend,
): KindSender<ClaimedChange, ChangeOwnOutcome> {
  const unsupportedReason = (baseUrl: string, status: number) =>
    `The ${environment} server (${baseUrl}) does not take changes to animals (it answered ${status}): this change was not made there. Discard it, or make it on the server some other way.`;

  /** A 404 means "no such animal" from a server with the extension, "no such operation" from one without: getPet tells. */
  async function after404(client: RemoteClient, entry: ClaimedChange): Promise<ChangeOutcome> {
    try {
      await client.getPet(entry.petId, { signal });
      return { kind: 'unsupported', entry, reason: unsupportedReason(entry.baseUrl, 404) };
    } catch (error) {
      if (answeredStatus(error) === 404) return noSuchAnimal(entry);
      return failedOutcome(entry, error, delay);
    }
  }

  // Servers this sender found without the extension: what it was handed for them is not sent.
  // (Finding one marks every change waiting for it, so none is claimed for it afterwards.)
  const unsupportedHere = new Map<string, string>();
  // Servers this sender found without the batch (changePets): their changes go one PATCH each.
  const noBatchHere = new Set<string>();
  // Changes this pass sent again to another counter's version without a person: once each, so an
  // animal someone changes before every send (or a server that answers 412 whatever it is sent)
  // costs one more request, then waits for a person.
  const rebased = new Set<string>();

  /** What is known of a change before it is sent: its server takes no changes. */
  function known(entry: ClaimedChange): ChangeOutcome | null {
    const found = unsupportedHere.get(entry.baseUrl);
    return found === undefined ? null : { kind: 'unsupported', entry, reason: found };
  }

  /** What the server's answer to a change (the animal, or why not) means for it. */
  async function outcomeOf(
    client: RemoteClient,
    entry: ClaimedChange,
    answer: { pet: Pet } | { error: unknown },
    { inBatch }: { inBatch: boolean },
  ): Promise<ChangeOutcome> {
    if ('pet' in answer) return { kind: 'accepted', entry, pet: answer.pet };
    const { error } = answer;
    const status = answeredStatus(error);
    if (status === 412 && error instanceof RemoteError && error.kind === 'service_error') {
      const theirs = error.details.current ?? (await client.getPet(entry.petId, { signal }).catch(() => null));
      return afterSomeoneElse(entry, theirs);
    }
    if (status !== undefined && NO_SUCH_OPERATION.has(status)) {
      return { kind: 'unsupported', entry, reason: unsupportedReason(entry.baseUrl, status) };
    }
    // A server that answered the batch has the extension: its 404 is about the animal.
    if (status === 404) return inBatch ? noSuchAnimal(entry) : after404(client, entry);
    return failedOutcome(entry, error, delay);
  }

  /**
   * Another counter changed the animal first (412; `theirs`: the server's version now, when known).
   * Where they changed only fields this change leaves, or set them as this change does, it goes
   * again to their version (see recordOwn); a field both changed to different values waits for a
   * person, told each such field's two values.
   */
  function afterSomeoneElse(entry: ClaimedChange, theirs: Pet | null): ChangeOutcome {
    const first = `Someone changed animal ${entry.petId} on ${environment} first`;
    const waits = (why: string): ChangeOutcome => ({
      kind: 'conflict',
      entry,
      theirs,
      reason: `${first}${why}: keep theirs, or send yours to their version.`,
    });
    // What the change was made to (its base); gone when the change was discarded on its way.
    const base = changes.get(entry.entryId)?.base;
    if (theirs === null || base === undefined) return waits('');
    const merge = mergeOnto(base, theirs, entry.patch);
    if (!merge.merged) return waits(` (${conflictsInWords(merge.conflicts)})`);
    // Met again after going to their version in this pass (an animal someone changes before every
    // send), or refused at the very version it was sent to (a server answering 412 whatever it is
    // sent): sending it again would loop, so a person looks.
    if (rebased.has(entry.entryId)) return waits(', and again once it went to their version');
    if (theirs.revision === (entry.revision ?? undefined))
      return waits(', the server says, at the version it was sent to');
    return { kind: 'rebase', entry, theirs, reason: `${first}, in other fields: sent again to their version.` };
  }

  function noSuchAnimal(entry: ClaimedChange): ChangeOutcome {
    return {
      kind: 'refused',
      entry,
      reason: `Animal ${entry.petId} is no longer on the ${environment} server; the change (${describePatch(entry.patch)}) cannot be made.`,
    };
  }

  /** What a failure of a whole request says about the server: that it answered, or why it did not. */
  function reportFailure(error: unknown, outcome: ChangeOutcome): void {
    if (answeredStatus(error) !== undefined)
      report(contactOf(null)); // it answered: it is there, and took the key
    else report(outcome.kind === 'retry' ? (outcome.contact ?? null) : contactOf(error));
  }

  /**
   * A change of the photo: its own request (PUT or DELETE of the photo), judged as a change's. A
   * server that answers it has no such operation (404 from a server that said it takes photos,
   * 405, 415, 501) refuses this photo alone: its other changes still go.
   */
  async function sendPhoto(client: RemoteClient, entry: ClaimedChange): Promise<ChangeOutcome> {
    const { photo } = entry;
    if (photo === undefined) {
      return {
        kind: 'refused',
        entry,
        reason: `The photo of animal ${entry.petId} is no longer on this computer: set it again.`,
      };
    }
    return sendOne(
      entry,
      (options) => client.sendPhoto(entry.petId, photo, options),
      async (error) => {
        const status = answeredStatus(error);
        if (status === undefined || !PHOTO_NOT_TAKEN.has(status))
          return outcomeOf(client, entry, { error }, { inBatch: true });
        return {
          kind: 'refused',
          entry,
          reason: `The ${environment} server (${entry.baseUrl}) did not take the photo of animal ${entry.petId} (it answered ${status}): discard it, or set it again later.`,
        };
      },
    );
  }

  /**
   * A sale, to a server with our orders extension: the order, under the change's revision and key,
   * judged as a change's (412: another counter first; 404: no such animal; 409: sold already, or
   * under treatment there, refused with the server's words). The server's order id is kept with
   * the sale made here.
   */
  function sendOrder(client: RemoteClient, entry: ClaimedChange, terms: SaleTerms): Promise<ChangeOutcome> {
    return sendOne(
      entry,
      async (options) => {
        const { orderId, pet } = await client.placeOrder(entry.petId, terms, options);
        sales.placed(entry.petId, orderId);
        return pet;
      },
      (error) => outcomeOf(client, entry, { error }, { inBatch: true }),
    );
  }

  /** One change, one request under its revision and key: accepted, or what its failure means (`judge`). */
  async function sendOne(
    entry: ClaimedChange,
    request: (options: {
      revision: number | null;
      idempotencyKey: string;
      signal: AbortSignal;
      act?: ClientAct;
    }) => Promise<Pet>,
    judge: (error: unknown) => Promise<ChangeOutcome>,
  ): Promise<ChangeOutcome> {
    try {
      const pet = await request({
        revision: entry.revision,
        idempotencyKey: entry.idempotencyKey,
        signal,
        act: entry.act,
      });
      report(contactOf(null));
      return { kind: 'accepted', entry, pet };
    } catch (error) {
      const outcome = await judge(error);
      reportFailure(error, outcome);
      return outcome;
    }
  }

  /** One change, one PATCH (a photo, its own request). */
  async function send(client: RemoteClient, entry: ClaimedChange): Promise<ChangeOutcome> {
    const early = known(entry);
    if (early !== null) return early;
    if (sentApartIn(entry.patch) !== undefined) return sendPhoto(client, entry);
    const order = sales.asOrder(entry);
    if (order !== undefined) return sendOrder(client, entry, order);
    return sendOne(
      entry,
      (options) => client.changePet(entry.petId, entry.patch, options),
      async (error) => {
        const outcome = await outcomeOf(client, entry, { error }, { inBatch: false });
        // Known at once, so the changes of this pass not yet sent are not (they are recorded later).
        if (outcome.kind === 'unsupported') unsupportedHere.set(entry.baseUrl, outcome.reason);
        return outcome;
      },
    );
  }

  /**
   * Changes in one request (changePets, our extension's batch: one commit on the server for all),
   * each with its own If-Match and key, so each is what its PATCH would be. A server without the
   * batch is found by its answer (NO_BATCH): these changes, and the rest of the pass's, then go
   * one PATCH each, SINGLES_IN_FLIGHT at a time.
   */
  async function sendMany(client: RemoteClient, entries: readonly ClaimedChange[]): Promise<ChangeOutcome[]> {
    const outcomes: Array<ChangeOutcome | null> = entries.map((entry) => known(entry));
    const place = (outcome: ChangeOutcome) => (outcomes[entries.indexOf(outcome.entry)] = outcome);
    // Photos and orders go in requests of their own, beside the batch.
    const apart = (entry: ClaimedChange) =>
      sentApartIn(entry.patch) !== undefined || sales.asOrder(entry) !== undefined;
    const photos = entries.filter((entry, i) => outcomes[i] === null && apart(entry));
    const sendingPhotos = Promise.all(photos.map((entry) => send(client, entry)));
    const waiting = entries.filter((entry, i) => outcomes[i] === null && !photos.includes(entry));
    const done = async () => {
      for (const outcome of await sendingPhotos) place(outcome);
      return outcomes as ChangeOutcome[];
    };
    if (waiting.length > 0 && batching(client.baseUrl)) {
      try {
        const answers = await client.changePets(waiting, { signal });
        report(contactOf(null));
        for (const outcome of await Promise.all(
          answers.map((answer, i) => outcomeOf(client, waiting[i]!, answer, { inBatch: true })),
        ))
          place(outcome);
        return done();
      } catch (error) {
        const status = answeredStatus(error);
        if (status === undefined || !NO_BATCH.has(status)) {
          for (const entry of waiting) place(failedOutcome(entry, error, delay));
          reportFailure(error, outcomes[entries.indexOf(waiting[0]!)]!);
          return done();
        }
        noBatchHere.add(client.baseUrl!);
      }
    }
    for (let start = 0; start < waiting.length; start += SINGLES_IN_FLIGHT) {
      const some = waiting.slice(start, start + SINGLES_IN_FLIGHT);
      for (const outcome of await Promise.all(some.map((entry) => send(client, entry)))) place(outcome);
    }
    return done();
  }

  /** Whether changes for this address go in batches (until its server is found without them). */
  const batching = (baseUrl: string | null): boolean =>
    baseUrl !== null && !noBatchHere.has(baseUrl) && !unsupportedHere.has(baseUrl);

  return {
    queue: changes,
    send,
    batch: { max: CHANGE_BATCH.maxChanges, takes: batching, send: sendMany },
    accept(accepted) {
      changes.accept(accepted);
      for (const baseUrl of new Set(accepted.map((done) => done.baseUrl))) changes.noteSupported(baseUrl);
    },
    recordOwn(outcome) {
      const { entry } = outcome;
      if (outcome.kind === 'conflict' || outcome.kind === 'rebase') {
        changes.noteSupported(entry.baseUrl);
        changes.conflict(entry.entryId, outcome.theirs, outcome.reason);
        if (outcome.kind === 'conflict') return 'waits';
        // Sent again to their version as a person's "keep mine" sends it (their version becomes its
        // base and If-Match; a new key, as the 412 made nothing under the old one), and claimed again
        // in this pass. A crash between the two leaves the conflict for a person: nothing is lost.
        rebased.add(entry.entryId);
        changes.resend(entry.entryId, entry.baseUrl);
        return 'resent';
      }
      unsupportedHere.set(entry.baseUrl, outcome.reason);
      changes.unsupported(entry.baseUrl, outcome.reason);
      return 'waits';
    },
  };
}
