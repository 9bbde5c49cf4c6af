import type { SqliteDatabase } from '../../src/main/database/database';

/**
 * A probe on a connection: the ids of the animals whose search_text a write named (and so whose
 * name's indexes SQLite rewrote), in order. A temp trigger: nothing of it is in the file.
 */
export function probeNamesWritten(db: SqliteDatabase): () => number[] {
  db.exec(`
    CREATE TEMP TABLE names_written (id INTEGER);
    CREATE TEMP TRIGGER probe_names_written AFTER UPDATE OF search_text ON main.pets BEGIN
      INSERT INTO names_written VALUES (new.id);
    END;`);
  const written = db.prepare<[], number>('SELECT id FROM names_written ORDER BY rowid').pluck();
  return () => written.all();
}
