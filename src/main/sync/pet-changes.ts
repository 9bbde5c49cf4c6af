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
  petIdSchema,
  pickFields,
  REMOTE_PERSON_FIELD_NAMES,
  settleAnimal,
  type ChangeEntry,
  type Pet,
  type PetPatch,
  type QueuedPatch,
  type RemoteEnvironment,
  sentApartIn,
} from '../../shared/contract';
import { actToSend } from './act-to-send';
import { personAct } from '../database/write-context';
import { writeTransaction, type SqliteDatabase } from '../database/database';
import { RemoteError } from '../remote/remote-error';
import { refuseTakenMicrochip } from '../database/microchip-holder';
import type { PetsTable } from '../database/pets-table';
import { newIdempotencyKey } from './idempotency-keys';
import { createChangeSupport } from './change-support';
import { createKeptDetails } from './kept-details';
import { createMicrochipHolders } from './microchip-holders';
import { createReplicaPhotos, type HeldPhoto } from './replica-photos';
import type { ServerExtensions } from './server-extensions';
import { createShownAnimals } from './shown-animals';
import { changeKind, type ChangeRow } from './change-kind';
import { saleTermsIn } from './sales-to-send';
import { createWriteQueue, rowIdIn } from './write-queue';

export type { ClaimedChange } from './change-kind';

export const changesUnsupported = (environment: RemoteEnvironment, baseUrl: string) =>
  new RemoteError(
    'changes_unsupported',
    `The ${environment} server (${baseUrl}) does not take changes to animals; nothing was changed. Change it on the server some other way, or set another address.`,
  );

