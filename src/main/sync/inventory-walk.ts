import { EventEmitter } from 'node:events';
import {
  PET_STATUSES,
  REMOTE_FIELD_NAMES,
  type AnimalFieldName,
  type AppError,
  type InventoryView,
  type Pet,
} from '../../shared/contract';
import { toAppError } from '../app-error';
import type { RemoteClient, RemotePage } from '../remote/remote-client';
import { RemoteError } from '../remote/remote-error';
import { animalParams, columnsOf, paramsOf, setEach, type AnimalParams } from '../database/animal-columns';
import { writeTransaction, type SqliteDatabase } from '../database/database';
import { byFieldSet, OLDER_THAN_GIVEN, OLDER_THAN_HELD } from '../database/pets-table';
import { animalSearchText } from '../database/search-text';
import { createBatchedSearchIndex } from '../database/batched-search-index';

/** A page as large as the interface allows: the fewest requests for the whole inventory. */
export const WALK_PAGE_SIZE = 100;
/**
 * Pages stored together, in one transaction: its commit, its flush of the search index and the
 * index pages it writes out are paid once for them. The window's reads on the walk's thread wait
 * for one transaction at most.
 */
export const WALK_PAGES_PER_TRANSACTION = 4;
/** More pages than any shop has (ten million animals): a server that never stops is stopped here. */
export const WALK_MAX_PAGES = 100_000;

type SeenParams = AnimalParams & { generation: number; searchText?: string };

interface WalkRow {
  generation: number;
  base_url: string;
  state: 'walking' | 'complete' | 'first_pages_only';
  next_url: string | null;
  pages: number;
  animals: number;
  started_at: number;
  finished_at: number | null;
  problem: string | null;
}

export interface InventoryWalkOptions {
  db: SqliteDatabase;
  client: () => RemoteClient;
  currentBaseUrl: () => string | null;
  /** Makes a call to the server whose outcome the server status hears of. */
  ask: <T>(request: () => Promise<T>) => Promise<T>;
  /** Told of each page's animals as the server sent them, in the transaction that stores them. */
  serverSent?: (pets: readonly Pet[]) => void;
  /** The fields the server's animals decide (see server-extensions.ts); the rows keep the others. */
  answersDecide?: () => readonly AnimalFieldName[];
  now?: () => number;
}

/**
 * The replica's copy of the server's whole inventory, by walking every page of its list (our
 * extension: `Link: <…>; rel="next"`), one page at a time, stored a few pages to a transaction. A walk
 * stopped part way (offline, a crash, the app closed) resumes from the page it had reached, on the
 * same server. After a complete walk, the animals the server no longer lists leave the replica
 * (never one accepted from this computer since the walk began: it is there, just past the walk).
 * A server that does not page shows only its first 100 animals per filter: those are kept, nothing
 * is removed, and the inventory says so. Events: change (progress), data-changed.
 */
