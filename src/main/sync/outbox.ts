import type {
  DiscardOutcome,
  FieldProblem,
  NewPet,
  OutboxEntry,
  OutboxState,
  Pet,
  PetStatus,
  RemoteEnvironment,
  StatusCounts,
  ValidAnimalsQuery,
} from '../../shared/contract';
import { writeTransaction, rawStatements, type SqliteDatabase } from '../store/database';
import type { PetStore } from '../store/pet-store';
import { ORDER_BY, petsFilter, toCounts } from '../store/name-search';
import { searchText } from '../store/search-text';
import { newIdempotencyKey } from './idempotency-keys';
import { createDueEntries } from './due-entries';
import { dueUnlessUnansweredTooLong, UNKNOWN_SINCE } from './key-memory';
import { MAY_BE_ON_SERVER } from './may-be-on-server';
import { ENTRY_COLUMNS, entryOf, type EntryRow } from './outbox-entry';

/** A due entry as claimed for sending. */
interface ClaimRow {
  entry_id: string;
  base_url: string;
  idempotency_key: string;
  name: string;
  category: string;
  status: PetStatus | null;
  state: OutboxState;
  attempts: number;
  unknown_since: number | null;
}

export interface ClaimedEntry {
  entryId: string;
  baseUrl: string;
  idempotencyKey: string;
  newPet: NewPet;
  attempts: number;
  /** Whether an earlier attempt may have reached the server. */
  previouslyUnknown: boolean;
}

/**
 * Which entries a status filter shows, and counts: not one the server refused. It never reached the
 * shop, so it is under All alone, where a person fixes or discards it.
 */
const UNDER_ITS_STATUS = `state <> 'rejected'`;

// No alias may share a column's name: SQLite sorts `ORDER BY id` by an alias of that name (as text).
const CLAIM_COLUMNS = `CAST(id AS TEXT) AS entry_id, base_url, idempotency_key, name, CAST(category_id AS TEXT) AS category, status, state, attempts, unknown_since`;

/**
 * The outbox of one replica: every SQL statement about entries lives here. Each change is one
 * transaction; with synchronous=FULL, an entry exists on disk once `add` has returned.
 */
