import type { SqliteDatabase } from '../database/database';

/** Where a queue's entries wait, and in what order they may go (see write-queue.ts). */
export interface WaitingRules {
  table: string;
  /** Its partial indexes: of the entries waiting (pending, unknown), and of those not yet accepted. */
  indexes: { waiting: string; open: string };
  /** A column whose entries go one at a time, oldest first (each is made on top of the one before). */
  inOrderOf?: string;
  /** The states in which an entry waits for a person. */
  forAPerson: readonly string[];
}

/**
 * When a waiting entry is due, by the clock reading `now` (an SQL parameter): at its retry time;
 * at once if the clock now reads earlier than when that time was set. The clock was set back
 * since, so how long the entry has waited is not known: it is sent once, then waits its backoff
 * again from the clock as it reads now. A retry is so never further away than the delay it was
 * given, and a clock set back costs the server one early retry of each entry, not a stream.
 */
export const dueAt = (now: string) => `(CASE WHEN retry_set_at > ${now} THEN ${now} ELSE next_attempt_at END)`;

/**
 * What of a queue is due, and when: one condition for the claim that sends and for the next due
 * time every wait is timed by, so that nothing is due that a claim would not take. With
 * `inOrderOf`, only the earliest open entry of its value may be sent: one behind an entry waiting
 * for a person (a conflict, a refusal, a held one) can be neither claimed nor due until that one
 * is decided. Rows are selected by the table's own name, which a kind's columns may qualify.
 */
export function createDueEntries(db: SqliteDatabase, rules: WaitingRules, now: () => number) {
  const { table, indexes, inOrderOf } = rules;
  const earlier = (also: string) => `SELECT 1 FROM ${table} AS e INDEXED BY ${indexes.open}
    WHERE e.${inOrderOf} = ${table}.${inOrderOf} AND e.id < ${table}.id AND e.state <> 'accepted'${also}`;
  const forAPerson = rules.forAPerson.map((state) => `'${state}'`).join(', ');
  const waiting = `FROM ${table} INDEXED BY ${indexes.waiting}
    WHERE state IN ('pending', 'unknown')${inOrderOf === undefined ? '' : ` AND NOT EXISTS (${earlier('')})`}`;
  const nextDue = db.prepare<{ now: number }, number | null>(`SELECT min(${dueAt('@now')}) ${waiting}`).pluck();
  const allDue = db.prepare<{ due: number; now: number }>(
    `UPDATE ${table} SET next_attempt_at = @due, updated_at = @now
     WHERE state IN ('pending', 'unknown') AND next_attempt_at > @due`,
  );
  const behind =
    inOrderOf === undefined
      ? null
      : db
          .prepare<[], number>(
            `SELECT count(*) FROM ${table} INDEXED BY ${indexes.waiting}
             WHERE state IN ('pending', 'unknown') AND EXISTS (${earlier(` AND e.state IN (${forAPerson})`)})`,
          )
          .pluck();
  const dueNow = db.prepare<[number, number]>(
    `UPDATE ${table} SET next_attempt_at = 0, updated_at = ? WHERE id = ? AND state IN ('pending', 'unknown')`,
  );
  return {
    /** The rows a claim at @at may take (of `columns`), oldest first, at most @max. */
    dueSql: (columns: string) => `SELECT ${columns} ${waiting} AND ${dueAt('@at')} <= @at ORDER BY id LIMIT @max`,
    /** When the next entry a claim would take is due (ms since epoch, by `now`; at most `now` when due), or null. */
    nextDueAt: (): number | null => nextDue.get({ now: now() }) ?? null,
    /** Waiting entries that no sync sends until a person decides on an earlier one of their `inOrderOf`. */
    behindAPerson: (): number => behind?.get() ?? 0,
    /**
     * "Sync now": whatever waits out a backoff is due at once, or when the server asked (`notBefore`,
     * ms since epoch, from a Retry-After) if that is later; what is due sooner is left as it is.
     */
    makeAllDue(notBefore = 0): void {
      const at = now();
      allDue.run({ due: notBefore > at ? notBefore : 0, now: at });
    },
    /** One waiting entry due at once (a person's resend of one on its way). */
    dueNow(id: number): void {
      dueNow.run(now(), id);
    },
  };
}
