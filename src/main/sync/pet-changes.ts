import {
  ApiError,
  applyPetPatch,
  CHANGE_ENTRY_PREFIX,
  changesNothing,
  composePatches,
  DETAIL_FIELD_NAMES,
  localToday,
  petPatchSchema,
  parseOrThrow,
  pickFields,
  REMOTE_PERSON_FIELD_NAMES,
  settleSale,
  type ChangeEntry,
  type ChangeState,
  type FieldProblem,
  type Pet,
  type PetPatch,
  type RemoteEnvironment,
} from '../../shared/contract';
import { writeTransaction, type SqliteDatabase } from '../database/database';
import { RemoteError } from '../remote/remote-error';
import { refuseTakenMicrochip } from '../database/microchip-holder';
import type { PetsTable } from '../database/pets-table';
import { newIdempotencyKey } from './idempotency-keys';
import { createChangeSupport } from './change-support';
import { createKeptDetails } from './kept-details';
import { createMicrochipHolders } from './microchip-holders';
import type { ServerExtensions } from './server-extensions';
import { createShownAnimals } from './shown-animals';
import { createWriteQueue, rowIdIn, type ClaimedBase, type QueueKind, type QueueRow } from './write-queue';

/** A change as read from `pet_changes`: the shared columns, the animal, the patch and what it is to. */
interface ChangeRow extends QueueRow<ChangeState> {
  pet_id: string;
  patch: string;
  base_revision: number | null;
  base_pet: string;
  theirs: string | null;
  details_here: 0 | 1;
}

interface ChangeSent {
  petId: string;
  patch: PetPatch;
  /** The server's revision the change is to (its If-Match); null when the server gives none. */
  revision: number | null;
}

/** A due change as claimed for sending. */
export type ClaimedChange = ClaimedBase & ChangeSent;

export const changesUnsupported = (environment: RemoteEnvironment, baseUrl: string) =>
  new RemoteError(
    'changes_unsupported',
    `The ${environment} server (${baseUrl}) does not take changes to animals; nothing was changed. Change it on the server some other way, or set another address.`,
  );

/** Whether an entry id is a change's ("c12"). */
export const isChangeEntryId = (entryId: string): boolean => rowIdIn(CHANGE_ENTRY_PREFIX, entryId) !== null;

/**
 * Changes as a kind of write (see write-queue.ts): a change of one of the server's animals, sent
 * in order per animal. A conflict (another counter changed it first) and a server that takes no
 * changes wait for a person as a refusal does.
 */
function changeKind(
  pets: PetsTable,
  shown: ReturnType<typeof createShownAnimals>,
  rebase: (revision: number | null, base: string, at: number, petId: bigint, after: number) => void,
  keepDetailsOf: (rowId: number) => void,
): QueueKind<ChangeRow, ChangeEntry, ChangeSent> {
  // The changes of an acceptance, whose details (if they stay here) become the server's version as kept here.
  const accepted: number[] = [];
  return {
    table: 'pet_changes',
    indexes: { waiting: 'pet_changes_waiting', open: 'pet_changes_open' },
    columns: `CAST(pet_id AS TEXT) AS pet_id, patch, base_revision, base_pet, theirs, details_here`,
    idPrefix: CHANGE_ENTRY_PREFIX,
    ownStates: { conflict: 'conflicts', unsupported: 'refused' },
    inOrderOf: 'pet_id',
    words: { made: 'this change was made', mayAlready: 'have made this change', check: 'the animal on the server' },
    entryOf: (row, environment) => ({
      entryId: `${CHANGE_ENTRY_PREFIX}${row.id}`,
      environment,
      baseUrl: row.base_url,
      petId: row.pet_id,
      patch: JSON.parse(row.patch) as PetPatch,
      base: JSON.parse(row.base_pet) as Pet,
      theirs: row.theirs === null ? null : (JSON.parse(row.theirs) as Pet),
      state: row.state,
      attempts: row.attempts,
      lastError: row.last_error,
      ...(row.last_error_fields === null
        ? {}
        : { lastErrorFields: JSON.parse(row.last_error_fields) as FieldProblem[] }),
      mayBeOnServer: row.may_be_on_server === 1,
      createdAt: new Date(row.created_at).toISOString(),
    }),
    // A server that did not take details when the change was made is not sent them: they stay here.
    sent(row) {
      const patch = JSON.parse(row.patch) as PetPatch;
      const sent = row.details_here === 1 ? pickFields(patch, REMOTE_PERSON_FIELD_NAMES) : patch;
      return { petId: row.pet_id, patch: sent, revision: row.base_revision };
    },
    // The server's answers become the animals' server versions. The revision it answered is kept:
    // a change it made moved the revision past the base. What follows an accepted change of the
    // same animal was made on top of it: it is to the new revision.
    accept: {
      set: 'answer_revision = @revision, theirs = NULL',
      params: (pet) => ({ revision: pet.revision ?? null }),
      each(id, pet, at) {
        rebase(pet.revision ?? null, JSON.stringify(pet), at, BigInt(pet.id), id);
        accepted.push(id);
      },
      then(sent) {
        pets.upsertPets(sent);
        for (const id of accepted.splice(0)) keepDetailsOf(id);
        for (const pet of sent) shown.settle(pet);
      },
    },
    // Sent again to `baseUrl`; a conflict to the server's version now (a person's "keep mine").
    resend: {
      set: `theirs = NULL, base_revision = CASE WHEN @base IS NULL THEN base_revision ELSE @revision END,
        base_pet = coalesce(@base, base_pet), base_url = @baseUrl`,
      params(row) {
        const theirs = row.state === 'conflict' && row.theirs !== null ? (JSON.parse(row.theirs) as Pet) : null;
        return { revision: theirs?.revision ?? null, base: theirs === null ? null : row.theirs };
      },
    },
    reshow: (row) => shown.reshow(BigInt(row.pet_id)),
  };
}

