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
  // 2: Idempotency-Key records of the HTTP service: the first 201 response to each key, replayed
  // for a retry with the same body. Purged by age, hence the index on created_at.
  (db) => {
    db.exec(`
      CREATE TABLE idempotency_keys (
        key TEXT PRIMARY KEY,
        fingerprint TEXT NOT NULL,
        location TEXT NOT NULL,
        response_body TEXT NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
    `);
  },
  // 3: the app's settings (active environment, base addresses, when each key was set). Never a key.
  (db) => {
    db.exec(`CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;`);
  },
];

export const SCHEMA_VERSION = MIGRATIONS.length;