/** Whether an entry id is a change's ("c12"). */
export const isChangeEntryId = (entryId: string): boolean => rowIdIn(CHANGE_ENTRY_PREFIX, entryId) !== null;

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
  const photos = createReplicaPhotos(db);
  // Read with safe integers (an animal's id is an int64): details_here arrives as a bigint too.
  const acceptedEntry = db.prepare<[number], { pet_id: bigint; patch: string; details_here: bigint }>(
    'SELECT pet_id, patch, details_here FROM pet_changes WHERE id = ?',
  );
  /** What an accepted change leaves here: its details when they stay here; its photo under the server's digest. */
  const afterAccepted = (rowId: number, answer: Pet) => {
    const entry = acceptedEntry.safeIntegers().get(rowId);
    if (entry === undefined) return;
    const patch = JSON.parse(entry.patch) as QueuedPatch;
    if (entry.details_here === 1n) kept.keep(entry.pet_id, patch);
    if (typeof patch.photo === 'string' && answer.photo !== undefined)
      photos.renamed(entry.pet_id, patch.photo, answer.photo);
  };
  const queue = createWriteQueue(
    db,
    changeKind(
      pets,
      photos,
      shown,
      (...args) => rebase.run(...args),
      afterAccepted,
      (act) => actToSend(act, extensions.takesHistory()),
    ),
    environment,
    now,
  );
  const { columns, toEntry } = queue;

  const openFor = db.prepare<[bigint], ChangeRow>(
    `SELECT ${columns} FROM pet_changes INDEXED BY pet_changes_open WHERE pet_id = ? AND state <> 'accepted' ORDER BY id`,
  );
  // Each with the person's act around it (write-context.ts): who made it and when, for a server that records them.
  const insert = db.prepare<
    [string, bigint, string, number | null, string, string, number, number, number, string | null]
  >(
    `INSERT INTO pet_changes (base_url, pet_id, patch, base_revision, base_pet, idempotency_key, state, created_at, updated_at, details_here, act)
     VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?)`,
  );
  // A change joined to one not yet sent is the latest person's: the server is told who made it last.
  const setPatch = db.prepare<[string, number, string | null, number]>(
    'UPDATE pet_changes SET patch = ?, updated_at = ?, act = coalesce(?, act) WHERE id = ?',
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

  const queueChange = (
    petId: string,
    patch: QueuedPatch,
    baseUrl: string,
    detailsHere: boolean,
  ): ChangeEntry | null => {
    const id = BigInt(petId);
    const server = serverVersion(id)!;
    if (changesNothing(shown.shown(id)!, patch)) return null; // the animal already shows it: nothing to send
    const open = openFor.all(id);
    const last = open.at(-1);

    const at = now();
    // Not sent yet (nor ever possibly sent): the new change joins it, and goes as one (a photo
    // joins only a photo: it is a request of its own).
    if (
      last !== undefined &&
      (last.state === 'pending' || last.state === 'held') &&
      last.maybe_sent === 0 &&
      last.base_url === baseUrl &&
      last.details_here === (detailsHere ? 1 : 0) &&
      sentApartIn(JSON.parse(last.patch) as QueuedPatch) === sentApartIn(patch)
    ) {
      const joined = composePatches(JSON.parse(last.patch) as QueuedPatch, patch);
      if (open.length === 1 && changesNothing(server, joined)) {
        queue.discard(queue.entryIdOf(last.id)); // back to what the server has: nothing left to send
        return null;
      }
      // A sale is a request of its own (sales-to-send.ts): it joins nothing, and nothing joins it.
      if (saleTermsIn(last.act) === undefined && saleTermsIn(personAct(db)) === undefined) {
        setPatch.run(JSON.stringify(joined), at, personAct(db), last.id);
        reshow(id);
        return queue.get(queue.entryIdOf(last.id))!;
      }
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
      personAct(db),
    );
    reshow(id);
    return queue.get(queue.entryIdOf(Number(result.lastInsertRowid)))!;
  };
  /**
   * A change as a person made it: its date sold settled with its status (an animal under treatment
   * is not sold), how it left checked, its microchip number no other animal's here, its details
   * sent with it to a server that takes them, else kept here once the server has taken the rest (a
   * change of details alone, with nothing of the animal's on its way, at once). A server known to
   * take no changes is sent none.
   */
  const change = writeTransaction(db, (petId: string, given: PetPatch, baseUrl: string): ChangeEntry | null => {
    const id = BigInt(petId);
    const before = shown.shown(id);
    if (before === undefined) {
      throw new ApiError('not_found', `Animal ${petId} is not known here; list the animals again and retry.`);
    }
    const settled = settleAnimal(before, applyPetPatch(before, given), given, localToday());
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
   * A photo set (or removed: null) here for one of the server's animals: shown at once; sent, in
   * order with the animal's other changes, to a server that takes photos, else kept here (marked)
   * until it does and a person uploads it.
   */
  const changePhoto = writeTransaction(
    db,
    (petId: string, photo: HeldPhoto | null, baseUrl: string): ChangeEntry | null => {
      const id = BigInt(parseOrThrow(petIdSchema, petId, 'invalid_parameter', 'petId'));
      if (shown.shown(id) === undefined) {
        throw new ApiError('not_found', `Animal ${petId} is not known here; list the animals again and retry.`);
      }
      if (photo !== null) photos.keep(id, photo);
      const digest = photo?.digest ?? null;
      let entry: ChangeEntry | null = null;
      if (extensions.sendPhotos(baseUrl)) entry = queueChange(petId, { photo: digest }, baseUrl, false);
      else kept.keepPhoto(id, digest);
      photos.tidy(id);
      return entry;
    },
  );

  /**
   * The details (and photos) kept here, sent to the server that now takes them: one change of each
   * such animal (and one of its photo), made to the server's version without them (what it has);
   * none is kept here afterwards. How many animals' were queued.
   */
  const uploadKept = writeTransaction(db, (baseUrl: string): number => {
    const at = now();
    const animals = new Set<bigint>();
    for (const { id, server, details } of kept.each()) {
      queueUpload(baseUrl, id, details, server, DETAIL_FIELD_NAMES, at);
      animals.add(id);
    }
    kept.unmarkAll();
    if (!extensions.takesPhotos(baseUrl)) return animals.size;
    // The photos kept here, after the details: each change made on top of the one before it.
    for (const { id, photo } of kept.photos()) {
      const server = shown.serverVersion(id);
      if (server === undefined || photo === null) continue;
      queueUpload(baseUrl, id, { photo }, server, ['photo'], at);
      animals.add(id);
    }
    kept.unmarkPhotos();
    return animals.size;
  });

  /** What was kept here, as one change made to the server's version without it (what the server has). */
  function queueUpload(
    baseUrl: string,
    id: bigint,
    patch: QueuedPatch,
    server: Pet,
    without: readonly string[],
    at: number,
  ): void {
    const base: Record<string, unknown> = { ...server };
    for (const name of without) delete base[name];
    const revision = server.revision ?? null;
    insert.run(
      baseUrl,
      id,
      JSON.stringify(patch),
      revision,
      JSON.stringify(base),
      newIdempotencyKey(),
      at,
      at,
      0,
      personAct(db),
    );
  }

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
    changePhoto,
    /**
     * The animal's photo as shown here (or its thumbnail; `asked`: that photo of the animal's, the
     * server's in a conflict), with its digest; undefined when it shows none or it is not held.
     */
    photo(petId: string, size: 'image' | 'thumbnail', asked?: string): { bytes: Buffer; digest: string } | undefined {
      const id = BigInt(parseOrThrow(petIdSchema, petId, 'invalid_parameter', 'petId'));
      const digest = asked ?? shown.shown(id)?.photo;
      if (digest === undefined) return undefined;
      const bytes = size === 'image' ? photos.image(id, digest) : photos.thumbnail(id, digest);
      return bytes === undefined ? undefined : { bytes, digest };
    },
    photos,

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
