import { z } from 'zod';
import type { AppError } from './errors';
import { HISTORY_PAGE_MAX, type HistoryEntry } from './history';

/**
 * An animal's history as the panel and `petstore pets history` show it: this computer's changes
 * with the server's (our `history` extension), one list newest first. A change made here and then
 * recorded by the server is shown once, as made here: the server keeps the moment and the person
 * we sent with the write (Petstore-Acted-At, to the millisecond, and Petstore-Actor), and those two
 * together name the act. When the server's history cannot be read, the list is this computer's
 * alone, with why.
 */

/** Where an older page begins: each part's oldest entry shown so far (its seq), null when that part has no older one. */
export const historyCursorSchema = z.strictObject({
  here: z.number().int().positive().nullable(),
  server: z.number().int().positive().nullable(),
  /** False: the list began without the server's history (it could not be read), and goes on so. */
  withServer: z.boolean(),
});
export type HistoryCursor = z.infer<typeof historyCursorSchema>;

export const historyWithServerQuerySchema = z.strictObject({
  /** Absent: the newest page. */
  after: historyCursorSchema.optional(),
  limit: z.number().int().min(1).max(HISTORY_PAGE_MAX).optional(),
});

/** How the server's part of a history stands. */
export type ServerHistoryState =
  /** Read, and merged in. */
  | { state: 'read' }
  /** The environment keeps its animals on this computer: there is no server to ask. */
  | { state: 'none' }
  /** The server does not keep animals' histories (it lacks the extension). */
  | { state: 'unsupported' }
  /** It could not be read now: why. */
  | { state: 'unread'; problem: AppError };

/** A page of the history with the server's, newest first. */
export interface HistoryWithServerPage {
  entries: HistoryEntry[];
  /** The next older page (ask with it as `after`), or null: nothing older. */
  next: HistoryCursor | null;
  /** On the first page: how the server's part stands (later pages go on as the first began). */
  server?: ServerHistoryState;
}

/** An entry's key within one list: this computer's and the server's entries are numbered apart. */
export const historyEntryKey = (entry: Pick<HistoryEntry, 'where' | 'seq'>): string => `${entry.where}-${entry.seq}`;

/** The line said under a history whose server part was not read, or null when nothing needs saying. */
export function serverHistoryNote(server: ServerHistoryState | undefined): string | null {
  if (server === undefined || server.state === 'read' || server.state === 'none') return null;
  if (server.state === 'unsupported')
    return "The server does not keep animals' histories: only the changes this computer knows are shown.";
  const { code, message } = server.problem;
  const why =
    code === 'unreachable'
      ? 'it could not be reached'
      : code === 'timeout'
        ? 'it did not answer in time'
        : code === 'key_rejected'
          ? 'it rejected the key (set a new one in Settings)'
          : message.slice(0, 300);
  return `The server's history could not be read (${why}): only the changes this computer knows are shown.`;
}
