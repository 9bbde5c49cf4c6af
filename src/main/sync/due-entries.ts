import type { SqliteDatabase } from '../store/database';

/** The tables of entries that wait to be sent (columns shared: state, next_attempt_at, retry_set_at). */
export type WaitingTable = 'outbox' | 'pet_changes';

/**
 * When a waiting entry is due, by the clock reading `now` (an SQL parameter): at its retry time;
 * at once if the clock now reads earlier than when that time was set. The clock was set back
 * since, so how long the entry has waited is not known: it is sent once, then waits its backoff
 * again from the clock as it reads now. A retry is so never further away than the delay it was
 * given, and a clock set back costs the server one early retry of each entry, not a stream.
 */
export const dueAt = (now: string) => `(CASE WHEN retry_set_at > ${now} THEN ${now} ELSE next_attempt_at END)`;

/**
 * Only the earliest open change of an animal may be sent (each is made on top of the one before):
 * one behind a change waiting for a person (a conflict, a refusal, a held one) can be neither
 * claimed nor due until that one is decided. For a row of pet_changes named `c`.
 */
const FIRST_OF_ITS_ANIMAL = `NOT EXISTS (SELECT 1 FROM pet_changes AS e INDEXED BY pet_changes_open
  WHERE e.pet_id = c.pet_id AND e.id < c.id AND e.state <> 'accepted')`;
const BEHIND_A_PERSON = `EXISTS (SELECT 1 FROM pet_changes AS e INDEXED BY pet_changes_open
  WHERE e.pet_id = c.pet_id AND e.id < c.id AND e.state <> 'accepted'
    AND e.state IN ('conflict', 'rejected', 'unsupported', 'needs_confirmation'))`;

/**
 * What of `table` is due, and when: one condition for the claim that sends and for the next due
 * time every wait is timed by, so that nothing is due that a claim would not take.
 */
export function createDueEntries(db: SqliteDatabase, table: WaitingTable, now: () => number) {
  const waiting = `FROM ${table} AS c INDEXED BY ${table === 'outbox' ? 'outbox_waiting' : 'pet_changes_waiting'}
    WHERE state IN ('pending', 'unknown')${table === 'pet_changes' ? ` AND ${FIRST_OF_ITS_ANIMAL}` : ''}`;
  const nextDue = db.prepare<{ now: number }, number | null>(`SELECT min(${dueAt('@now')}) ${waiting}`).pluck();
  const allDue = db.prepare<[number]>(
    `UPDATE ${table} SET next_attempt_at = 0, updated_at = ? WHERE state IN ('pending', 'unknown') AND next_attempt_at > 0`,
  );
  const behind =
    table === 'pet_changes'
      ? db
          .prepare<[], number>(
            `SELECT count(*) FROM pet_changes AS c INDEXED BY pet_changes_waiting
             WHERE state IN ('pending', 'unknown') AND ${BEHIND_A_PERSON}`,
          )
          .pluck()
      : null;
  const dueNow = db.prepare<[number, number | string]>(
    `UPDATE ${table} SET next_attempt_at = 0, updated_at = ? WHERE id = ? AND state IN ('pending', 'unknown')`,
  );
  return {
    /** The rows a claim at @at may take (selected as `c`, of `columns`), oldest first, at most @max. */
    dueSql: (columns: string) => `SELECT ${columns} ${waiting} AND ${dueAt('@at')} <= @at ORDER BY id LIMIT @max`,
    /** When the next entry a claim would take is due (ms since epoch, by `now`; at most `now` when due), or null. */
    nextDueAt: (): number | null => nextDue.get({ now: now() }) ?? null,
    /** Waiting entries that no sync sends until a person decides on an earlier one of their animal. */
    behindAPerson: (): number => behind?.get() ?? 0,
    /** "Sync now": whatever waits out a backoff is due at once; what is already due is left as it is. */
    makeAllDue(): void {
      allDue.run(now());
    },
    /** One waiting entry due at once (a person's "send it again" of one on its way). */
    dueNow(id: number | string): void {
      dueNow.run(now(), id);
    },
  };
}
