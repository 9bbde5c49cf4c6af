import type { SqliteDatabase } from './database';
import type { Migration } from './schema-steps';

/**
 * The trigger that indexes a new animal for search (schema-steps.ts, addNameSearch) waits while
 * the writing transaction has put a row in `search_index_waits`: that writer indexes its new rows
 * itself, in one statement, before it commits (createBatchedSearchIndex). The row never outlives
 * its transaction, so every other writer, this app's or not, is indexed by the trigger as before.
 */
export const letInsertsWaitForSearchIndex: Migration = (db) => {
  db.exec(`
    CREATE TABLE search_index_waits (id INTEGER PRIMARY KEY CHECK (id = 1)) STRICT;
    DROP TRIGGER pets_search_insert;
    CREATE TRIGGER pets_search_insert AFTER INSERT ON pets
      WHEN NOT EXISTS (SELECT 1 FROM search_index_waits) BEGIN
      INSERT INTO pets_search (rowid, search_text) VALUES (new.id, new.search_text);
    END;
  `);
};

/** What a writer tells the batch of the rows it writes. */
export interface SearchIndexBatch {
  /** The row `id` was just inserted: it is indexed before the batch ends. */
  inserted(id: string): void;
  /**
   * The row `id` is about to be written again: if it waits to be indexed, it is indexed first, as
   * the update trigger takes out of the index what the row held.
   */
  writing(id: string): void;
}

/**
 * Many new animals indexed for search in one statement: FTS5 writes what a statement added to its
 * index as that statement ends, so the trigger's insert of each row writes a small segment of its
 * own, which later writes merge again and again (a page of 100 new animals cost about twice as much
 * with it). Runs inside a write transaction: what `write` inserts is indexed before it returns, and
 * a transaction rolled back takes the waiting with it.
 */
export function createBatchedSearchIndex(db: SqliteDatabase) {
  const wait = db.prepare('INSERT INTO search_index_waits (id) VALUES (1)');
  const stopWaiting = db.prepare('DELETE FROM search_index_waits');
  const index = db.prepare<[string]>(
    `INSERT INTO pets_search (rowid, search_text)
     SELECT id, search_text FROM pets WHERE id IN (SELECT CAST(value AS INTEGER) FROM json_each(?))`,
  );
  return <R>(write: (batch: SearchIndexBatch) => R): R => {
    const waiting = new Set<string>();
    const indexWaiting = () => {
      if (waiting.size === 0) return;
      index.run(JSON.stringify([...waiting]));
      waiting.clear();
    };
    wait.run();
    const result = write({
      inserted: (id) => void waiting.add(id),
      writing: (id) => {
        if (waiting.has(id)) indexWaiting();
      },
    });
    indexWaiting();
    stopWaiting.run();
    return result;
  };
}