export function createInventoryWalk({
  db,
  client,
  currentBaseUrl,
  ask,
  serverSent = () => undefined,
  answersDecide = () => REMOTE_FIELD_NAMES,
  now = Date.now,
}: InventoryWalkOptions) {
  const events = new EventEmitter();
  const read = db.prepare<[], WalkRow>('SELECT * FROM inventory_walk WHERE id = 1');
  const write = db.prepare<WalkRow>(
    `INSERT OR REPLACE INTO inventory_walk (id, generation, base_url, state, next_url, pages, animals, started_at, finished_at, problem)
     VALUES (1, @generation, @base_url, @state, @next_url, @pages, @animals, @started_at, @finished_at, @problem)`,
  );
  const seenDeciding = byFieldSet((decided) => seenStatements(db, decided));
  const removeUnseen = db.prepare<[number, number]>(
    `DELETE FROM pets WHERE seen_in_walk < ?
       AND id NOT IN (SELECT server_id FROM outbox WHERE server_id IS NOT NULL AND updated_at >= ?)`,
  );
  const held = db.prepare<[bigint], number>('SELECT 1 FROM pets WHERE id = ?').pluck();
  const indexingNew = createBatchedSearchIndex(db);
  const storeInTransaction = writeTransaction(db, (pets: readonly Pet[], row: WalkRow) => {
    const decided = answersDecide();
    const { keepingName, upsert, searchesDetails } = seenDeciding(decided);
    indexingNew((search) => {
      for (const pet of pets) {
        search.writing(pet.id);
        const seen: SeenParams = { ...animalParams(pet, decided), generation: row.generation };
        // A first walk's animals are all new: only one held already may keep its name.
        const isNew = held.get(BigInt(pet.id)) === undefined;
        if (!isNew) {
          if (searchesDetails) seen.searchText = animalSearchText(pet);
          if (keepingName.run(seen).changes > 0) continue;
        }
        seen.searchText ??= animalSearchText(pet);
        upsert.run(seen);
        if (isNew) search.inserted(pet.id);
      }
    });
    serverSent(pets);
    write.run(row);
  });
  // Pages are the server's, fetched again if lost: their commit is not synced to disk by itself (the
  // next write that is, a person's add or the walk's end, syncs it too). A power cut may take the
  // last pages back, with the walk's place among them, so the walk resumes before them; a crash of
  // the app loses nothing committed. The connection's writes around it keep their synchronous=FULL.
  const synchronous = db.pragma('synchronous', { simple: true }) as number;
  const storePage = (pets: readonly Pet[], row: WalkRow) => {
    db.pragma('synchronous = NORMAL');
    try {
      storeInTransaction(pets, row);
    } finally {
      db.pragma(`synchronous = ${synchronous}`);
    }
  };
  const finishComplete = writeTransaction(db, (row: WalkRow) => {
    removeUnseen.run(row.generation, row.started_at);
    write.run(row);
  });

  let running: Promise<void> | null = null;
  let controller: AbortController | null = null;
  /** Why the last walk stopped short; kept in memory, as the connection is. */
  let lastProblem: AppError | null = null;

  async function page(signal: AbortSignal, next?: string, status?: (typeof PET_STATUSES)[number]) {
    return ask(() =>
      client().listPage(
        { limit: WALK_PAGE_SIZE, ...(status ? { status } : {}) },
        { signal, ...(next ? { next } : {}) },
      ),
    );
  }

  /** A page asked for ahead of its turn: if the walk stops before reading it, its failure is the walk's no more. */
  function pageOnItsWay(signal: AbortSignal, next?: string): Promise<RemotePage> {
    const coming = page(signal, next);
    coming.catch(() => undefined);
    return coming;
  }

  /** A full first page without a next link: a server that pages names a next page for a smaller one. */
  async function offersPages(signal: AbortSignal): Promise<boolean> {
    return (await ask(() => client().listPage({ limit: WALK_PAGE_SIZE - 1 }, { signal }))).next !== null;
  }

  async function run(signal: AbortSignal): Promise<void> {
    const baseUrl = currentBaseUrl();
    if (baseUrl === null) throw new RemoteError('no_address', 'No address is set: there is no inventory to walk.');
    const before = read.get();
    const resume = before?.state === 'walking' && before.base_url === baseUrl && before.next_url !== null;
    const row: WalkRow = resume
      ? { ...before, problem: null }
      : {
          generation: (before?.generation ?? 0) + 1,
          base_url: baseUrl,
          state: 'walking',
          next_url: null,
          pages: 0,
          animals: 0,
          started_at: now(),
          finished_at: null,
          problem: null,
        };
    write.run(row);
    lastProblem = null;
    events.emit('change');
    const seen = new Set<string>();
    let from = row.next_url ?? undefined;
    if (from !== undefined) seen.add(from);
    let coming = pageOnItsWay(signal, from);
    // The pages received and not yet stored: stored together, under the walk's place after the last.
    // A walk that stops short stores those it received first: it resumes after them.
    let unstored: Pet[] = [];
    let unstoredPages = 0;
    const storeReceived = (pets: readonly Pet[] = []) => {
      const received = unstored.concat(pets);
      unstored = [];
      unstoredPages = 0;
      storePage(received, row);
    };
    try {
      for (;;) {
        const answer: RemotePage = await coming;
        if (answer.next !== null && seen.has(answer.next)) {
          throw new RemoteError(
            'not_the_contract',
            `${baseUrl} named an earlier page as the next one: its pages loop.`,
          );
        }
        if (row.pages + 1 >= WALK_MAX_PAGES && answer.next !== null) {
          throw new RemoteError('not_the_contract', `${baseUrl} has more than ${WALK_MAX_PAGES} pages of animals.`);
        }
        row.pages++;
        row.animals += answer.pets.length;
        row.next_url = answer.next;
        if (answer.next !== null) {
          // The next page is asked for before this one is stored: the server prepares it meanwhile.
          seen.add(answer.next);
          coming = pageOnItsWay(signal, answer.next);
          from = answer.next;
          unstored = unstored.concat(answer.pets);
          if (++unstoredPages < WALK_PAGES_PER_TRANSACTION) continue;
          storeReceived();
          events.emit('change');
          events.emit('data-changed');
          continue;
        }
        const firstOnly =
          from === undefined &&
          answer.pets.length === WALK_PAGE_SIZE &&
          (answer.nextRefused !== undefined || !(await offersPages(signal)));
        if (!firstOnly) {
          storeReceived(answer.pets);
          finishComplete({ ...row, state: 'complete', finished_at: now() });
        } else {
          // All it shows: the first page of each filter. Nothing can be known to be gone.
          storePage(answer.pets, row);
          for (const status of PET_STATUSES) {
            const filtered = await page(signal, undefined, status);
            row.pages++;
            row.animals += filtered.pets.length;
            storePage(filtered.pets, row);
          }
          write.run({
            ...row,
            state: 'first_pages_only',
            finished_at: now(),
            problem:
              answer.nextRefused === undefined ? null : `Its next pages cannot be followed: ${answer.nextRefused}.`,
          });
        }
        events.emit('change');
        events.emit('data-changed');
        return;
      }
    } catch (error) {
      if (unstoredPages > 0) {
        storeReceived();
        events.emit('data-changed');
      }
      throw error;
    }
  }

  return {
    events,

    /** Walks (or resumes walking) the server's inventory; joins the walk already running. Throws a RemoteError when it stops short. */
    walk(): Promise<void> {
      if (running !== null) return running;
      const ownController = new AbortController();
      controller = ownController;
      running = run(ownController.signal)
        .catch((error: unknown) => {
          lastProblem = toAppError(error);
          throw error;
        })
        .finally(() => {
          running = null;
          if (controller === ownController) controller = null;
          events.emit('change');
        });
      return running;
    },

    /** Stops a running walk where it is (it resumes from there next time). */
    cancel(): void {
      controller?.abort(new RemoteError('cancelled', 'The walk of the inventory was stopped.'));
    },

    view(): InventoryView {
      const row = read.get();
      if (row === undefined)
        return { state: running ? 'walking' : 'never', pages: 0, animals: 0, finishedAt: null, problem: lastProblem };
      const state = row.state === 'walking' && running === null ? 'interrupted' : row.state;
      const problem =
        lastProblem ?? (row.problem === null ? null : { code: 'not_the_contract' as const, message: row.problem });
      return {
        state,
        pages: row.pages,
        animals: row.animals,
        finishedAt: row.finished_at === null ? null : new Date(row.finished_at).toISOString(),
        problem: state === 'complete' ? null : problem,
      };
    },

    /** Waits for a running walk to stop (after cancel), whatever its outcome. */
    async stopped(): Promise<void> {
      await running?.catch(() => undefined);
    },
  };
}

export type InventoryWalk = ReturnType<typeof createInventoryWalk>;

/**
 * A walk's writes of the animals it sees, deciding the fields `decided` (the row keeps the others):
 * seen in this walk whatever its version, its values only when not older than those held. The usual
 * animal, the same again, keeps its name and search text, leaving their indexes alone (an UPDATE
 * naming search_text rewrites them, whatever the value); else the upsert, which refolds a new name
 * with the row's own species and breed where the walk does not decide them.
 */
function seenStatements(db: SqliteDatabase, decided: readonly AnimalFieldName[]) {
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
         seen_in_walk = @generation
       WHERE id = @id AND name = @name ${searchesDetails ? 'AND search_text = @searchText' : ''}`,
    ),
    upsert: db.prepare<SeenParams>(
      `INSERT INTO pets (${columnsOf(decided)}, search_text, seen_in_walk)
       VALUES (${paramsOf(decided)}, @searchText, @generation)
       ON CONFLICT (id) DO UPDATE SET ${setEach(butId, keepNewer)}, search_text = ${searchText},
         seen_in_walk = excluded.seen_in_walk`,
    ),
  };
}
