import type { Database } from 'better-sqlite3';
import { searchText } from './search-text';

/**
 * Schema history, oldest first; `PRAGMA user_version` records how many have been applied.
 * A migration is history: once released it is never edited, only followed by a new one.
 */
export type Migration = (db: Database) => void;

// The animals. AUTOINCREMENT so that an id is never handed out twice, even after the newest row
// is deleted. The index on status also carries the rowid (= id) in order, so a filtered page is
// one index range scan already sorted by id.
const createPetsTable: Migration = (db) => {
  db.exec(`
    CREATE TABLE pets (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT NOT NULL CHECK (length(name) > 0),
      category_id INTEGER NOT NULL,
      status TEXT CHECK (status IN ('available', 'pending', 'sold'))
    ) STRICT;
    CREATE INDEX pets_by_status ON pets (status);
  `);
};

// Find by name: each animal's name as search sees it (search-text.ts, computed by the app on every
// write, backfilled here), an index for sorting by name, and a trigram full-text index over it
// that SQLite keeps in step with the table, in the same transaction, by triggers.
const addNameSearch: Migration = (db) => {
  db.exec(`ALTER TABLE pets ADD COLUMN search_text TEXT NOT NULL DEFAULT '';`);
  const fill = db.prepare<[string, bigint]>('UPDATE pets SET search_text = ? WHERE id = ?');
  for (const [id, name] of db.prepare<[], [bigint, string]>('SELECT id, name FROM pets').raw().safeIntegers().all()) {
    fill.run(searchText(name), id);
  }
  // The index is built from the filled column, and only then kept in step by the triggers.
  db.exec(`
    CREATE INDEX pets_by_search_text ON pets (search_text, id);
    CREATE VIRTUAL TABLE pets_search USING fts5(search_text, content='pets', content_rowid='id', tokenize='trigram');
    INSERT INTO pets_search (pets_search) VALUES ('rebuild');
    CREATE TRIGGER pets_search_insert AFTER INSERT ON pets BEGIN
      INSERT INTO pets_search (rowid, search_text) VALUES (new.id, new.search_text);
    END;
    CREATE TRIGGER pets_search_delete AFTER DELETE ON pets BEGIN
      INSERT INTO pets_search (pets_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    END;
    CREATE TRIGGER pets_search_update AFTER UPDATE OF search_text ON pets BEGIN
      INSERT INTO pets_search (pets_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
      INSERT INTO pets_search (rowid, search_text) VALUES (new.id, new.search_text);
    END;
  `);
};

// What an import added for each row's key: an animal of the local store, or an outbox entry.
const importedRowsTable = `
  CREATE TABLE imported_rows (
    row_key TEXT PRIMARY KEY,
    added_id INTEGER NOT NULL,
    imported_at INTEGER NOT NULL
  ) STRICT;
`;

// The full-text index is kept in step only when the folded name itself changes: a change of status,

// or a server's answer that repeats a name, costs no re-indexing.
const reindexOnlyNewNames = `
  DROP TRIGGER pets_search_update;
  CREATE TRIGGER pets_search_update AFTER UPDATE OF search_text ON pets WHEN old.search_text IS NOT new.search_text BEGIN
    INSERT INTO pets_search (pets_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    INSERT INTO pets_search (rowid, search_text) VALUES (new.id, new.search_text);
  END;
`;

