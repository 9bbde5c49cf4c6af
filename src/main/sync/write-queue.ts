/*
 * One write queue for every kind of write made here for a server (an add, a change of an animal;
 * next, say, a photo or a sale), as Replicache keeps one list of pending mutations whatever their
 * mutator. Each kind's entries wait in a table of their own and live one life, written once here:
 * made pending; claimed (sending) with their Idempotency-Key; then accepted, refused, retried later
 * with backoff (unknown when the send may have arrived), or held for a person;
 * resent or discarded by a person; reclaimed (unknown) from a sender that is gone. A kind supplies
 * only what differs, as a QueueKind: its columns, its row as its entry and as what is sent, and
 * what an acceptance and a resend write of its own.
 *
 * A new kind of write is:
 * 1. Its table, in a replica migration (src/main/database/migrations.ts): the shared columns (id
 *    INTEGER PRIMARY KEY AUTOINCREMENT, base_url, idempotency_key UNIQUE, state, attempts,
 *    next_attempt_at, retry_set_at, sent_at, unknown_since, maybe_sent, last_error,
 *    last_error_fields, created_at, updated_at), its own, and two partial indexes: on (id) WHERE
 *    state IN ('pending', 'unknown'), and on (id), or (its inOrderOf column, id), WHERE state <> 'accepted'.
 * 2. One kind file, like outbox.ts or pet-changes.ts: its QueueKind, the queue made of it with
 *    createWriteQueue, and what only that kind does (how an entry is made).
 * 3. Its sender, like add-sender.ts or change-sender.ts (a KindSender, see queue-drain.ts): the
 *    request, how an answer is judged, and how a batch is formed if its server takes batches.
 * 4. Its queue and its sender listed in write-kinds.ts, in the order a pass sends them. The
 *    engine's one drain, the sender lease's reclaim, the status counts and the next due time follow.
 * Beyond this room: its entry type in src/shared/contract/sync.ts, its request in the remote
 * client, its use cases, and the row that shows it.
 */
import type { DiscardOutcome, FieldProblem, Pet, RemoteEnvironment } from '../../shared/contract';
import { writeTransaction, type SqliteDatabase } from '../database/database';
import { createDueEntries } from './due-entries';
import { createSetAside, type RestoreOutcome } from './set-aside';
import { newIdempotencyKey } from './idempotency-keys';
import { dueUnlessUnansweredTooLong, UNKNOWN_SINCE, type UnansweredWords } from './key-memory';

/** Whether the server may have an entry: it is on its way at this moment, or a send of it went unanswered. */
const MAY_BE_ON_SERVER = `(maybe_sent = 1 OR state IN ('sending', 'unknown'))`;

/** The shared columns of a row, as every queue reads them. */
export interface QueueRow<S extends string = string> {
  id: number;
  base_url: string;
  idempotency_key: string;
  state: S;
  attempts: number;
  last_error: string | null;
  last_error_fields: string | null;
  maybe_sent: 0 | 1;
  may_be_on_server: 0 | 1;
  unknown_since: number | null;
  created_at: number;
}
const SHARED_COLUMNS = `id, base_url, idempotency_key, state, attempts, last_error, last_error_fields, maybe_sent,
  ${MAY_BE_ON_SERVER} AS may_be_on_server, unknown_since, created_at`;

/** What every claimed entry carries: where and under which key it goes, and what a failure means for it. */
export interface ClaimedBase {
  entryId: string;
  baseUrl: string;
  idempotencyKey: string;
  attempts: number;
  /** Whether an earlier attempt may have reached the server. */
  previouslyUnknown: boolean;
}

/**
 * What a kind of write supplies to its queue: only what differs from every other kind. `Fix`: what a
 * person may correct it with when resending; `Answer`: what the server answers when it accepts one.
 */