/**
 * The changes made here to the server's animals, in the one write queue's life (write-queue.ts),
 * and every SQL statement of their own, but for how the animals being changed are shown
 * (shown-animals.ts).
 */
export function createPetChanges(
  db: SqliteDatabase,
  pets: PetsTable,
  extensions: ServerExtensions,
  environment: RemoteEnvironment,
  now: () => number = Date.now,
) {
  const shown = createShownAnimals(db, extensions.answersDecide);
  const { serverVersion, reshow } = shown;
  const rebase = db.prepare<[number | null, string, number, bigint, number]>(
    `UPDATE pet_changes SET base_revision = ?, base_pet = ?, updated_at = ?
     WHERE pet_id = ? AND id > ? AND state <> 'accepted'`,
  );
  const kept = createKeptDetails(db, shown);
  const keptEntry = db.prepare<[number], { pet_id: bigint; patch: string }>(
    'SELECT pet_id, patch FROM pet_changes WHERE id = ? AND details_here = 1',
  );
  const keepDetailsOf = (rowId: number) => {
    const entry = keptEntry.safeIntegers().get(rowId);
    if (entry !== undefined) kept.keep(entry.pet_id, JSON.parse(entry.patch) as PetPatch);
  };
  const queue = createWriteQueue(
    db,
    changeKind(pets, shown, (...args) => rebase.run(...args), keepDetailsOf),
    environment,
    now,
  );
  const { columns, toEntry } = queue;

  const openFor = db.prepare<[bigint], ChangeRow>(
    `SELECT ${columns} FROM pet_changes INDEXED BY pet_changes_open WHERE pet_id = ? AND state <> 'accepted' ORDER BY id`,
  );
  const insert = db.prepare<[string, bigint, string, number | null, string, string, number, number, number]>(
    `INSERT INTO pet_changes (base_url, pet_id, patch, base_revision, base_pet, idempotency_key, state, created_at, updated_at, details_here)
     VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
  );
  const setPatch = db.prepare<[string, number, number]>(
    'UPDATE pet_changes SET patch = ?, updated_at = ? WHERE id = ?',
  );
  const anyOpen = db
    .prepare<[], number>(
      `SELECT EXISTS (SELECT 1 FROM pet_changes INDEXED BY pet_changes_open WHERE state <> 'accepted')`,
    )
    .pluck();
  const setConflict = db.prepare<[string | null, string, number, number]>(
    `UPDATE pet_changes SET state = 'conflict', theirs = ?, last_error = ?, next_attempt_at = 0, updated_at = ? WHERE id = ?`,
  );
  const setUnsupported = db.prepare<[string, number, string]>(
    `UPDATE pet_changes SET state = 'unsupported', last_error = ?, next_attempt_at = 0, updated_at = ?
     WHERE base_url = ? AND state IN ('pending', 'unknown', 'sending')`,
  );
  const changeSupport = createChangeSupport(db);
  const { holderOf } = createMicrochipHolders(db);

  const queueChange = (petId: string, patch: PetPatch, baseUrl: string, detailsHere: boolean): ChangeEntry | null => {
    const id = BigInt(petId);
    const server = serverVersion(id)!;
    if (changesNothing(shown.shown(id)!, patch)) return null; // the animal already shows it: nothing to send
    const open = openFor.all(id);
    const last = open.at(-1);

    const at = now();
    // Not sent yet (nor ever possibly sent): the new change joins it, and goes as one.
    if (
      last !== undefined &&
      (last.state === 'pending' || last.state === 'held') &&
      last.maybe_sent === 0 &&
      last.base_url === baseUrl &&
      last.details_here === (detailsHere ? 1 : 0)
    ) {
      const joined = composePatches(JSON.parse(last.patch) as PetPatch, patch);
      if (open.length === 1 && changesNothing(server, joined)) {
        queue.discard(queue.entryIdOf(last.id)); // back to what the server has: nothing left to send
        return null;
      }
      setPatch.run(JSON.stringify(joined), at, last.id);
      reshow(id);
      return queue.get(queue.entryIdOf(last.id))!;
    }
    const result = insert.run(
      baseUrl,
      id,
      JSON.stringify(patch),
      server.revision ?? null,
      JSON.stringify(server),
      newIdempotencyKey(),
      at,
      at,
      detailsHere ? 1 : 0,
    );
    reshow(id);
    return queue.get(queue.entryIdOf(Number(result.lastInsertRowid)))!;
  };
  /**
   * A change as a person made it: its date sold settled with its status (an animal under treatment
   * is not sold), its microchip number no other animal's here, its details sent with it to a server
   * that takes them, else kept here once the server has taken the rest (a change of details alone,
   * with nothing of the animal's on its way, at once). A server known to take no changes is sent none.
   */
  const change = writeTransaction(db, (petId: string, given: PetPatch, baseUrl: string): ChangeEntry | null => {
    const id = BigInt(petId);
    const before = shown.shown(id);
    if (before === undefined) {
      throw new ApiError('not_found', `Animal ${petId} is not known here; list the animals again and retry.`);
    }
    const settled = settleSale(before, applyPetPatch(before, given), given, localToday());
    refuseTakenMicrochip(settled, before, (microchip) => holderOf(microchip, { petId: id }));
    const patch: PetPatch =
      settled.soldOn === before.soldOn || given.soldOn !== undefined
        ? given
        : { ...given, soldOn: settled.soldOn ?? null };
    const detailsHere = !extensions.sendDetails(baseUrl);
    const detailsOnly = Object.keys(pickFields(patch, REMOTE_PERSON_FIELD_NAMES)).length === 0;
    if (detailsHere && detailsOnly && openFor.all(id).length === 0) {
      kept.keep(id, patch);
      return null;
    }
    if (changeSupport.support(baseUrl) === 'unsupported') throw changesUnsupported(environment, baseUrl);
    return queueChange(petId, patch, baseUrl, detailsHere);
  });

  /**
   * The details kept here, sent to the server that now takes them: one change of each such animal,
   * made to the server's version without them (what it has); none is kept here afterwards.
   */
  const uploadKept = writeTransaction(db, (baseUrl: string): number => {
    const at = now();
    let queued = 0;
    for (const { id, server, details } of kept.each()) {
      if (Object.keys(details).length === 0) continue;
      const base = { ...server };
      for (const name of DETAIL_FIELD_NAMES) delete base[name];
      insert.run(
        baseUrl,
        id,
        JSON.stringify(details),
        server.revision ?? null,
        JSON.stringify(base),
        newIdempotencyKey(),
        at,
        at,
        0,
      );
      queued++;
    }
    kept.unmarkAll();
    return queued;
  });

  return {
    ...queue,
    uploadKept,

    /**
     * A change of one of the server's animals, kept durably and shown at once. It joins a change of
     * the same animal not yet sent; one that brings the animal back to the server's version leaves
     * nothing to send (null). IMMEDIATE: the sync thread may claim the change it would join.
     */
    change(petId: string, patch: unknown, baseUrl: string): ChangeEntry | null {
      const valid = parseOrThrow(petPatchSchema('app'), patch, 'invalid_body', 'body');
      return change(petId, valid, baseUrl);
    },

    /** Someone changed the animal first: the change waits for a person, the server's version shows. */
    conflict: writeTransaction(db, (entryId: string, theirs: Pet | null, reason: string) => {
      const row = queue.row(entryId);
      if (row === undefined) return; // discarded while on its way
      setConflict.run(theirs === null ? null : JSON.stringify(theirs), reason, now(), row.id);
      if (theirs !== null) {
        pets.upsertPets([theirs]);
        shown.serverSent([theirs]);
      }
      reshow(BigInt(row.pet_id));
    }),

    /** The server takes no changes: every change waiting for it waits for a person, and none is offered again there. */
    unsupported: writeTransaction(db, (baseUrl: string, reason: string) => {
      changeSupport.note(baseUrl, false);
      const touched = queue.open().filter((entry) => entry.baseUrl === baseUrl);
      setUnsupported.run(reason, now(), baseUrl);
      for (const { petId } of touched) reshow(BigInt(petId));
    }),

    noteSupported: (baseUrl: string): void => changeSupport.note(baseUrl, true),
    support: changeSupport.support,

    /** The server's animals as they sent them (a list, a walk page, getPet). */
    serverSent: shown.serverSent,

    /** Not yet accepted, oldest first. */
    list: (): ChangeEntry[] => queue.open(),

    /** The latest change not yet accepted of each of these animals (what their rows show). */
    latestFor(petIds: readonly string[]): Map<string, ChangeEntry> {
      const latest = new Map<string, ChangeEntry>();
      if (anyOpen.get() !== 1) return latest; // the usual case: a window of rows costs one lookup

      for (const petId of petIds) {
        const row = openFor.all(BigInt(petId)).at(-1);
        if (row !== undefined) latest.set(petId, toEntry(row));
      }
      return latest;
    },
  };
}

export type PetChanges = ReturnType<typeof createPetChanges>;
