import {
  ApiError,
  CHANGE_ENTRY_PREFIX,
  changesNothing,
  composePatches,
  petPatchSchema,
  parseOrThrow,
  type ChangeEntry,
  type ChangeState,
  type DiscardOutcome,
  type FieldProblem,
  type Pet,
  type PetPatch,
  type RemoteEnvironment,
} from '../../shared/contract';
import { writeTransaction, type SqliteDatabase } from '../store/database';
import type { PetStore } from '../store/pet-store';
import { newIdempotencyKey } from './idempotency-keys';
import { createChangeSupport } from './change-support';
import { createDueEntries } from './due-entries';
import { dueUnlessUnansweredTooLong, UNKNOWN_SINCE } from './key-memory';
import { MAY_BE_ON_SERVER } from './may-be-on-server';
import { createShownAnimals } from './shown-animals';
import { CHANGE_COLUMNS, changeEntryOf, changeRowId, type ChangeRow, type ClaimedChange } from './change-entry';

export { changeRowId, isChangeEntryId, type ClaimedChange } from './change-entry';

/**
 * The changes made here to the server's animals, in the replica's file: every SQL statement about
 * them lives here, but for how the animals being changed are shown (shown-animals.ts).
 */
export function createPetChanges(
  db: SqliteDatabase,
  pets: PetStore,
  environment: RemoteEnvironment,
  now: () => number = Date.now,
) {
  const byId = db.prepare<[number], ChangeRow>(`SELECT ${CHANGE_COLUMNS} FROM pet_changes WHERE id = ?`);
  const openFor = db.prepare<[bigint], ChangeRow>(
    `SELECT ${CHANGE_COLUMNS} FROM pet_changes INDEXED BY pet_changes_open WHERE pet_id = ? AND state <> 'accepted' ORDER BY id`,
  );
  const insert = db.prepare<[string, bigint, string, number | null, string, string, number, number]>(
    `INSERT INTO pet_changes (base_url, pet_id, patch, base_revision, base_pet, idempotency_key, state, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
  );
  const setPatch = db.prepare<[string, number, number]>(
    'UPDATE pet_changes SET patch = ?, updated_at = ? WHERE id = ?',
  );
  const remove = db.prepare<[number], { mayBeOnServer: 0 | 1 }>(
    `DELETE FROM pet_changes WHERE id = ? AND state <> 'accepted' RETURNING ${MAY_BE_ON_SERVER} AS mayBeOnServer`,
  );
  const anyOpen = db
    .prepare<[], number>(
      `SELECT EXISTS (SELECT 1 FROM pet_changes INDEXED BY pet_changes_open WHERE state <> 'accepted')`,
    )
    .pluck();

  const dueEntries = createDueEntries(db, 'pet_changes', now);
  const due = db.prepare<{ at: number; max: number }, ChangeRow>(dueEntries.dueSql(CHANGE_COLUMNS));
  const claim = db.prepare<[number, number, number]>(
    `UPDATE pet_changes SET state = 'sending', attempts = attempts + 1, sent_at = ?, updated_at = ? WHERE id = ?`,
  );
  const setState = db.prepare<{ id: number; state: ChangeState; next: number; error: string | null; at: number }>(
    `UPDATE pet_changes SET state = @state, next_attempt_at = @next, retry_set_at = @at, last_error = @error, updated_at = @at,
       maybe_sent = maybe_sent OR @state = 'unknown',
       unknown_since = CASE WHEN @state = 'unknown' THEN ${UNKNOWN_SINCE} ELSE unknown_since END
     WHERE id = @id`,
  );
  // The revision the server answered is kept: a change it made moved the revision past the base.
  const accepted = db.prepare<[number | null, number, number]>(
    `UPDATE pet_changes SET state = 'accepted', answer_revision = ?, last_error = NULL, theirs = NULL, updated_at = ? WHERE id = ?`,
  );
  // What follows an accepted change of the same animal was made on top of it: it is to the new revision.
  const rebase = db.prepare<[number | null, string, number, bigint, number]>(
    `UPDATE pet_changes SET base_revision = ?, base_pet = ?, updated_at = ?
     WHERE pet_id = ? AND id > ? AND state <> 'accepted'`,
  );
  const setConflict = db.prepare<[string | null, string, number, number]>(
    `UPDATE pet_changes SET state = 'conflict', theirs = ?, last_error = ?, next_attempt_at = 0, updated_at = ? WHERE id = ?`,
  );
  const setRejected = db.prepare<[string, string | null, number, number]>(
    `UPDATE pet_changes SET state = 'rejected', last_error = ?, last_error_fields = ?, next_attempt_at = 0, updated_at = ? WHERE id = ?`,
  );
  const setUnsupported = db.prepare<[string, number, string]>(
    `UPDATE pet_changes SET state = 'unsupported', last_error = ?, next_attempt_at = 0, updated_at = ?
     WHERE base_url = ? AND state IN ('pending', 'unknown', 'sending')`,
  );
  // A person's decision: sent again (to the server's version now, for keep-mine), with a new key:
  // what was refused created nothing under the old one.
  const resendAs = db.prepare<{
    id: number;
    revision: number | null;
    base: string | null;
    baseUrl: string;
    key: string;
    at: number;
  }>(
    `UPDATE pet_changes SET state = 'pending', next_attempt_at = 0, last_error = NULL, last_error_fields = NULL, theirs = NULL,
       base_revision = CASE WHEN @base IS NULL THEN base_revision ELSE @revision END,
       base_pet = coalesce(@base, base_pet),
       base_url = @baseUrl,
       idempotency_key = CASE WHEN state = 'needs_confirmation' THEN idempotency_key ELSE @key END,
       unknown_since = NULL, updated_at = @at
     WHERE id = @id AND state IN ('conflict', 'rejected', 'unsupported', 'needs_confirmation')`,
  );
  const all = db.prepare<[], ChangeRow>(
    `SELECT ${CHANGE_COLUMNS} FROM pet_changes WHERE state <> 'accepted' ORDER BY id`,
  );
  const counts = db.prepare<[], { state: ChangeState; n: number }>(
    `SELECT state, count(*) AS n FROM pet_changes INDEXED BY pet_changes_open WHERE state <> 'accepted' GROUP BY state`,
  );
  const reclaimSending = db.prepare(
    `UPDATE pet_changes SET state = 'unknown', maybe_sent = 1, unknown_since = ${UNKNOWN_SINCE} WHERE state = 'sending'`,
  );
  const changeSupport = createChangeSupport(db);

  const toEntry = (row: ChangeRow): ChangeEntry => changeEntryOf(row, environment);

  const shown = createShownAnimals(db);
  const { serverVersion, reshow } = shown;

  const change = writeTransaction(db, (petId: string, patch: PetPatch, baseUrl: string): ChangeEntry | null => {
    const id = BigInt(petId);
    const server = serverVersion(id);
    if (server === undefined) {
      throw new ApiError('not_found', `Animal ${petId} is not known here; list the animals again and retry.`);
    }
    if (changesNothing(shown.shown(id)!, patch)) return null; // the animal already shows it: nothing to send
    const open = openFor.all(id);
    const last = open.at(-1);

    const at = now();
    // Not sent yet (nor ever possibly sent): the new change joins it, and goes as one.
    if (
      last !== undefined &&
      (last.state === 'pending' || last.state === 'needs_confirmation') &&
      last.maybe_sent === 0 &&
      last.base_url === baseUrl
    ) {
      const joined = composePatches(JSON.parse(last.patch) as PetPatch, patch);
      if (open.length === 1 && changesNothing(server, joined)) {
        remove.get(last.id); // back to what the server has: nothing left to send
        reshow(id);
        return null;
      }
      setPatch.run(JSON.stringify(joined), at, last.id);
      reshow(id);
      return toEntry(byId.get(last.id)!);
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
    );
    reshow(id);
    return toEntry(byId.get(Number(result.lastInsertRowid))!);
  });

  const claimDue = writeTransaction(db, (max: number, held?: (count: number) => void): ClaimedChange[] => {
    const at = now();
    const hold = (row: ChangeRow, reason: string) =>
      setState.run({ id: row.id, state: 'needs_confirmation', next: 0, error: reason, at });
    const rows = dueUnlessUnansweredTooLong(
      () => due.all({ at, max }),
      { kind: 'change', environment, at },
      hold,
      held,
    );
    return rows.map((row) => {
      claim.run(at, at, row.id);
      return {
        entryId: `${CHANGE_ENTRY_PREFIX}${row.id}`,
        baseUrl: row.base_url,
        idempotencyKey: row.idempotency_key,
        petId: row.pet_id,
        patch: JSON.parse(row.patch) as PetPatch,
        revision: row.base_revision,
        attempts: row.attempts + 1,
        previouslyUnknown: row.state === 'unknown',
      };
    });
  });

  const rowOf = (entryId: string): ChangeRow | undefined => {
    const id = changeRowId(entryId);
    return id === null ? undefined : byId.get(id);
  };

  return {
    /**
     * A change of one of the server's animals, kept durably and shown at once. It joins a change of
     * the same animal not yet sent; one that brings the animal back to the server's version leaves
     * nothing to send (null). IMMEDIATE: the sync thread may claim the change it would join.
     */
    change(petId: string, patch: unknown, baseUrl: string): ChangeEntry | null {
      const valid = parseOrThrow(petPatchSchema('app'), patch, 'invalid_body', 'body');
      return change(petId, valid, baseUrl);
    },

    get: (entryId: string): ChangeEntry | undefined => {
      const row = rowOf(entryId);
      return row === undefined ? undefined : toEntry(row);
    },

    /**
     * Due changes, oldest first, one per animal at a time (a later one waits for the earlier). One
     * unanswered for longer than the server remembers its key is held instead (told to `held`).
     */
    claimDue: (max: number, held?: (count: number) => void): ClaimedChange[] => claimDue(max, held),

    /** The server has them: its answers become the animals' server versions. */
    accept: writeTransaction(db, (done: ReadonlyArray<{ entryId: string; pet: Pet }>) => {
      const at = now();
      for (const { entryId, pet } of done) {
        const id = changeRowId(entryId)!;
        accepted.run(pet.revision ?? null, at, id);
        rebase.run(pet.revision ?? null, JSON.stringify(pet), at, BigInt(pet.id), id);
      }
      const sent = done.map(({ pet }) => pet);
      pets.upsertPets(sent);
      for (const pet of sent) shown.settle(pet);
    }),

    /** Someone changed the animal first: the change waits for a person, the server's version shows. */
    conflict: writeTransaction(db, (entryId: string, theirs: Pet | null, reason: string) => {
      const row = rowOf(entryId);
      if (row === undefined) return; // discarded while on its way
      setConflict.run(theirs === null ? null : JSON.stringify(theirs), reason, now(), row.id);
      if (theirs !== null) {
        pets.upsertPets([theirs]);
        shown.serverSent([theirs]);
      }
      reshow(BigInt(row.pet_id));
    }),

    reject: writeTransaction(db, (entryId: string, reason: string, fields?: FieldProblem[]) => {
      const row = rowOf(entryId);
      if (row === undefined) return; // discarded while on its way
      setRejected.run(reason, fields ? JSON.stringify(fields) : null, now(), row.id);
      reshow(BigInt(row.pet_id));
    }),

    /** The server takes no changes: every change waiting for it waits for a person, and none is offered again there. */
    unsupported: writeTransaction(db, (baseUrl: string, reason: string) => {
      changeSupport.note(baseUrl, false);
      const touched = all.all().filter((row) => row.base_url === baseUrl);
      setUnsupported.run(reason, now(), baseUrl);
      for (const row of touched) reshow(BigInt(row.pet_id));
    }),

    noteSupported: (baseUrl: string): void => changeSupport.note(baseUrl, true),
    support: changeSupport.support,

    retryLater(entryId: string, state: 'pending' | 'unknown', delayMs: number, error: string): void {
      setState.run({ id: changeRowId(entryId)!, state, next: now() + delayMs, error, at: now() });
    },

    needsConfirmation(entryId: string, reason: string): void {
      setState.run({ id: changeRowId(entryId)!, state: 'needs_confirmation', next: 0, error: reason, at: now() });
    },

    /**
     * A person's "keep mine" or "send again": a conflict is sent again to the server's version
     * now (`theirs`); a refused, held or unsupported one as it was, to `baseUrl`; a waiting one, at once.
     */
    resend: writeTransaction(
      db,
      (entryId: string, baseUrl: string): 'resent' | 'due now' | 'not found' | 'accepted' => {
        const row = rowOf(entryId);
        if (row === undefined) return 'not found';
        if (row.state === 'accepted') return 'accepted';
        if (row.state === 'pending' || row.state === 'unknown' || row.state === 'sending') {
          dueEntries.dueNow(row.id);
          return 'due now';
        }
        const theirs = row.state === 'conflict' && row.theirs !== null ? (JSON.parse(row.theirs) as Pet) : null;
        resendAs.run({
          id: row.id,
          revision: theirs?.revision ?? null,
          base: theirs === null ? null : row.theirs,
          baseUrl,
          key: newIdempotencyKey(),
          at: now(),
        });
        reshow(BigInt(row.pet_id));
        return 'resent';
      },
    ),

    /** A person's "take theirs" or "discard": the change is never sent; the server's version shows. */
    discard: writeTransaction(db, (entryId: string): DiscardOutcome => {
      const row = rowOf(entryId);
      const removed = row === undefined ? undefined : remove.get(row.id);
      if (row === undefined || removed === undefined) return { discarded: false, mayBeOnServer: true };
      reshow(BigInt(row.pet_id));
      return { discarded: true, mayBeOnServer: removed.mayBeOnServer === 1 };
    }),

    /** The server's animals as it sent them (a list, a walk page, getPet). */
    serverSent: shown.serverSent,

    reclaimFromGoneSender(): void {
      reclaimSending.run();
    },

    /** Not yet accepted, oldest first. */
    list: (): ChangeEntry[] => all.all().map(toEntry),

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

    counts() {
      const by = Object.fromEntries(counts.all().map(({ state, n }) => [state, n])) as Partial<
        Record<ChangeState, number>
      >;
      return {
        pending: (by.pending ?? 0) + (by.sending ?? 0) + (by.unknown ?? 0),
        rejected: (by.rejected ?? 0) + (by.unsupported ?? 0),
        needsConfirmation: by.needs_confirmation ?? 0,
        conflicts: by.conflict ?? 0,
      };
    },
    behindAPerson: dueEntries.behindAPerson,
    makeAllDue: dueEntries.makeAllDue,
    /** When the next change a claim would take is due (at most now when due), or null when none could be taken. */
    nextDueAt: dueEntries.nextDueAt,
  };
}

export type PetChanges = ReturnType<typeof createPetChanges>;
