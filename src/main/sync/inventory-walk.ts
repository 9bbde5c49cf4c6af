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
import { writeTransaction, type SqliteDatabase } from '../database/database';
import { latestWalk, walkBatch, writeWalkRow, type WalkRow, type WalkStore } from './walk-store';

/** Whether another process of this computer, still alive, wrote the walk's place: that walk is under way. */
function walkingElsewhere(pid: number | null | undefined): boolean {
  if (pid === null || pid === undefined || pid === process.pid) return false;
  try {
    process.kill(pid, 0); // asks only whether it lives
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

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

export interface InventoryWalkOptions {
  db: SqliteDatabase;
  client: () => RemoteClient;
  currentBaseUrl: () => string | null;
  /** Makes a call to the server whose outcome the server status hears of. */
  ask: <T>(request: () => Promise<T>) => Promise<T>;
  /** Where the pages are written (see walk-store.ts). */
  store: WalkStore;
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
  store,
  answersDecide = () => REMOTE_FIELD_NAMES,
  now = Date.now,
}: InventoryWalkOptions) {
  const events = new EventEmitter();
  const read = db.prepare<[], WalkRow>('SELECT * FROM inventory_walk WHERE id = 1');
  const write = writeWalkRow(db);
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

  /** The walk resumed, or a new one numbered after the file's last, whichever process walked it. */
  const begin = writeTransaction(db, (baseUrl: string): WalkRow => {
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
    write(row);
    return row;
  });
  const isLatest = latestWalk(db);
  const endIfLatest = writeTransaction(db, (row: WalkRow) => {
    if (isLatest(row)) write(row);
  });

  async function run(signal: AbortSignal): Promise<void> {
    const baseUrl = currentBaseUrl();
    if (baseUrl === null) throw new RemoteError('no_address', 'No address is set: there is no inventory to walk.');
    const row = begin(baseUrl);
    lastProblem = null;
    events.emit('change');
    const seen = new Set<string>();
    let from = row.next_url ?? undefined;
    if (from !== undefined) seen.add(from);
    let coming = pageOnItsWay(signal, from);
    // The pages received and not yet stored: stored together, under the walk's place after the last,
    // while the next pages are fetched and read. One transaction at a time is on its way to the file.
    // A walk that stops short stores those it received first: it resumes after them.
    let unstored: Pet[] = [];
    let unstoredPages = 0;
    let storing: Promise<void> | null = null;
    const storeReceived = async (pets: readonly Pet[] = []) => {
      const received = unstored.concat(pets);
      unstored = [];
      unstoredPages = 0;
      await storing;
      storing = store.store(walkBatch(received), { ...row }, answersDecide());
      storing.then(
        () => {
          events.emit('change');
          events.emit('data-changed');
        },
        () => undefined, // its failure is the walk's, thrown where it is awaited next
      );
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
          if (++unstoredPages === WALK_PAGES_PER_TRANSACTION) await storeReceived();
          continue;
        }
        const firstOnly =
          from === undefined &&
          answer.pets.length === WALK_PAGE_SIZE &&
          (answer.nextRefused !== undefined || !(await offersPages(signal)));
        await storeReceived(answer.pets);
        if (!firstOnly) {
          await storing;
          await store.finish({ ...row, state: 'complete', finished_at: now() });
        } else {
          // All it shows: the first page of each filter. Nothing can be known to be gone.
          for (const status of PET_STATUSES) {
            const filtered = await page(signal, undefined, status);
            row.pages++;
            row.animals += filtered.pets.length;
            await storeReceived(filtered.pets);
          }
          await storing;
          endIfLatest({
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
      try {
        if (unstoredPages > 0) await storeReceived();
        await storing;
      } catch {
        // The walk's own fault is the one it reports.
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
      const state =
        row.state === 'walking' && running === null && !walkingElsewhere(row.walker_pid) ? 'interrupted' : row.state;
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