// SQLite cannot alter a CHECK: a table is rebuilt as its documented procedure says. The new table is
// the old one's own declaration with `from` replaced by `to` (and nothing else), made under a
// temporary name; every row is copied into it (each column by name, `state` through `stateOf`), the
// old one dropped and the new renamed; then its indexes and triggers are made again from their own
// SQL, and its AUTOINCREMENT counter put back, so that an id is never handed out twice.
function rebuildWithCheck(db: Database, table: string, [from, to]: [string, string], stateOf: string): void {
  const schemaSql = db.prepare<[string, string], string>('SELECT sql FROM sqlite_schema WHERE type = ? AND name = ?');
  const declaration = schemaSql.pluck().get('table', table)!;
  // A table once renamed is declared under its name in quotes.
  const name = new RegExp(`^CREATE TABLE "?${table}"? \\(`);
  const [head, ...rest] = declaration.split(from);
  if (rest.length !== 1 || !name.test(head!)) throw new Error(`${table} is not declared as this migration expects.`);
  const rebuilt = `${table}_rebuilt`;
  const dependents = db
    .prepare<[string], string>(
      `SELECT sql FROM sqlite_schema WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL`,
    )
    .pluck()
    .all(table);
  const counter = db.prepare<[string], number>('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck().get(table);
  const columns = db.prepare<[string], string>('SELECT name FROM pragma_table_info(?)').pluck().all(table);
  const copied = columns.map((column) => (column === 'state' ? `${stateOf} AS state` : column));
  db.exec(`
    ${head!.replace(name, `CREATE TABLE ${rebuilt} (`)}${to}${rest[0]};
    INSERT INTO ${rebuilt} (${columns.join(', ')}) SELECT ${copied.join(', ')} FROM ${table};
    DROP TABLE ${table};
    ALTER TABLE ${rebuilt} RENAME TO ${table};
  `);
  for (const sql of dependents) db.exec(sql);
  db.prepare('DELETE FROM sqlite_sequence WHERE name = ?').run(table);
  if (counter !== undefined) db.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)').run(table, counter);
  if ((db.pragma('foreign_key_check') as unknown[]).length > 0) {
    throw new Error(`Rebuilding ${table} broke a foreign key.`);
  }
}

// One name for each state of an entry: one waiting for a person is held (was needs_confirmation),
// one the server refused is refused (was rejected).
const renameEntryStates: Migration = (db) => {
  const stateOf = `CASE state WHEN 'needs_confirmation' THEN 'held' WHEN 'rejected' THEN 'refused' ELSE state END`;
  for (const table of ['outbox', 'pet_changes']) {
    rebuildWithCheck(db, table, [`'rejected', 'needs_confirmation'`, `'refused', 'held'`], stateOf);
  }
};

/** The app's database: the local store, the HTTP service's records, the settings. */
export const MIGRATIONS: readonly Migration[] = [
  // 1: the animals of the local store.
  createPetsTable,
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
  // 4: find by name.
  addNameSearch,
  // 5: changes to animals (our extension): each animal's revision, whose entity tag If-Match
  // compares, and the entity tag a change's replayed response carries.
  (db) => {
    db.exec(`
      ALTER TABLE pets ADD COLUMN revision INTEGER NOT NULL DEFAULT 1 CHECK (revision >= 1);
      ALTER TABLE idempotency_keys ADD COLUMN etag TEXT;
      ${reindexOnlyNewNames}
    `);
  },
  // 6: the names a shop gives its category ids, per environment (one name per id, one id per
  // name as a person reads it), and each imported row's key, so that a file imported twice adds
  // nothing twice (core/animal-import.ts).
  (db) => {
    db.exec(`
      CREATE TABLE category_names (
        environment TEXT NOT NULL,
        category_id INTEGER NOT NULL,
        name TEXT NOT NULL CHECK (length(name) > 0),
        name_key TEXT NOT NULL,
        PRIMARY KEY (environment, category_id),
        UNIQUE (environment, name_key)
      ) STRICT;
      ${importedRowsTable}
    `);
  },
  // 7: Idempotency-Key records are cleared oldest first in the order they were written
  // (server/idempotency.ts), so no index by age: one page less written with each keyed request.
  (db) => {
    db.exec('DROP INDEX idempotency_keys_by_age');
  },
  // 8: an animal's notes (our extension), which the local store alone keeps: a replica holds none.
  (db) => {
    db.exec(`ALTER TABLE pets ADD COLUMN notes TEXT CHECK (length(notes) > 0);`);
  },
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** A replica of one remote environment: its animals as last seen, and the outbox of adds for it. */
export const REPLICA_MIGRATIONS: readonly Migration[] = [
  // 1: the server's animals (ids are the server's), when each query was last refreshed, and the
  // outbox. An outbox entry keeps the environment and base address it was added for, and the
  // Idempotency-Key it is sent with on every attempt.
  (db) => {
    createPetsTable(db);
    db.exec(`
      CREATE TABLE refreshes (query TEXT PRIMARY KEY, refreshed_at INTEGER NOT NULL) STRICT;
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        environment TEXT NOT NULL,
        base_url TEXT NOT NULL,
        idempotency_key TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        category_id INTEGER NOT NULL,
        status TEXT CHECK (status IN ('available', 'pending', 'sold')),
        state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'unknown', 'rejected', 'needs_confirmation', 'accepted')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        server_id INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      -- Both walk the outbox in id order over just the rows they need, however many were accepted.
      CREATE INDEX outbox_waiting ON outbox (id) WHERE state IN ('pending', 'unknown');
      CREATE INDEX outbox_unsynced ON outbox (id) WHERE state <> 'accepted';
    `);
  },
  // 2: a server's own field problems when it refused an entry (JSON [{field, message}]), so a form
  // can put each message on its field without reading prose.
  (db) => {
    db.exec(`ALTER TABLE outbox ADD COLUMN last_error_fields TEXT;`);
  },
  // 3: whether a send of the entry ever went unanswered (it may be on the server already), kept
  // through later states: a person discarding it must be told it may not be undone.
  (db) => {
    db.exec(`
      ALTER TABLE outbox ADD COLUMN maybe_sent INTEGER NOT NULL DEFAULT 0 CHECK (maybe_sent IN (0, 1));
      UPDATE outbox SET maybe_sent = 1 WHERE state IN ('unknown', 'sending');
    `);
  },
  // 4: who sends this outbox now (one row): one process at a time, see sync/sender-lease.ts.
  (db) => {
    db.exec(`
      CREATE TABLE sender (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        owner TEXT NOT NULL,
        pid INTEGER NOT NULL,
        heartbeat_at INTEGER NOT NULL
      ) STRICT;
    `);
  },
  // 5: find by name (the outbox too: it is small, so a scan of its search_text serves it); and the
  // walk of every page of the server's list (sync/inventory-walk.ts): where it stands, and which
  // walk last saw each animal, so that those the server no longer lists can leave after a complete one.
  (db) => {
    addNameSearch(db);
    db.exec(`
      ALTER TABLE outbox ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
      ALTER TABLE pets ADD COLUMN seen_in_walk INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE inventory_walk (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        generation INTEGER NOT NULL,
        base_url TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('walking', 'complete', 'first_pages_only')),
        next_url TEXT,
        pages INTEGER NOT NULL,
        animals INTEGER NOT NULL,
        started_at INTEGER NOT NULL,
        finished_at INTEGER,
        problem TEXT
      ) STRICT;
    `);
    const fill = db.prepare<[string, bigint]>('UPDATE outbox SET search_text = ? WHERE id = ?');
    for (const [id, name] of db
      .prepare<[], [bigint, string]>('SELECT id, name FROM outbox')
      .raw()
      .safeIntegers()
      .all()) {
      fill.run(searchText(name), id);
    }
  },
  // 6: changes to the server's animals (sync/pet-changes.ts). `pets` shows each animal as this
  // counter sees it (the server's version with the changes still on their way applied);
  // `server_pets` keeps the server's own version of those being changed, so a change that does not
  // go through leaves the server's showing. Revisions are the server's (NULL: it sends none).
  (db) => {
    db.exec(`
      ALTER TABLE pets ADD COLUMN revision INTEGER;
      CREATE TABLE server_pets (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        category_id INTEGER NOT NULL,
        status TEXT,
        revision INTEGER
      ) STRICT;
      CREATE TABLE pet_changes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        base_url TEXT NOT NULL,
        pet_id INTEGER NOT NULL,
        patch TEXT NOT NULL,
        base_revision INTEGER,
        base_pet TEXT NOT NULL,
        answer_revision INTEGER,
        theirs TEXT,
        idempotency_key TEXT NOT NULL UNIQUE,
        state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'unknown', 'rejected', 'needs_confirmation', 'conflict', 'unsupported', 'accepted')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        last_error_fields TEXT,
        maybe_sent INTEGER NOT NULL DEFAULT 0 CHECK (maybe_sent IN (0, 1)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX pet_changes_waiting ON pet_changes (id) WHERE state IN ('pending', 'unknown');
      CREATE INDEX pet_changes_open ON pet_changes (pet_id, id) WHERE state <> 'accepted';
      -- What each address is known to do with changes: a server without the extension is not asked again.
      CREATE TABLE change_support (base_url TEXT PRIMARY KEY, supported INTEGER NOT NULL CHECK (supported IN (0, 1))) STRICT;
      ${reindexOnlyNewNames}
    `);
  },
  // 7: each imported row's key, as in the app's database: an entry of a row already imported is
  // not written twice.
  (db) => {
    db.exec(importedRowsTable);
  },
  // 8: the sender's heartbeats counted: one that would take over watches the count by its own
  // clock (sync/sender-lease.ts), never comparing its clock with a time another process wrote.
  (db) => {
    db.exec(`ALTER TABLE sender ADD COLUMN beats INTEGER NOT NULL DEFAULT 0;`);
  },
  // 9: when each add's and change's latest send went out, and the first whose outcome is not known
  // (sync/key-memory.ts): one unanswered for longer than a server remembers its key is held for a
  // person. Those already on their way or unanswered count from their last write, the nearest known.
  (db) => {
    for (const table of ['outbox', 'pet_changes']) {
      db.exec(`
        ALTER TABLE ${table} ADD COLUMN sent_at INTEGER;
        ALTER TABLE ${table} ADD COLUMN unknown_since INTEGER;
        UPDATE ${table} SET sent_at = updated_at, unknown_since = CASE WHEN state = 'unknown' THEN updated_at END
          WHERE state IN ('sending', 'unknown');
      `);
    }
  },
  // 10: when each waiting entry's retry time was set, by this computer's clock (sync/due-entries.ts):
  // a clock set back since then cannot keep it waiting longer than the delay it was given. Those
  // already waiting count from their last write, the nearest known.
  (db) => {
    for (const table of ['outbox', 'pet_changes']) {
      db.exec(`
        ALTER TABLE ${table} ADD COLUMN retry_set_at INTEGER;
        UPDATE ${table} SET retry_set_at = updated_at WHERE state IN ('pending', 'unknown') AND next_attempt_at > 0;
      `);
    }
  },
  // 11: the states of adds and changes under their one name: held, refused.
  renameEntryStates,
];