export interface QueueKind<Row extends QueueRow, Entry, Sent, Fix = never, Answer = Pet> {
  table: string;
  /** Its partial indexes: of the entries waiting (pending, unknown), and of those not yet accepted. */
  indexes: { waiting: string; open: string };
  /** Its own columns, read with the shared ones (no alias a column's name: `ORDER BY id` would sort by it). */
  columns: string;
  /** What its entry ids start with, before the row id ('' for adds: their ids are plain numbers). */
  idPrefix: string;
  /** States of its own, each waiting for a person, and the status count each is under. */
  ownStates?: Readonly<Record<string, 'refused' | 'conflicts'>>;
  /** A column whose entries go one at a time, oldest first: each is made on top of the one before. */
  inOrderOf?: string;
  /** How a held entry's reason names it; `made`: "this animal was added". */
  words: UnansweredWords & { made: string };
  entryOf(row: Row, environment: RemoteEnvironment): Entry;
  /** What is sent, with the claimed entry. */
  sent(row: Row): Sent;
  /** What an acceptance writes of its own (`set`, SQL over `params`), per entry (`each`), then for all. */
  accept: {
    set: string;
    params(answer: Answer): Record<string, unknown>;
    each?(id: number, answer: Answer, at: number): void;
    then(answers: Answer[]): void;
  };
  /** What a resend writes of its own (`set`, SQL over `params` and @baseUrl), optionally corrected (`fix`). */
  resend: { set: string; params(row: Row, fix?: Fix): Record<string, unknown> };
  /** Shows again what an entry refused, resent or discarded changed, if anything. */
  reshow?(row: Row): void;
}

/** The row id of an entry id of a kind whose ids start with `prefix` ("c12" → 12), or null when it is not one. */
export function rowIdIn(prefix: string, entryId: string): number | null {
  let pattern = idPatterns.get(prefix);
  if (pattern === undefined) idPatterns.set(prefix, (pattern = new RegExp(`^${prefix}([1-9][0-9]{0,15})$`)));
  const match = pattern.exec(entryId);
  return match ? Number(match[1]) : null;
}
const idPatterns = new Map<string, RegExp>();

export type ResendOutcome = 'resent' | 'due now' | 'not found' | 'accepted' | 'on its way';

/**
 * The queue of one kind in one replica's file: the SQL of an entry's life. Each change is one
 * transaction; with synchronous=FULL, an entry is on disk once a call has returned.
 */
