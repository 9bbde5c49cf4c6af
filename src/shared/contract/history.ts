import { z } from 'zod';
import { ANIMAL_FIELD_NAMES, type AnimalFieldName } from './animal-fields';

/**
 * An animal's history: every change to it, who made it, when and where, with each field's value
 * before and after. It is kept by the database that holds the animal (the local store, or a
 * server's replica) and only ever grows.
 */

/** What a person did (or what the server's answers did) to the animal. */
export const HISTORY_ACTIONS = ['added', 'changed', 'imported', 'corrected', 'discarded', 'decided', 'undone'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** Where the change was made: at this computer, or learned from the server's answers. */
export const HISTORY_PLACES = ['here', 'server'] as const;
export type HistoryPlace = (typeof HISTORY_PLACES)[number];

/** Which road a change made here came by. */
export const HISTORY_ROADS = ['window', 'cli', 'service'] as const;
export type HistoryRoad = (typeof HISTORY_ROADS)[number];

/** The fields a history records: what a person or a server changes, not the id or the revision. */
export const HISTORY_FIELD_NAMES = ANIMAL_FIELD_NAMES.filter(
  (name): name is Exclude<AnimalFieldName, 'id' | 'revision'> => name !== 'id' && name !== 'revision',
);

/** A field's value as the history keeps it: as on the wire (an int64 as decimal text), null for none. */
const historyValue = z.union([z.string(), z.number(), z.null()]);

export const historyChangeSchema = z.strictObject({
  field: z.enum(HISTORY_FIELD_NAMES as [AnimalFieldName, ...AnimalFieldName[]]),
  from: historyValue,
  to: historyValue,
});
export type HistoryChange = z.infer<typeof historyChangeSchema>;

export const historyEntrySchema = z.strictObject({
  /** Its place in the history of this computer's copy: larger is later. */
  seq: z.number().int().positive(),
  petId: z.string(),
  /** When it was made (for a change made here, when the person acted, not when it was sent): ISO 8601, UTC. */
  at: z.string(),
  where: z.enum(HISTORY_PLACES),
  via: z.enum(HISTORY_ROADS).nullable(),
  /** The person, as named when they acted; null when nobody was named (one unnamed counter). */
  by: z.string().nullable(),
  action: z.enum(HISTORY_ACTIONS),
  changes: z.array(historyChangeSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** The most entries one page of a history holds. */
export const HISTORY_PAGE_MAX = 500;
export const HISTORY_PAGE_DEFAULT = 100;

export const historyPageQuerySchema = z.strictObject({
  /** Entries older than this one (its seq); absent: from the newest. */
  before: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(HISTORY_PAGE_MAX).optional(),
});
export type HistoryPageQuery = z.infer<typeof historyPageQuerySchema>;

/** A page of an animal's history, newest first; `more`: older entries follow (ask with `before`). */
export interface HistoryPage {
  entries: HistoryEntry[];
  more: boolean;
}

/**
 * Who made a write and when, as our `history` extension carries it to a server: on a request that
 * writes, the headers `Petstore-Actor` (the person's name, percent-encoded UTF-8) and
 * `Petstore-Acted-At` (when they acted, RFC 3339 in UTC); in a batch, each change's `actor` and
 * `actedAt`. A server without the extension is sent neither.
 */
export const ACTOR_HEADER = 'petstore-actor';
export const ACTED_AT_HEADER = 'petstore-acted-at';
/** The longest name a server records for a person. */
export const ACTOR_MAX_LENGTH = 100;
/** How far ahead of the server's clock a moment may be (clocks drift), and how far back (a counter offline for long). */
export const ACTED_AT_AHEAD_MS = 5 * 60_000;
export const ACTED_AT_BEHIND_MS = 400 * 24 * 3_600_000;

/** A person's act as a server is told it. */
export interface ClientAct {
  by?: string;
  /** ms since epoch */
  at?: number;
}

/** Whether a name is one a history may keep: at most ACTOR_MAX_LENGTH characters, no control or direction characters, something visible. */
export function isActorName(name: string): boolean {
  return (
    name.trim() === name &&
    name.length > 0 &&
    [...name].length <= ACTOR_MAX_LENGTH &&
    !/[\p{Cc}\u202A-\u202E\u2066-\u2069]/u.test(name) &&
    /[\p{L}\p{N}\p{P}\p{S}]/u.test(name)
  );
}

/** The headers that tell a server with the `history` extension who acted, and when. */
export function actHeaders(act: ClientAct): Record<string, string> {
  const headers: Record<string, string> = {};
  if (act.by !== undefined) headers[ACTOR_HEADER] = encodeURIComponent(act.by);
  if (act.at !== undefined) headers[ACTED_AT_HEADER] = new Date(act.at).toISOString();
  return headers;
}

/** The most entries one page of `GET /v1/pets/{petId}/history` holds. */
export const SERVER_HISTORY_PAGE_MAX = 100;
