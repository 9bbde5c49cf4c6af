import {
  ApiError,
  HISTORY_PAGE_DEFAULT,
  parseOrThrow,
  petIdSchema,
  SERVER_HISTORY_PAGE_MAX,
  type EnvironmentName,
  type HistoryEntry,
} from '../../shared/contract';
import {
  historyWithServerQuerySchema,
  type HistoryCursor,
  type HistoryWithServerPage,
  type ServerHistoryState,
} from '../../shared/contract/history-with-server';
import { toAppError } from '../app-error';
import { actKey } from '../database/history-table';
import type { CoreParts } from './core-parts';
import type { Inventory, ServerHistoryPage, ServerHistoryReader } from './inventory';

/** A part of a cursor that has not begun: from its newest entry. */
const FROM_NEWEST = Number.MAX_SAFE_INTEGER;

/**
 * The most pages one page of the list asks the server for. The server's entries of changes made
 * here are passed over (shown as this computer's), and those newer than the next entry here are
 * few, so this is reached only past the end of this computer's part.
 */
const SERVER_ASKS_PER_PAGE = 8;

export interface HistoryWithServerQuery {
  environment: EnvironmentName;
  petId: string;
  after?: HistoryCursor;
  limit?: number;
}

/** This computer's history alone (every entry, the server's answers too): where there is no server's to read. */
function hereOnly(animals: Inventory, petId: string, before: number | null, limit: number): HistoryWithServerPage {
  if (before === null) return { entries: [], next: null };
  const page = animals.history(petId, { before: before === FROM_NEWEST ? undefined : before, limit });
  const oldest = page.entries.at(-1);
  return {
    entries: page.entries,
    next: page.more && oldest !== undefined ? { here: oldest.seq, server: null, withServer: false } : null,
  };
}

/**
 * The entries made here and the server's, merged newest first by when each was made, each part
 * keeping its own order; a server's entry of an act made here (same moment, same person) is left
 * out, the change being shown once, as made here.
 */
async function withServer(
  animals: Inventory,
  readServer: ServerHistoryReader,
  petId: string,
  after: Pick<HistoryCursor, 'here' | 'server'>,
  limit: number,
  firstServerPage?: ServerHistoryPage,
): Promise<HistoryWithServerPage> {
  const here =
    after.here === null
      ? { entries: [], more: false }
      : animals.history(petId, { before: after.here === FROM_NEWEST ? undefined : after.here, limit, place: 'here' });
  let waiting: ServerHistoryPage | undefined = firstServerPage;
  let buffer: HistoryEntry[] = [];
  let madeHere = new Set<string>();
  let serverMore = after.server !== null;
  let serverBefore = after.server ?? FROM_NEWEST;
  let asks = 0;

  /** Whether the server has an entry left to look at, asking for its next page when needed. */
  const fill = async (): Promise<boolean> => {
    while (buffer.length === 0 && serverMore && (waiting !== undefined || asks < SERVER_ASKS_PER_PAGE)) {
      const before = serverBefore === FROM_NEWEST ? undefined : serverBefore;
      const page =
        waiting ?? (await readServer(petId, { before, limit: Math.min(SERVER_HISTORY_PAGE_MAX, limit + 1) }));
      if (waiting === undefined) asks += 1;
      waiting = undefined;
      buffer = page?.entries ?? [];
      serverMore = page !== null && page.more && buffer.length > 0;
      madeHere = animals.actsMadeHere(petId, buffer);
    }
    return buffer.length > 0;
  };
  const passOver = () => (serverBefore = buffer.shift()!.seq);

  const entries: HistoryEntry[] = [];
  let shownHere = 0;
  while (entries.length < limit) {
    const nextHere = here.entries[shownHere];
    let nextServer: HistoryEntry | undefined;
    while (await fill()) {
      const head = buffer[0]!;
      if (!madeHere.has(actKey(head))) {
        nextServer = head;
        break;
      }
      // A change made here seen again, older than the next one here: it is passed over on a later page.
      if (nextHere !== undefined && head.at < nextHere.at) break;
      passOver();
    }
    if (nextServer !== undefined && (nextHere === undefined || nextServer.at > nextHere.at)) {
      entries.push(nextServer);
      passOver();
    } else if (nextHere !== undefined) {
      entries.push(nextHere);
      shownHere += 1;
    } else break;
  }

  const hereLeft = shownHere < here.entries.length || here.more;
  const serverLeft = buffer.length > 0 || serverMore;
  const hereFrom = shownHere > 0 ? here.entries[shownHere - 1]!.seq : after.here;
  return {
    entries,
    next:
      hereLeft || serverLeft
        ? { here: hereLeft ? hereFrom : null, server: serverLeft ? serverBefore : null, withServer: true }
        : null,
  };
}

/** An animal's history with the server's: what the panel and `petstore pets history` show. */
export function createHistoryUseCases({ inventory, log }: CoreParts) {
  return {
    /**
     * A page of the animal's history with the server's (our history extension), newest first:
     * the changes made here, and those the server recorded from elsewhere (other counters, the
     * command line against the server), each marked where it was made. Where there is no server,
     * or its history cannot be read (the first page says why), this computer's history alone.
     * `after`: the page older than the one that gave it.
     */
    async petHistoryWithServer({
      environment,
      petId,
      ...query
    }: HistoryWithServerQuery): Promise<HistoryWithServerPage> {
      const id = parseOrThrow(petIdSchema, petId, 'invalid_parameter', 'petId');
      const { after, limit = HISTORY_PAGE_DEFAULT } = parseOrThrow(
        historyWithServerQuerySchema,
        query,
        'invalid_parameter',
        'query',
      );
      const animals = inventory(environment);
      const readServer = animals.historyOnServer();
      if (after !== undefined) {
        return after.withServer && readServer !== null
          ? withServer(animals, readServer, id, after, limit)
          : hereOnly(animals, id, after.here, limit);
      }
      const alone = (server: ServerHistoryState) => ({ ...hereOnly(animals, id, FROM_NEWEST, limit), server });
      if (readServer === null) return alone({ state: 'none' });
      let first: ServerHistoryPage | null;
      try {
        first = await readServer(id, { limit: Math.min(SERVER_HISTORY_PAGE_MAX, limit + 1) });
      } catch (error) {
        if (error instanceof ApiError) throw error;
        return alone({ state: 'unread', problem: toAppError(error, log) });
      }
      if (first === null) return alone({ state: 'unsupported' });
      const page = await withServer(animals, readServer, id, { here: FROM_NEWEST, server: FROM_NEWEST }, limit, first);
      return { ...page, server: { state: 'read' } };
    },
  };
}
