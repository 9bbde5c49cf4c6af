import {
  addNameSearch,
  createPetsTable,
  importedRowsTable,
  indexDetailFilters,
  indexSearchTextByStatus,
  keepDetailsInReplica,
  reindexOnlyNewNames,
  renameEntryStates,
  type Migration,
} from './schema-steps';
import { addPetHistory } from './history-table';
import { searchText } from './search-text';
import { addOrdersTable } from './orders-table';
import { indexHistoryByTime } from './week-figures';
import { addAppWriter } from './app-writer';
import { letInsertsWaitForSearchIndex } from './batched-search-index';

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
  // 12: an animal's details, sent to a server with the extension and kept here for one without.
  keepDetailsInReplica,
  // 13: an animal's photo: its digest as shown and as the server has it, marked when it is kept
  // here for a server without the extension; the bytes in a table of their own, by digest, which no
  // list reads: the photo shown, the server's (a conflict shows both) and one waiting to be sent.
  (db) => {
    db.exec(`
      ALTER TABLE pets ADD COLUMN photo TEXT;
      ALTER TABLE server_pets ADD COLUMN photo TEXT;
      ALTER TABLE pets ADD COLUMN photo_here INTEGER NOT NULL DEFAULT 0 CHECK (photo_here IN (0, 1));
      CREATE INDEX pets_photo_here ON pets (id) WHERE photo_here = 1;
      CREATE TABLE pet_photos (
        digest TEXT PRIMARY KEY,
        pet_id INTEGER NOT NULL,
        image BLOB NOT NULL,
        thumbnail BLOB NOT NULL
      ) STRICT;
      CREATE INDEX pet_photos_by_pet ON pet_photos (pet_id);
      -- The photos an animal was named with (as shown, or as the server has it) that are not held
      -- here, kept by triggers so that finding what to fetch never reads every animal. A row whose
      -- digest is no longer named is dropped when it is next read (sync/replica-photos.ts).
      CREATE TABLE photos_wanted (digest TEXT PRIMARY KEY, pet_id INTEGER NOT NULL) STRICT;
      ${['pets', 'server_pets']
        .flatMap((table) => [
          `CREATE TRIGGER ${table}_photo_added AFTER INSERT ON ${table} WHEN new.photo IS NOT NULL`,
          `CREATE TRIGGER ${table}_photo_named AFTER UPDATE OF photo ON ${table}
             WHEN new.photo IS NOT NULL AND new.photo IS NOT old.photo`,
        ])
        .map(
          // Not INSERT OR IGNORE: a statement's own conflict clause (an upsert's) overrides a trigger's.
          (trigger) => `${trigger} BEGIN
            INSERT INTO photos_wanted (digest, pet_id) SELECT new.photo, new.id
              WHERE NOT EXISTS (SELECT 1 FROM pet_photos WHERE digest = new.photo)
                AND NOT EXISTS (SELECT 1 FROM photos_wanted WHERE digest = new.photo);
          END;`,
        )
        .join('\n')}
      CREATE TRIGGER pet_photos_held AFTER INSERT ON pet_photos BEGIN
        DELETE FROM photos_wanted WHERE digest = new.digest;
      END;
      CREATE TRIGGER pet_photos_renamed AFTER UPDATE OF digest ON pet_photos BEGIN
        DELETE FROM photos_wanted WHERE digest = new.digest;
      END;
    `);
  },
  // 14: the details filtered by, by index, as in the app's database; and who has a microchip
  // number (not unique here: a server's animals are as it sends them; see sync/microchip-holders.ts).
  (db) => {
    indexDetailFilters(db);
    db.exec(`
      CREATE INDEX pets_by_microchip ON pets (microchip) WHERE microchip IS NOT NULL;
      CREATE INDEX outbox_by_microchip ON outbox (microchip) WHERE microchip IS NOT NULL AND state <> 'accepted';
    `);
  },
  // 15: how and when an animal left the shop other than by a sale, kept as the other details are
  // (migration 12): as shown, as the server has it, and in an add. No CHECKs, as there.
  (db) => {
    for (const table of ['pets', 'server_pets', 'outbox'])
      db.exec(`ALTER TABLE ${table} ADD COLUMN left_on TEXT; ALTER TABLE ${table} ADD COLUMN left_how TEXT;`);
  },
  // 16: each animal's history, as in the app's database (history-table.ts); and who made each add,
  // how and with what (the write act, JSON), so that the animal's history starts with it when the
  // server accepts it, at the moment the person acted.
  (db) => {
    db.exec(`ALTER TABLE outbox ADD COLUMN act TEXT CHECK (json_valid(act));`);
    addPetHistory(db);
  },
  // 17: who made each change and when (the write act, JSON), sent to a server with our history
  // extension when the change is, as the outbox's adds are (16).
  (db) => {
    db.exec(`ALTER TABLE pet_changes ADD COLUMN act TEXT CHECK (json_valid(act));`);
  },
  // 18: the sales made here, as in the app's database (orders-table.ts), each with the server's
  // order id once the server has it.
  addOrdersTable,
  // 19: the history by time, as in the app's database (16).
  indexHistoryByTime,
  // 20: which version of Petstore Desk last opened the file for writing, so that an older one that
  // must refuse it names the version to install (app-writer.ts).
  addAppWriter,
  // 21: the counts of a short search read an index, as in the app's database (18).
  indexSearchTextByStatus,
  // 22: a walk's new animals indexed for search in one statement per page (batched-search-index.ts).
  letInsertsWaitForSearchIndex,
  // 23: who is named with a photo, by its digest: one photo may be several animals' (a litter's),
  // and its bytes are kept while any of them is (sync/replica-photos.ts).
  (db) => {
    db.exec(`
      CREATE INDEX pets_by_photo ON pets (photo) WHERE photo IS NOT NULL;
      CREATE INDEX server_pets_by_photo ON server_pets (photo) WHERE photo IS NOT NULL;
    `);
  },
  // 24: which process is walking (its pid): another process of this computer shows the walk as
  // under way while that process lives, and as interrupted once it is gone (inventory-walk.ts).
  (db) => db.exec('ALTER TABLE inventory_walk ADD COLUMN walker_pid INTEGER'),
];