export function createOutbox(
  db: SqliteDatabase,
  replica: PetStore,
  environment: RemoteEnvironment,
  now: () => number = Date.now,
) {
  const toEntry = (row: EntryRow): OutboxEntry => entryOf(row, environment);

  const statement = rawStatements(db);
  const insert = db
    .prepare<unknown[], EntryRow>(
      `INSERT INTO outbox (environment, base_url, idempotency_key, name, category_id, status, state, created_at, updated_at, search_text)
       VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?) RETURNING ${ENTRY_COLUMNS}`,
    )
    .raw();
  const byId = db.prepare<[string], EntryRow>(`SELECT ${ENTRY_COLUMNS} FROM outbox WHERE id = ?`).raw();
  const sameNameAndCategory = db
    .prepare<[string, bigint, number], EntryRow>(
      `SELECT ${ENTRY_COLUMNS} FROM outbox INDEXED BY outbox_unsynced
       WHERE state <> 'accepted' AND search_text = ? AND category_id = ? ORDER BY id LIMIT ?`,
    )
    .raw();
  const dueEntries = createDueEntries(db, 'outbox', now);
  const due = db.prepare<{ at: number; max: number }, ClaimRow>(dueEntries.dueSql(CLAIM_COLUMNS));
  const setState = db.prepare<{ id: string; state: OutboxState; next: number; error: string | null; at: number }>(
    `UPDATE outbox SET state = @state, next_attempt_at = @next, retry_set_at = @at, last_error = @error, updated_at = @at,
       maybe_sent = maybe_sent OR @state = 'unknown',
       unknown_since = CASE WHEN @state = 'unknown' THEN ${UNKNOWN_SINCE} ELSE unknown_since END
     WHERE id = @id`,
  );
  const claim = db.prepare<[number, number, string]>(
    `UPDATE outbox SET state = 'sending', attempts = attempts + 1, sent_at = ?, updated_at = ? WHERE id = ?`,
  );
  const accept = db.prepare<[bigint, number, string]>(
    `UPDATE outbox SET state = 'accepted', server_id = ?, last_error = NULL, updated_at = ? WHERE id = ?`,
  );
  const unsyncedPage = db
    .prepare<{ status: string | null; limit: number }, EntryRow>(
      `SELECT ${ENTRY_COLUMNS} FROM outbox INDEXED BY outbox_unsynced
       WHERE state <> 'accepted' AND (@status IS NULL OR (status = @status AND ${UNDER_ITS_STATUS})) ORDER BY id LIMIT @limit`,
    )
    .raw();
  const all = db.prepare<[], EntryRow>(`SELECT ${ENTRY_COLUMNS} FROM outbox ORDER BY id`).raw();
  // Only what is not yet accepted is counted: the partial index keeps that cheap however long the history.
  const counts = db.prepare<[], { state: OutboxState; n: number }>(
    `SELECT state, count(*) AS n FROM outbox INDEXED BY outbox_unsynced WHERE state <> 'accepted' GROUP BY state`,
  );
  const remove = db.prepare<[string], { mayBeOnServer: 0 | 1 }>(
    `DELETE FROM outbox WHERE id = ? AND state <> 'accepted' RETURNING ${MAY_BE_ON_SERVER} AS mayBeOnServer`,
  );
  // A rejected entry gets a new Idempotency-Key: a refusal created nothing, and a server that kept
  // the refusal under the old key would only replay it. A held one keeps its key: its new address
  // may be the same server under another name, which may have it already.
  const resendEntry = db.prepare<{
    id: string;
    name: string;
    category: bigint;
    status: string | null;
    baseUrl: string;
    key: string;
    at: number;
    searchText: string;
  }>(
    `UPDATE outbox SET name = @name, category_id = @category, status = @status, search_text = @searchText,
       base_url = CASE WHEN state = 'needs_confirmation' THEN @baseUrl ELSE base_url END,
       idempotency_key = CASE WHEN state = 'rejected' THEN @key ELSE idempotency_key END,
       state = 'pending', next_attempt_at = 0, last_error = NULL, last_error_fields = NULL, unknown_since = NULL, updated_at = @at
     WHERE id = @id AND state IN ('rejected', 'needs_confirmation')`,
  );
  // Only while the add is certainly not on the server: its key would then name another animal.
  const editEntry = db.prepare<{
    id: string;
    name: string;
    category: bigint;
    status: string | null;
    at: number;
    searchText: string;
  }>(
    `UPDATE outbox SET name = @name, category_id = @category, status = @status, search_text = @searchText, updated_at = @at
     WHERE id = @id AND state IN ('pending', 'rejected', 'needs_confirmation') AND maybe_sent = 0`,
  );
  const setRejected = db.prepare<{ id: string; error: string; fields: string | null; at: number }>(
    `UPDATE outbox SET state = 'rejected', next_attempt_at = 0, last_error = @error, last_error_fields = @fields, updated_at = @at
     WHERE id = @id`,
  );

  const claimDue = writeTransaction(db, (max: number, held?: (count: number) => void): ClaimedEntry[] => {
    const at = now();
    const hold = (row: ClaimRow, reason: string) =>
      setState.run({ id: row.entry_id, state: 'needs_confirmation', next: 0, error: reason, at });
    const rows = dueUnlessUnansweredTooLong(() => due.all({ at, max }), { kind: 'add', environment, at }, hold, held);
    return rows.map((row) => {
      claim.run(at, at, row.entry_id);
      return {
        entryId: row.entry_id,
        baseUrl: row.base_url,
        idempotencyKey: row.idempotency_key,
        newPet: { name: row.name, categoryId: row.category, ...(row.status === null ? {} : { status: row.status }) },
        attempts: row.attempts + 1,
        previouslyUnknown: row.state === 'unknown',
      };
    });
  });

  // What a sender that is gone had on its way may or may not have reached the server.
  const reclaimSending = db.prepare(
    `UPDATE outbox SET state = 'unknown', maybe_sent = 1, unknown_since = ${UNKNOWN_SINCE} WHERE state = 'sending'`,
  );

  const get = (entryId: string): OutboxEntry | undefined => {
    const row = byId.get(entryId);
    return row === undefined ? undefined : toEntry(row);
  };

  return {
    environment,

    /** Written durably, to be sent with `idempotencyKey` (a new one, unless the add has its own: an imported row's). */
    add(newPet: NewPet, baseUrl: string, idempotencyKey: string = newIdempotencyKey()): OutboxEntry {
      const at = now();
      return toEntry(
        insert.get(
          environment,
          baseUrl,
          idempotencyKey,
          newPet.name,
          BigInt(newPet.categoryId),
          newPet.status ?? null,
          at,
          at,
          searchText(newPet.name),
        )!,
      );
    },

    get,

    /** Up to `limit` entries not yet on the server of this name (as search reads it) in this category. */
    lookAlikes: (name: string, categoryId: string, limit: number): OutboxEntry[] =>
      sameNameAndCategory.all(searchText(name.trim()), BigInt(categoryId), limit).map(toEntry),

    /**
     * Up to `max` due entries, marked sending in one transaction, oldest first. IMMEDIATE: it reads
     * then writes, and another connection (the app's, or a sync thread's) may write in between.
     * One unanswered for longer than the server remembers its key is held instead (told to `held`).
     */
    claimDue: (max: number, held?: (count: number) => void): ClaimedEntry[] => claimDue(max, held),

    /** The server has them: the entries become its animals, in one transaction. */
    accept: writeTransaction(db, (accepted: ReadonlyArray<{ entryId: string; pet: Pet }>) => {
      const at = now();
      for (const { entryId, pet } of accepted) accept.run(BigInt(pet.id), at, entryId);
      replica.upsertPets(accepted.map(({ pet }) => pet));
    }),

    reject(entryId: string, reason: string, fields?: FieldProblem[]): void {
      setRejected.run({ id: entryId, error: reason, fields: fields ? JSON.stringify(fields) : null, at: now() });
    },

    retryLater(entryId: string, state: 'pending' | 'unknown', delayMs: number, error: string): void {
      setState.run({ id: entryId, state, next: now() + delayMs, error, at: now() });
    },

    needsConfirmation(entryId: string, reason: string): void {
      setState.run({ id: entryId, state: 'needs_confirmation', next: 0, error: reason, at: now() });
    },

    /**
     * A person's "send it again": a rejected entry, as it was or corrected (`fixed`); a held one, for
     * the server's current address `baseUrl` (and corrected too, if asked); a waiting one, at once.
     * What it did, or why it could not: the entry is gone, already on the server, or (when corrected)
     * no longer refused or held. One transaction: the sync thread may be claiming it meanwhile.
     */
    resend: writeTransaction(
      db,
      (
        entryId: string,
        baseUrl: string,
        fixed?: NewPet,
      ): 'resent' | 'due now' | 'not found' | 'accepted' | 'on its way' => {
        const entry = get(entryId);
        if (entry === undefined) return 'not found';
        if (entry.state === 'accepted') return 'accepted';
        if (entry.state === 'rejected' || entry.state === 'needs_confirmation') {
          const pet = fixed ?? entry;
          resendEntry.run({
            id: entryId,
            name: pet.name,
            category: BigInt(pet.categoryId),
            status: pet.status ?? null,
            baseUrl,
            key: newIdempotencyKey(),
            at: now(),
            searchText: searchText(pet.name),
          });
          return 'resent';
        }
        if (fixed !== undefined) return 'on its way';
        dueEntries.dueNow(entryId);
        return 'due now';
      },
    ),
    /**
     * A change of an animal not yet added: the add carries it. False when the add may have reached
     * the server already (on its way, or a send went unanswered), or is there.
     */
    edit(entryId: string, pet: NewPet): boolean {
      return (
        editEntry.run({
          id: entryId,
          name: pet.name,
          category: BigInt(pet.categoryId),
          status: pet.status ?? null,
          at: now(),
          searchText: searchText(pet.name),
        }).changes === 1
      );
    },
    /** Entries a sender that is gone left on their way: sent again, with their Idempotency-Key (see sender-lease.ts). */

    reclaimFromGoneSender(): void {
      reclaimSending.run();
    },
    /** Decided in one statement: the sync thread may be sending it at this moment. */
    discard(entryId: string): DiscardOutcome {
      const removed = remove.get(entryId);
      return removed === undefined
        ? { discarded: false, mayBeOnServer: true }
        : { discarded: true, mayBeOnServer: removed.mayBeOnServer === 1 };
    },

    /** Not yet accepted, oldest first (the order they are sent in): at most `limit`, optionally of one status. */
    unsynced: ({ limit = 100, status }: { limit?: number; status?: PetStatus } = {}): OutboxEntry[] =>
      unsyncedPage.all({ status: status ?? null, limit }).map(toEntry),
    list: (): OutboxEntry[] => all.all().map(toEntry),

    /** The animals screen's rows of entries not yet accepted (always listed before the server's animals). */
    browse(
      { status, search, sort }: Pick<ValidAnimalsQuery, 'status' | 'search' | 'sort'>,
      offset: number,
      limit: number,
    ) {
      // The outbox is small (what was added here and not yet accepted): a scan serves any search.
      const filter = petsFilter(status, search, false);
      const refused = status === undefined ? '' : ` AND ${UNDER_ITS_STATUS}`;
      const sql = `SELECT ${ENTRY_COLUMNS} FROM outbox WHERE state <> 'accepted'${refused} AND ${filter.sql}
        ORDER BY ${ORDER_BY[sort]} LIMIT ? OFFSET ?`;
      return (statement(sql).all(...filter.params, limit, offset) as EntryRow[]).map(toEntry);
    },
    countByStatus(search: string | undefined): StatusCounts {
      const filter = petsFilter(undefined, search, false);
      const sql = `SELECT CASE WHEN ${UNDER_ITS_STATUS} THEN status END, count(*) FROM outbox
        WHERE state <> 'accepted' AND ${filter.sql} GROUP BY 1`;
      return toCounts(statement(sql).all(...filter.params) as Array<[PetStatus | null, number]>);
    },
    counts() {
      const by = Object.fromEntries(counts.all().map(({ state, n }) => [state, n])) as Partial<
        Record<OutboxState, number>
      >;
      return {
        pending: (by.pending ?? 0) + (by.sending ?? 0) + (by.unknown ?? 0),
        rejected: by.rejected ?? 0,
        needsConfirmation: by.needs_confirmation ?? 0,
      };
    },
    makeAllDue: dueEntries.makeAllDue,
    /** When the next waiting entry is due (ms since epoch; at most now when due), or null when none waits. */
    nextDueAt: dueEntries.nextDueAt,
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
