import type { SqliteDatabase } from '../database/database';

/** How long a person's decision on an entry can be taken back: beyond the window's offer of it. */
export const SET_ASIDE_FOR_MS = 60_000;
/** The most decisions kept to take back, the oldest forgotten first. */
const SET_ASIDE_MAX = 100;

export type RestoreOutcome = 'restored' | 'forgotten' | 'sent since';

type RawRow = Record<string, unknown> & { attempts: number | bigint; state: string };

/**
 * An entry as it was before a person's decision (discarded, resent, a conflict decided), kept by
 * this process for a while so the decision can be taken back: the row as it stood comes back,
 * with its Idempotency-Key, as long as nothing of it was sent since the decision. Kept in memory
 * only: an undo is the window's, within seconds; a restart forgets them.
 */
export function createSetAside<Entry>(db: SqliteDatabase, table: string, now: () => number) {
  const kept = new Map<number, { row: RawRow; entry: Entry; at: number }>();
  // safeIntegers: an animal's id is an int64, and goes back exactly as it came out.
  const rawRow = db.prepare<[number], RawRow>(`SELECT * FROM ${table} WHERE id = ?`).safeIntegers();
  const removeRow = db.prepare<[number]>(`DELETE FROM ${table} WHERE id = ?`);
  const inserts = new Map<string, ReturnType<SqliteDatabase['prepare']>>();
  const insertRow = (row: RawRow) => {
    const columns = Object.keys(row).join(', ');
    let insert = inserts.get(columns);
    if (insert === undefined) {
      const values = Object.keys(row).map((column) => `@${column}`);
      insert = db.prepare(`INSERT INTO ${table} (${columns}) VALUES (${values.join(', ')})`);
      inserts.set(columns, insert);
    }
    insert.run(row);
  };

  const forgetOld = () => {
    const before = now() - SET_ASIDE_FOR_MS;
    for (const [id, { at }] of kept) if (at < before || kept.size > SET_ASIDE_MAX) kept.delete(id);
  };

  return {
    /** Keeps the row `id` as it is now (`entry`: as its entry), before a decision changes or removes it. Within the decision's transaction. */
    keep(id: number, entry: Entry): void {
      const row = rawRow.get(id);
      if (row === undefined) return;
      kept.delete(id);
      kept.set(id, { row, entry, at: now() });
      forgetOld();
    },

    /** The entry kept for `id`, as it was before the decision, if it is still kept. */
    entry(id: number): Entry | undefined {
      forgetOld();
      return kept.get(id)?.entry;
    },

    /**
     * Puts the row `id` back as it was before the decision, unless a send of it has begun since
     * (removed, it comes back; resent, it goes back unless claimed since). A send that was on its
     * way when the decision was made may have arrived: the row comes back as unanswered, to be sent
     * again under its own Idempotency-Key. Within the caller's transaction.
     */
    restore(id: number): RestoreOutcome {
      forgetOld();
      const before = kept.get(id);
      if (before === undefined) return 'forgotten';
      const current = rawRow.get(id);
      const resentSince =
        current !== undefined && (current.state !== 'pending' || current.attempts !== before.row.attempts);
      if (resentSince) return 'sent since';
      kept.delete(id);
      if (current !== undefined) removeRow.run(id);
      const { row: was } = before;
      const row =
        was.state === 'sending'
          ? { ...was, state: 'unknown', maybe_sent: 1, unknown_since: was.unknown_since ?? was.sent_at ?? now() }
          : was;
      insertRow(row);
      return 'restored';
    },
  };
}
