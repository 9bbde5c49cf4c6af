import type { SqliteDatabase } from './database';

/**
 * Which version of Petstore Desk last opened a database file for writing, kept in the file itself
 * (the app's database, each replica, and so each backup of them), so that an older version that
 * must refuse the file can name the version to install. A newer version keeps this table and
 * these columns as they are (docs/decisions.md): it is what older versions read.
 */
export const addAppWriter = (db: SqliteDatabase): void => {
  db.exec(`
    CREATE TABLE app_writer (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      app_version TEXT NOT NULL CHECK (length(app_version) BETWEEN 1 AND 64),
      opened_at INTEGER NOT NULL
    ) STRICT;
  `);
};

const hasAppWriter = (db: SqliteDatabase): boolean =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'app_writer'").get() !== undefined;

/** The version that last opened the file for writing, if the file says (read only: nothing is written). */
export function readAppWriter(db: SqliteDatabase): string | null {
  let version: unknown;
  try {
    if (!hasAppWriter(db)) return null;
    version = db.prepare<[], string>('SELECT app_version FROM app_writer WHERE id = 1').pluck().get();
  } catch {
    return null; // a file too damaged to say: the refusal stands without the name
  }
  // Bounded and printable: it goes into a message a person reads.
  return typeof version === 'string' && /^[0-9A-Za-z.+-]{1,64}$/.test(version) ? version : null;
}

/** Records `version` as the file's writer, once per version: an open by the same version writes nothing. */
export function recordAppWriter(db: SqliteDatabase, version: string, now: number = Date.now()): void {
  if (!hasAppWriter(db) || readAppWriter(db) === version) return;
  // One statement: a transaction of its own.
  db.prepare(
    `INSERT INTO app_writer (id, app_version, opened_at) VALUES (1, ?, ?)
       ON CONFLICT (id) DO UPDATE SET app_version = excluded.app_version, opened_at = excluded.opened_at`,
  ).run(version, now);
}

/** A file of a newer schema, in words: who wrote it, what it is, and what this version understands. */
export function newerFileInWords(facts: {
  writer: string | null;
  thisVersion: string;
  schema: number;
  understood: number;
}): { who: string; which: string; install: string } {
  // A writer that is this very version wrote a newer schema only in development: not worth naming.
  const named = facts.writer !== null && facts.writer !== facts.thisVersion ? facts.writer : null;
  return {
    who: named === null ? 'a newer version of Petstore Desk' : `Petstore Desk ${named}`,
    which: `(database schema ${facts.schema}; this version, ${facts.thisVersion}, understands up to ${facts.understood})`,
    install: named === null ? 'the newer Petstore Desk' : `Petstore Desk ${named} or newer`,
  };
}
