import type { SqliteDatabase } from './database';

/**
 * How many animals have each status now, kept by the connection: counted once, then moved by its
 * own TEMP triggers on every insert, status change and removal it makes (a transaction rolled back
 * takes its moves back with it), and counted again when another connection has committed (`PRAGMA
 * data_version`: the sync thread, another program). Counting 100,000 animals costs about ten
 * milliseconds; reading three kept rows, a few microseconds.
 */
export function createStatusCounts(db: SqliteDatabase): () => { status: string; count: number }[] {
  db.exec(`
    CREATE TEMP TABLE IF NOT EXISTS status_counts (status TEXT PRIMARY KEY, count INTEGER NOT NULL);
    CREATE TEMP TRIGGER IF NOT EXISTS status_counts_added AFTER INSERT ON main.pets WHEN new.status IS NOT NULL BEGIN
      INSERT INTO status_counts VALUES (new.status, 1) ON CONFLICT (status) DO UPDATE SET count = count + 1;
    END;
    CREATE TEMP TRIGGER IF NOT EXISTS status_counts_removed AFTER DELETE ON main.pets WHEN old.status IS NOT NULL BEGIN
      UPDATE status_counts SET count = count - 1 WHERE status = old.status;
    END;
    CREATE TEMP TRIGGER IF NOT EXISTS status_counts_moved AFTER UPDATE OF status ON main.pets
      WHEN old.status IS NOT new.status BEGIN
      UPDATE status_counts SET count = count - 1 WHERE status = old.status;
      INSERT INTO status_counts SELECT new.status, 1 WHERE new.status IS NOT NULL
        ON CONFLICT (status) DO UPDATE SET count = count + 1;
    END;
  `);
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  const forget = db.prepare('DELETE FROM temp.status_counts');
  const count = db.prepare(
    'INSERT INTO temp.status_counts SELECT status, count(*) FROM main.pets WHERE status IS NOT NULL GROUP BY status',
  );
  const kept = db.prepare<[], { status: string; count: number }>('SELECT status, count FROM temp.status_counts');
  let countedAt: number | null = null;
  return () => {
    const version = dataVersion.get()!;
    if (version !== countedAt) {
      // No transaction: only this connection's TEMP rows are written, and a count that fails
      // half-way is counted again at the next call.
      countedAt = null;
      forget.run();
      count.run();
      countedAt = version;
    }
    return kept.all();
  };
}
