import type { Database } from 'better-sqlite3';
import { animalSearchText, searchText } from './search-text';

/**
 * Steps of the schema history that more than one database takes (see app-migrations.ts and
 * replica-migrations.ts), oldest first; `PRAGMA user_version` records how many have been applied.
 * A migration is history: once released it is never edited, only followed by a new one.
 */
export type Migration = (db: Database) => void;

// The animals. AUTOINCREMENT so that an id is never handed out twice, even after the newest row
// is deleted. The index on status also carries the rowid (= id) in order, so a filtered page is
// one index range scan already sorted by id.
export const createPetsTable: Migration = (db) => {
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
export const addNameSearch: Migration = (db) => {
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
export const importedRowsTable = `
  CREATE TABLE imported_rows (
    row_key TEXT PRIMARY KEY,
    added_id INTEGER NOT NULL,
    imported_at INTEGER NOT NULL
  ) STRICT;
`;

// The full-text index is kept in step only when the folded name itself changes: a change of status,

// or a server's answer that repeats a name, costs no re-indexing.
export const reindexOnlyNewNames = `
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
export function rebuildWithCheck(db: Database, table: string, [from, to]: [string, string], stateOf: string): void {
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
export const renameEntryStates: Migration = (db) => {
  const stateOf = `CASE state WHEN 'needs_confirmation' THEN 'held' WHEN 'rejected' THEN 'refused' ELSE state END`;
  for (const table of ['outbox', 'pet_changes']) {
    rebuildWithCheck(db, table, [`'rejected', 'needs_confirmation'`, `'refused', 'held'`], stateOf);
  }
};

// An animal's details (our extension; see animal-details.ts for their rules), each optional, the
// photo's digest among them; a microchip number belongs to one animal; the photos themselves in a
// table of their own, so that no list reads a photo's pages.
export const addAnimalDetails: Migration = (db) => {
  db.exec(`
    ALTER TABLE pets ADD COLUMN price_minor INTEGER CHECK (price_minor >= 0);
    ALTER TABLE pets ADD COLUMN sex TEXT CHECK (sex IN ('female', 'male', 'unknown'));
    ALTER TABLE pets ADD COLUMN born_on TEXT CHECK (length(born_on) IN (4, 7, 10));
    ALTER TABLE pets ADD COLUMN species TEXT CHECK (length(species) > 0);
    ALTER TABLE pets ADD COLUMN breed TEXT CHECK (length(breed) > 0);
    ALTER TABLE pets ADD COLUMN microchip TEXT CHECK (length(microchip) = 15);
    ALTER TABLE pets ADD COLUMN acquired_on TEXT CHECK (length(acquired_on) = 10);
    ALTER TABLE pets ADD COLUMN supplier TEXT CHECK (length(supplier) > 0);
    ALTER TABLE pets ADD COLUMN treatment TEXT CHECK (length(treatment) > 0);
    ALTER TABLE pets ADD COLUMN sold_on TEXT CHECK (length(sold_on) = 10);
    ALTER TABLE pets ADD COLUMN photo TEXT CHECK (length(photo) = 64);
    CREATE UNIQUE INDEX pets_by_microchip ON pets (microchip) WHERE microchip IS NOT NULL;
    CREATE TABLE pet_photos (
      pet_id INTEGER PRIMARY KEY,
      digest TEXT NOT NULL CHECK (length(digest) = 64),
      width INTEGER NOT NULL CHECK (width > 0),
      height INTEGER NOT NULL CHECK (height > 0),
      image BLOB NOT NULL,
      thumbnail BLOB NOT NULL
    ) STRICT;
  `);
};

// Find by species and breed too: the search text of each animal that has either is its name, its
// species and its breed (animalSearchText); the triggers keep the full-text index in step.
export const searchSpeciesAndBreed: Migration = (db) => {
  const fill = db.prepare<[string, bigint]>('UPDATE pets SET search_text = ? WHERE id = ?');
  const rows = db
    .prepare<[], [bigint, string, string | null, string | null]>(
      'SELECT id, name, species, breed FROM pets WHERE species IS NOT NULL OR breed IS NOT NULL',
    )
    .raw()
    .safeIntegers()
    .all();
  for (const [id, name, species, breed] of rows) fill.run(animalSearchText({ name, species, breed }), id);
};

/**
 * The details an animals screen filters by, by index (database/name-search.ts): each status's count
 * of a sex, or of those under treatment, read from a covering index rather than every animal, and a
 * window of a sex and a status in id order. One index for a sex, as every index is a cost of every
 * write (a walk of a server's animals writes them all).
 */
export const indexDetailFilters: Migration = (db) => {
  db.exec(`
    CREATE INDEX pets_by_sex ON pets (sex, status, id) WHERE sex IS NOT NULL;
    CREATE INDEX pets_under_treatment ON pets (status) WHERE treatment IS NOT NULL;
  `);
};

// A search of one or two characters cannot use the trigram index: its counts by status read every
// animal's search text. This index holds both, in status order, so that count reads the index
// alone (a few bytes an animal) rather than every row with its details.
export const indexSearchTextByStatus: Migration = (db) => {
  db.exec(`CREATE INDEX pets_search_text_by_status ON pets (status, search_text);`);
};

// A replica keeps an animal's details too (our extension): those its server sends when it has the
// extension, else the ones given here, kept on this computer only (`details_here`; see
// sync/kept-details.ts). No CHECKs: a server's values were bounded when read, and what a server
// sends is not refused here. Which extensions the server at its address says it has, and when it said.
export const keepDetailsInReplica: Migration = (db) => {
  const columns = [
    ['price_minor', 'INTEGER'],
    ['sex', 'TEXT'],
    ['born_on', 'TEXT'],
    ['species', 'TEXT'],
    ['breed', 'TEXT'],
    ['microchip', 'TEXT'],
    ['acquired_on', 'TEXT'],
    ['supplier', 'TEXT'],
    ['treatment', 'TEXT'],
    ['sold_on', 'TEXT'],
    ['notes', 'TEXT'],
  ];
  for (const table of ['pets', 'server_pets', 'outbox'])
    for (const [column, type] of columns) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
  db.exec(`
    ALTER TABLE pets ADD COLUMN details_here INTEGER NOT NULL DEFAULT 0 CHECK (details_here IN (0, 1));
    CREATE INDEX pets_details_here ON pets (id) WHERE details_here = 1;
    ALTER TABLE outbox ADD COLUMN details_here INTEGER NOT NULL DEFAULT 0 CHECK (details_here IN (0, 1));
    ALTER TABLE pet_changes ADD COLUMN details_here INTEGER NOT NULL DEFAULT 0 CHECK (details_here IN (0, 1));
    CREATE TABLE server_extensions (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      base_url TEXT NOT NULL,
      names TEXT NOT NULL,
      checked_at INTEGER NOT NULL
    ) STRICT;
  `);
};
