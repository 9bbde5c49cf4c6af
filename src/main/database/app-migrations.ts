import {
  addAnimalDetails,
  addNameSearch,
  createPetsTable,
  importedRowsTable,
  indexDetailFilters,
  indexSearchTextByStatus,
  reindexOnlyNewNames,
  searchSpeciesAndBreed,
  type Migration,
} from './schema-steps';
import { addPetHistory } from './history-table';
import { addStaffTable } from './staff-table';
import { addOrdersTable } from './orders-table';
import { indexHistoryByTime } from './week-figures';
import { addAppWriter } from './app-writer';

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
  // 9: an animal's details and its photo (our extension).
  addAnimalDetails,
  // 10: find by species and breed as well as by name: their search text refilled.
  searchSpeciesAndBreed,
  // 11: the details filtered by, by index.
  indexDetailFilters,
  // 12: how and when an animal left the shop other than by a sale (our extension): the register
  // holds it until that day. No index: nothing is filtered by them.
  (db) => {
    db.exec(`
      ALTER TABLE pets ADD COLUMN left_on TEXT CHECK (length(left_on) = 10);
      ALTER TABLE pets ADD COLUMN left_how TEXT CHECK (left_how IN ('died', 'returned', 'rehomed', 'other'));
    `);
  },
  // 13: each animal's history: every change, who made it, when and where (history-table.ts).
  addPetHistory,
  // 14: the shop's staff, each with a personal PIN; the manager's PIN carries over as a manager.
  addStaffTable,
  // 15: the sales: one row per animal sold, written with the status change (orders-table.ts).
  addOrdersTable,
  // 16: the history by time, for the week at a glance: its status changes and its adds (week-figures.ts).
  indexHistoryByTime,
  // 17: which version of Petstore Desk last opened the file for writing, so that an older one that
  // must refuse it names the version to install (app-writer.ts).
  addAppWriter,
  // 18: the counts of a short search read an index, not every animal (schema-steps.ts).
  indexSearchTextByStatus,
];

export const SCHEMA_VERSION = MIGRATIONS.length;
