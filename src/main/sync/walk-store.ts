import type { AnimalFieldName, Pet } from '../../shared/contract';
import {
  animalParams,
  animalValues,
  columnsOf,
  placeholdersOf,
  setEach,
  type AnimalParams,
} from '../database/animal-columns';
import { createBatchedSearchIndex } from '../database/batched-search-index';
import { writeTransaction, type SqliteDatabase } from '../database/database';
import { byFieldSet, OLDER_THAN_GIVEN, OLDER_THAN_HELD } from '../database/pets-table';
import { animalSearchText } from '../database/search-text';

/** Where a walk has reached, as the replica keeps it (`inventory_walk`, one row). */
export interface WalkRow {
  generation: number;
  base_url: string;
  state: 'walking' | 'complete' | 'first_pages_only';
  next_url: string | null;
  pages: number;
  animals: number;
  started_at: number;
  finished_at: number | null;
  problem: string | null;
  /** The process that wrote it last (absent in a row an older version wrote). */
  walker_pid?: number | null;
}

/**
 * The animals of the pages received, each with its search text, folded where the pages are read:
 * the thread that stores them is the walk's busiest.
 */
export interface WalkBatch {
  pets: readonly Pet[];
  searchTexts: readonly string[];
}

export const walkBatch = (pets: readonly Pet[]): WalkBatch => ({ pets, searchTexts: pets.map(animalSearchText) });

/** The fields the server's animals decide (see server-extensions.ts); the rows keep the others. */
type Decided = readonly AnimalFieldName[];

/**
 * Where a walk's pages are written: over the connection of the thread that runs the sync engine
 * (sync-thread.ts), so that storing them never holds the main thread, or here.
 */
export interface WalkStore {
  /** Stores the animals of the pages received and the walk's place after them, in one transaction. */
  store(batch: WalkBatch, row: WalkRow, decided: Decided): Promise<void>;
  /** A complete walk: the animals the server no longer lists leave, and the walk's place says so. */
  finish(row: WalkRow): Promise<void>;
}

/** The walk's place, written as is. */
export function writeWalkRow(db: SqliteDatabase): (row: WalkRow) => void {
  const write = db.prepare<WalkRow>(
    `INSERT OR REPLACE INTO inventory_walk (id, generation, base_url, state, next_url, pages, animals, started_at, finished_at, problem, walker_pid)
     VALUES (1, @generation, @base_url, @state, @next_url, @pages, @animals, @started_at, @finished_at, @problem, @walker_pid)`,
  );
  return (row) => void write.run({ ...row, walker_pid: process.pid });
}

/**
 * Whether the walk of `row` is the file's latest. Another process of this computer (the CLI beside
 * the app) may have begun a walk of the same file since: the older walk goes on storing what it
 * sees, but the walk's place and what leaves the file are the newer one's. Called in the write
 * transaction that acts on it.
 */
export function latestWalk(db: SqliteDatabase): (row: WalkRow) => boolean {
  const generation = db.prepare<[], number>('SELECT generation FROM inventory_walk WHERE id = 1').pluck();
  return (row) => (generation.get() ?? row.generation) === row.generation;
}

type SeenParams = AnimalParams & { generation: number; searchText?: string };

/**
 * A walk's writes over `db`. Every animal is marked seen in this walk (the walk's generation),
 * whatever its version, and never back from a newer walk's; `serverSent` is told of them in the
 * transaction that stores them.
 */