export function createWriteQueue<Row extends QueueRow, Entry, Sent, Fix = never, Answer = Pet>(
  db: SqliteDatabase,
  kind: QueueKind<Row, Entry, Sent, Fix, Answer>,
  environment: RemoteEnvironment,
  now: () => number,
) {
  const { table, indexes, inOrderOf, words } = kind;
  const ownStates: Readonly<Record<string, 'refused' | 'conflicts'>> = kind.ownStates ?? {};
  const forAPerson = ['refused', 'held', ...Object.keys(ownStates)];
  const columns = `${SHARED_COLUMNS}, ${kind.columns}`;
  const rowIdOf = (entryId: string): number | null => rowIdIn(kind.idPrefix, entryId);
  const entryIdOf = (id: number): string => `${kind.idPrefix}${id}`;
  const toEntry = (row: Row): Entry => kind.entryOf(row, environment);

  const byId = db.prepare<[number], Row>(`SELECT ${columns} FROM ${table} WHERE id = ?`);
  const open = db.prepare<[], Row>(`SELECT ${columns} FROM ${table} WHERE state <> 'accepted' ORDER BY id`);
  const dueEntries = createDueEntries(db, { table, indexes, inOrderOf, forAPerson }, now);
  const due = db.prepare<{ at: number; max: number }, Row>(dueEntries.dueSql(columns));
  const claim = db.prepare<[number, number, number]>(
    `UPDATE ${table} SET state = 'sending', attempts = attempts + 1, sent_at = ?, updated_at = ? WHERE id = ?`,
  );
  const setState = db.prepare<{ id: number; state: string; next: number; error: string | null; at: number }>(
    `UPDATE ${table} SET state = @state, next_attempt_at = @next, retry_set_at = @at, last_error = @error, updated_at = @at,
       maybe_sent = maybe_sent OR @state = 'unknown',
       unknown_since = CASE WHEN @state = 'unknown' THEN ${UNKNOWN_SINCE} ELSE unknown_since END
     WHERE id = @id`,
  );
  const accepted = db.prepare(
    `UPDATE ${table} SET state = 'accepted', last_error = NULL, ${kind.accept.set}, updated_at = @at WHERE id = @id`,
  );
  const setRefused = db.prepare<{ id: number; error: string; fields: string | null; at: number }>(
    `UPDATE ${table} SET state = 'refused', next_attempt_at = 0, last_error = @error, last_error_fields = @fields, updated_at = @at
     WHERE id = @id`,
  );
  // A person's decision: sent again. A refused entry (or one in a state of the kind's own) gets a
  // new Idempotency-Key: a refusal created nothing, and a server that kept the refusal under the
  // old key would only replay it. A held one keeps its key: its new address may be the same server
  // under another name, which may have it already.
  const resendAs = db.prepare(
    `UPDATE ${table} SET state = 'pending', next_attempt_at = 0, last_error = NULL, last_error_fields = NULL,
       idempotency_key = CASE WHEN state = 'held' THEN idempotency_key ELSE @key END,
       unknown_since = NULL, updated_at = @at, ${kind.resend.set}
     WHERE id = @id AND state IN (${forAPerson.map((state) => `'${state}'`).join(', ')})`,
  );
  const remove = db.prepare<[number], { mayBeOnServer: 0 | 1 }>(
    `DELETE FROM ${table} WHERE id = ? AND state <> 'accepted' RETURNING ${MAY_BE_ON_SERVER} AS mayBeOnServer`,
  );
  // What a sender that is gone had on its way may or may not have reached the server.
  const reclaimSending = db.prepare(
    `UPDATE ${table} SET state = 'unknown', maybe_sent = 1, unknown_since = ${UNKNOWN_SINCE} WHERE state = 'sending'`,
  );
  // Only what is not yet accepted is counted: the partial index keeps that cheap however long the history.
  const countStates = db.prepare<[], { state: string; n: number }>(
    `SELECT state, count(*) AS n FROM ${table} INDEXED BY ${indexes.open} WHERE state <> 'accepted' GROUP BY state`,
  );

  const setAside = createSetAside<Entry>(db, table, now);
  const keepAside = (row: Row) => setAside.keep(row.id, toEntry(row));

  const rowOf = (entryId: string): Row | undefined => {
    const id = rowIdOf(entryId);
    return id === null ? undefined : byId.get(id);
  };

  const claimDue = writeTransaction(db, (max: number, held?: (count: number) => void) => {
    const at = now();
    const hold = (row: Row, reason: string) => setState.run({ id: row.id, state: 'held', next: 0, error: reason, at });
    const rows = dueUnlessUnansweredTooLong(() => due.all({ at, max }), { words, environment, at }, hold, held);
    return rows.map((row): ClaimedBase & Sent => {
      claim.run(at, at, row.id);
      return {
        entryId: entryIdOf(row.id),
        baseUrl: row.base_url,
        idempotencyKey: row.idempotency_key,
        attempts: row.attempts + 1,
        previouslyUnknown: row.state === 'unknown',
        ...kind.sent(row),
      };
    });
  });

  return {
    environment,
    /** The columns its rows are read with (for the kind's own reads), and a row as its entry. */
    columns,
    toEntry,
    /** Whether an entry id is one of this queue's. */
    owns: (entryId: string): boolean => rowIdOf(entryId) !== null,
    rowIdOf,
    entryIdOf,
    row: rowOf,
    get(entryId: string): Entry | undefined {
      const row = rowOf(entryId);
      return row === undefined ? undefined : toEntry(row);
    },
    /** Not yet accepted, oldest first. */
    open: (): Entry[] => open.all().map(toEntry),

    /**
     * Up to `max` due entries, marked sending in one transaction, oldest first. IMMEDIATE: it reads
     * then writes, and another connection (the app's, or a sync thread's) may write in between.
     * One unanswered for longer than the server remembers its key is held instead (told to `held`).
     */
    claimDue: (max: number, held?: (count: number) => void): Array<ClaimedBase & Sent> => claimDue(max, held),

    /** The server has them (`pet`: its answer), in one transaction. */
    accept: writeTransaction(db, (group: ReadonlyArray<{ entryId: string; pet: Answer }>) => {
      const at = now();
      for (const { entryId, pet } of group) {
        const id = rowIdOf(entryId)!;
        accepted.run({ ...kind.accept.params(pet), id, at });
        kind.accept.each?.(id, pet, at);
      }
      kind.accept.then(group.map(({ pet }) => pet));
    }),

    refuse: writeTransaction(db, (entryId: string, reason: string, fields?: FieldProblem[]) => {
      const row = rowOf(entryId);
      if (row === undefined) return; // discarded while on its way
      setRefused.run({ id: row.id, error: reason, fields: fields ? JSON.stringify(fields) : null, at: now() });
      kind.reshow?.(row);
    }),

    retryLater(entryId: string, state: 'pending' | 'unknown', delayMs: number, error: string): void {
      setState.run({ id: rowIdOf(entryId)!, state, next: now() + delayMs, error, at: now() });
    },

    hold(entryId: string, reason: string): void {
      setState.run({ id: rowIdOf(entryId)!, state: 'held', next: 0, error: reason, at: now() });
    },

    /** Why an entry made for `from` is held when the address is now `to`. */
    addressChangedReason: (from: string, to: string | null): string =>
      `The ${environment} address changed from ${from} to ${to ?? 'none'} after ${words.made}: resend it to the new address, or discard it.`,

    /**
     * A person's "resend": one waiting for a person, as it was or corrected (`fix`, for the
     * server's current address `baseUrl`); a waiting one, at once. What it did, or why it could
     * not: the entry is gone, already on the server, or (when corrected) no longer waiting for a
     * person. One transaction: the sync thread may be claiming it meanwhile.
     */
    resend: writeTransaction(db, (entryId: string, baseUrl: string, fix?: Fix): ResendOutcome => {
      const row = rowOf(entryId);
      if (row === undefined) return 'not found';
      if (row.state === 'accepted') return 'accepted';
      if (forAPerson.includes(row.state)) {
        keepAside(row);
        resendAs.run({ ...kind.resend.params(row, fix), id: row.id, baseUrl, key: newIdempotencyKey(), at: now() });
        kind.reshow?.(row);
        return 'resent';
      }
      if (fix !== undefined) return 'on its way';
      dueEntries.dueNow(row.id);
      return 'due now';
    }),

    /** A person's "discard": never sent. Decided in one transaction: the sync thread may be sending it at this moment. */
    discard: writeTransaction(db, (entryId: string): DiscardOutcome => {
      const row = rowOf(entryId);
      if (row !== undefined) keepAside(row);
      const removed = row === undefined ? undefined : remove.get(row.id);
      if (row === undefined || removed === undefined) return { discarded: false, mayBeOnServer: true };
      kind.reshow?.(row);
      return { discarded: true, mayBeOnServer: removed.mayBeOnServer === 1 };
    }),

    /** An entry as it was before a person's decision on it, while that can be taken back. */
    setAside: (entryId: string): Entry | undefined => {
      const id = rowIdOf(entryId);
      return id === null ? undefined : setAside.entry(id);
    },

    /** A person's decision taken back: the entry as it was before it (see set-aside.ts). */
    restore: writeTransaction(db, (entryId: string): RestoreOutcome => {
      const id = rowIdOf(entryId);
      const outcome = id === null ? 'forgotten' : setAside.restore(id);
      const row = outcome === 'restored' ? byId.get(id!) : undefined;
      if (row !== undefined) kind.reshow?.(row);
      return outcome;
    }),

    /** Entries a sender that is gone left on their way: sent again, with their Idempotency-Key (see sender-lease.ts). */
    reclaimFromGoneSender(): void {
      reclaimSending.run();
    },

    /** Not yet accepted, by what the server status counts. */
    counts() {
      const by: Partial<Record<string, number>> = Object.fromEntries(
        countStates.all().map(({ state, n }) => [state, n]),
      );
      const counts = {
        waiting: (by.pending ?? 0) + (by.sending ?? 0) + (by.unknown ?? 0),
        refused: by.refused ?? 0,
        held: by.held ?? 0,
        conflicts: 0,
      };
      for (const [state, under] of Object.entries(ownStates)) counts[under] += by[state] ?? 0;
      return counts;
    },
    behindAPerson: dueEntries.behindAPerson,
    makeAllDue: dueEntries.makeAllDue,
    /** When the next entry a claim would take is due (ms since epoch; at most now when due), or null when none could be. */
    nextDueAt: dueEntries.nextDueAt,
  };
}
