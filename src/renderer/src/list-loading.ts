// The list's rows as main gives them: the first block of a filter, the blocks a scroll reaches, and
// the first blocks of the filters beside the one shown, asked for beforehand (list-prefetch.ts).
// Every answer is for one version of the data and the filter: an older one is dropped.
import type { AnimalRow, AnimalsWindow, AppError, EnvironmentName } from '../../shared/contract';
import { isRemoteEnvironment } from '../../shared/contract/environments';
import { call, CallError } from './api';
import { filterQuery, type Filter } from './list-filter';
import { createListPrefetch } from './list-prefetch';
import type { WindowState } from './window-state';

/** Rows are fetched in blocks of this many, as the list scrolls to them. */
export const BLOCK_ROWS = 100;

export const problemOf = (error: unknown): AppError =>
  error instanceof CallError ? error.detail : { code: 'internal', message: String(error) };

type ListState = Pick<WindowState, 'environment' | 'filter' | 'list' | 'loading' | 'refreshing' | 'listError'>;

export function createListLoading(get: () => ListState, set: (change: Partial<ListState>) => void) {
  // Each load gets a number; an answer for an older one (another environment, another filter) is dropped.
  let loadNumber = 0;
  // The data or the filter changed since a block was asked for: its answer is dropped.
  let listVersion = 0;
  const blocksAsked = new Set<number>();
  const firstBlock = (environment: EnvironmentName, filter: Filter) =>
    call('animals', {
      environment,
      query: { ...filterQuery(filter, environment), sort: filter.sort, offset: 0, limit: BLOCK_ROWS },
    });
  const prefetch = createListPrefetch(firstBlock);

  /** One block of the list for the current environment and filter; null when the data or filter changed meanwhile. */
  async function loadBlock(block: number): Promise<AnimalsWindow | null> {
    const { environment, filter } = get();
    if (environment === null) return null;
    const version = listVersion;
    blocksAsked.add(block);
    const window = await call('animals', {
      environment,
      query: {
        ...filterQuery(filter, environment),
        sort: filter.sort,
        offset: block * BLOCK_ROWS,
        limit: BLOCK_ROWS,
      },
    });
    return version === listVersion && environment === get().environment ? window : null;
  }

  /** The list as these windows say (the last for the size and counts), asked for `filter`, keeping `kept` blocks too. */
  function listOf(
    windows: AnimalsWindow[],
    filter: Filter,
    kept: ReadonlyMap<number, readonly AnimalRow[]> = new Map(),
  ): ListState['list'] {
    const blocks = new Map(kept);
    for (const window of windows) blocks.set(window.offset / BLOCK_ROWS, window.rows);
    const { rows: _rows, offset: _offset, ...rest } = windows.at(-1)!;
    return { ...rest, blocks, filter };
  }

  /**
   * The list for the filter on screen (`refresh`: and the server asked for its whole list;
   * `fromTop`: only its first rows; `dataChanged`: nothing asked for before is shown).
   */
  async function load({ refresh = true, fromTop = false, dataChanged = false } = {}): Promise<void> {
    const { environment, filter } = get();
    if (dataChanged) prefetch.forget();
    if (environment === null) return;
    const number = ++loadNumber;
    const current = () => number === loadNumber;
    listVersion++;
    blocksAsked.clear();
    // The first block again, and every block on screen with it (a change may move any row).
    const onScreen = new Set([0, ...(fromTop ? [] : (get().list?.blocks.keys() ?? []))]);
    try {
      const windows = await Promise.all([...onScreen].map(loadBlock));
      if (!current() || windows.includes(null)) return;
      set({ list: listOf(windows as AnimalsWindow[], filter), loading: false, listError: null });
      prefetch.after(environment, filter);
    } catch (error) {
      if (current()) set({ loading: false, listError: problemOf(error) });
      return;
    }
    if (!refresh || !isRemoteEnvironment(environment)) return;
    // Local first: the saved list is on screen; now the server's whole list is walked into it
    // (its progress and outcome come as serverStatus; each page stored, as dataChanged).
    set({ refreshing: true });
    try {
      await call('refreshAnimals', { environment });
    } catch (error) {
      if (current()) set({ listError: problemOf(error) });
    } finally {
      if (current()) set({ refreshing: false });
    }
  }

  /** Shows `filter`'s list: at once, with the choice, when its first block is here; else from main. */
  function showFilter(filter: Filter): void {
    const { environment } = get();
    const ready = environment === null ? undefined : prefetch.take(environment, filter);
    if (ready === undefined) {
      set({ filter });
      // Another filter is another list, from its top; the data is as fresh as it was.
      return void load({ refresh: false, fromTop: true });
    }
    // No answer asked for before is shown after this one.
    loadNumber++;
    const version = ++listVersion;
    blocksAsked.clear();
    set({ filter, list: listOf([ready], filter), loading: false, listError: null });
    prefetch.after(environment!, filter);
    // Once the frame that shows the rows is drawn: main's answer is not read within it.
    requestAnimationFrame(() => setTimeout(() => void askAgain(environment!, filter, ready, version), 0));
  }

  /**
   * The first block shown from what was asked for before, asked for again all the same: should main
   * answer otherwise (a change it has not told of yet), the list is read again at once.
   */
  async function askAgain(
    environment: EnvironmentName,
    filter: Filter,
    shown: AnimalsWindow,
    version: number,
  ): Promise<void> {
    if (version !== listVersion) return;
    const fresh = await firstBlock(environment, filter).catch(() => null);
    if (fresh === null || version !== listVersion || JSON.stringify(fresh) === JSON.stringify(shown)) return;
    void load({ refresh: false, dataChanged: true });
  }

  /** The list needs rows `from` to `to` (exclusive): fetches the blocks it lacks. */
  function needRows(from: number, to: number): void {
    const list = get().list;
    if (list === null) return;
    for (let block = Math.floor(from / BLOCK_ROWS); block * BLOCK_ROWS < Math.min(to, list.total); block++) {
      if (list.blocks.has(block) || blocksAsked.has(block)) continue;
      void loadBlock(block).then(
        (window) => window && set({ list: listOf([window], list.filter, get().list?.blocks) }),
        () => blocksAsked.delete(block), // asked again when next needed
      );
    }
  }

  /** A change is on its way to main: the first blocks asked for before it are not shown. */
  const forget = () => prefetch.forget();

  return { load, showFilter, needRows, forget };
}