export function createWalkStore(db: SqliteDatabase, serverSent: (pets: readonly Pet[]) => void) {
  const seenDeciding = byFieldSet((decided) => seenStatements(db, decided));
  const removeUnseen = db.prepare<[number, number]>(
    `DELETE FROM pets WHERE seen_in_walk < ?
       AND id NOT IN (SELECT server_id FROM outbox WHERE server_id IS NOT NULL AND updated_at >= ?)`,
  );
  const held = db.prepare<[bigint], number>('SELECT 1 FROM pets WHERE id = ?').pluck();
  const indexingNew = createBatchedSearchIndex(db);
  const write = writeWalkRow(db);
  const isLatest = latestWalk(db);
  const storeInTransaction = writeTransaction(
    db,
    ({ pets, searchTexts }: WalkBatch, row: WalkRow, decided: Decided) => {
      const { keepingName, upsert, searchesDetails } = seenDeciding(decided);
      indexingNew((search) => {
        pets.forEach((pet, i) => {
          const searchText = searchTexts[i]!;
          search.writing(pet.id);
          // A first walk's animals are all new: only one held already may keep its name.
          const isNew = held.get(BigInt(pet.id)) === undefined;
          if (!isNew) {
            const seen: SeenParams = { ...animalParams(pet, decided), generation: row.generation };
            if (searchesDetails) seen.searchText = searchText;
            if (keepingName.run(seen).changes > 0) return;
          }
          upsert.run(...animalValues(pet, decided), searchText, row.generation);
          if (isNew) search.inserted(pet.id);
        });
      });
      serverSent(pets);
      if (isLatest(row)) write(row);
    },
  );
  // Pages are the server's, fetched again if lost: their commit is not synced to disk by itself (the
  // next write that is, a person's add or the walk's end, syncs it too). A power cut may take the
  // last pages back, with the walk's place among them, so the walk resumes before them; a crash of
  // the app loses nothing committed. The connection's writes around it keep their synchronous=FULL.
  const synchronous = db.pragma('synchronous', { simple: true }) as number;
  const store = (batch: WalkBatch, row: WalkRow, decided: Decided) => {
    db.pragma('synchronous = NORMAL');
    try {
      storeInTransaction(batch, row, decided);
    } finally {
      db.pragma(`synchronous = ${synchronous}`);
    }
  };
  const finish = writeTransaction(db, (row: WalkRow) => {
    if (!isLatest(row)) return;
    removeUnseen.run(row.generation, row.started_at);
    write(row);
  });

  return { store, finish };
}

/** A walk store over this thread's connection. */
export function walkStoreHere(db: SqliteDatabase, serverSent: (pets: readonly Pet[]) => void): WalkStore {
  const { store, finish } = createWalkStore(db, serverSent);
  return {
    store: async (batch, row, decided) => store(batch, row, decided),
    finish: async (row) => finish(row),
  };
}

/**
 * A walk's writes of the animals it sees, deciding the fields `decided` (the row keeps the others):
 * seen in this walk whatever its version, its values only when not older than those held. The usual
 * animal, the same again, keeps its name and search text, leaving their indexes alone (an UPDATE
 * naming search_text rewrites them, whatever the value); else the upsert, which refolds a new name
 * with the row's own species and breed where the walk does not decide them.
 */
function seenStatements(db: SqliteDatabase, decided: Decided) {
  const butId = decided.filter((name) => name !== 'id');
  const butIdAndName = butId.filter((name) => name !== 'name');
  const searchesDetails = decided.includes('species') || decided.includes('breed');
  const keepNewer = (column: string) => `CASE WHEN ${OLDER_THAN_HELD} THEN pets.${column} ELSE excluded.${column} END`;
  const searchText = searchesDetails
    ? keepNewer('search_text')
    : `CASE WHEN ${OLDER_THAN_HELD} THEN pets.search_text
        WHEN pets.species IS NULL AND pets.breed IS NULL THEN excluded.search_text
        ELSE animal_search_text(excluded.name, pets.species, pets.breed) END`;
  return {
    searchesDetails,
    keepingName: db.prepare<SeenParams>(
      `UPDATE pets SET
         ${setEach(butIdAndName, (column, name) => `CASE WHEN ${OLDER_THAN_GIVEN} THEN ${column} ELSE @${name} END`)},
         seen_in_walk = max(seen_in_walk, @generation)
       WHERE id = @id AND name = @name ${searchesDetails ? 'AND search_text = @searchText' : ''}`,
    ),
    // Positional: run for every animal of a walk (see animalValues).
    upsert: db.prepare<unknown[]>(
      `INSERT INTO pets (${columnsOf(decided)}, search_text, seen_in_walk)
       VALUES (${placeholdersOf(decided)}, ?, ?)
       ON CONFLICT (id) DO UPDATE SET ${setEach(butId, keepNewer)}, search_text = ${searchText},
         seen_in_walk = max(pets.seen_in_walk, excluded.seen_in_walk)`,
    ),
  };
}
