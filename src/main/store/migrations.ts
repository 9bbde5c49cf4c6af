import type { Database } from 'better-sqlite3';

/**
 * Schema history, oldest first; `PRAGMA user_version` records how many have been applied.
 * A migration is history: once released it is never edited, only followed by a new one.
 */
export const MIGRATIONS: ReadonlyArray<(db: Database) => void> = [
  // 1: the animals. AUTOINCREMENT so that an id is never handed out twice, even after the newest
  // row is deleted. The index on status also carries the rowid (= id) in order, so a filtered
  // page is one index range scan already sorted by id.
  (db) => {
    db.exec(`
      CREATE TABLE pets (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL CHECK (length(name) > 0),
        category_id INTEGER NOT NULL,
        status TEXT CHECK (status IN ('available', 'pending', 'sold'))
      ) STRICT;
      CREATE INDEX pets_by_status ON pets (status);
    `);
  },
];

export const SCHEMA_VERSION = MIGRATIONS.length;
