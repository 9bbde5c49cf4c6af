import {
  fieldsServerDecides,
  OUR_EXTENSIONS,
  type AnimalFieldName,
  type DetailsStanding,
  type ExtensionName,
} from '../../shared/contract';
import type { SqliteDatabase } from '../database/database';

/** How long what a server said of its extensions is trusted before it is asked again: a server may gain one. */
export const EXTENSIONS_CHECKED_EVERY_MS = 10 * 60_000;

interface KnownRow {
  base_url: string;
  names: string;
  checked_at: number;
}

/**
 * What the server at a replica's address said of its extensions (`GET /v1/extensions`), kept in
 * the replica's file so that the sync thread's connection knows it too, and where an animal's
 * details go for it: to a server that has the details extension, once nothing kept here waits to
 * be uploaded; else they are kept on this computer only, each such animal marked `details_here`.
 */
export function createServerExtensions(db: SqliteDatabase, currentBaseUrl: () => string | null) {
  const read = db.prepare<[], KnownRow>('SELECT base_url, names, checked_at FROM server_extensions WHERE id = 1');
  const write = db.prepare<[string, string, number]>(
    'INSERT OR REPLACE INTO server_extensions (id, base_url, names, checked_at) VALUES (1, ?, ?, ?)',
  );
  const keptCount = db
    .prepare<[], number>('SELECT count(*) FROM pets INDEXED BY pets_details_here WHERE details_here = 1')
    .pluck();
  const anyKept = db
    .prepare<[], number>('SELECT EXISTS (SELECT 1 FROM pets INDEXED BY pets_details_here WHERE details_here = 1)')
    .pluck();
  const anyPhotoKept = db
    .prepare<[], number>('SELECT EXISTS (SELECT 1 FROM pets INDEXED BY pets_photo_here WHERE photo_here = 1)')
    .pluck();
  // Animals with anything kept here: their details, or their photo alone.
  const photoOnlyKeptCount = db
    .prepare<[], number>(
      'SELECT count(*) FROM pets INDEXED BY pets_photo_here WHERE photo_here = 1 AND details_here = 0',
    )
    .pluck();

  /** What the server at `baseUrl` said (null: nothing known of that address). */
  function known(baseUrl: string | null): { names: ExtensionName[]; checkedAt: number } | null {
    const row = read.get();
    if (row === undefined || baseUrl === null || row.base_url !== baseUrl) return null;
    const names = (JSON.parse(row.names) as string[]).filter((name): name is ExtensionName =>
      (OUR_EXTENSIONS as readonly string[]).includes(name),
    );
    return { names, checkedAt: row.checked_at };
  }
  /** Whether details given now are sent: the server said it takes them, and none kept here waits to be uploaded. */
  const sendDetails = (baseUrl: string | null = currentBaseUrl()): boolean =>
    (known(baseUrl)?.names.includes('details') ?? false) && anyKept.get() === 0;
  /** The same for photos: the server said it takes them, and no photo kept here waits to be uploaded. */
  const sendPhotos = (baseUrl: string | null = currentBaseUrl()): boolean =>
    (known(baseUrl)?.names.includes('photos') ?? false) && anyPhotoKept.get() === 0;

  return {
    known,
    /** Whether the server at `baseUrl` should be asked again: never asked, or not for a while. */
    due: (baseUrl: string, at: number): boolean => {
      const last = known(baseUrl);
      return last === null || at - last.checkedAt >= EXTENSIONS_CHECKED_EVERY_MS || at < last.checkedAt;
    },
    note(baseUrl: string, names: readonly ExtensionName[], at: number): void {
      write.run(baseUrl, JSON.stringify(names), at);
    },

    sendDetails,
    sendPhotos,
    /** Whether the server at `baseUrl` records who made each write and when (our history extension). */
    takesHistory: (baseUrl: string | null = currentBaseUrl()): boolean =>
      known(baseUrl)?.names.includes('history') ?? false,
    /** Whether the server at `baseUrl` said it takes photos. */
    takesPhotos: (baseUrl: string | null = currentBaseUrl()): boolean =>
      known(baseUrl)?.names.includes('photos') ?? false,
    /** The fields the current server's answers decide now: its details and photo too when they are sent. */
    answersDecide: (): readonly AnimalFieldName[] =>
      fieldsServerDecides({ details: sendDetails(), photos: sendPhotos() }),

    standing(): DetailsStanding {
      const names = known(currentBaseUrl())?.names;
      const takes = (name: ExtensionName) =>
        names === undefined ? 'unknown' : names.includes(name) ? 'takes' : 'lacks';
      return {
        server: takes('details'),
        photos: takes('photos'),
        keptHere: (keptCount.get() ?? 0) + (photoOnlyKeptCount.get() ?? 0),
      };
    },
  };
}

export type ServerExtensions = ReturnType<typeof createServerExtensions>;
