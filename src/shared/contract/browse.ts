import { z } from 'zod';
import { SEXES } from './animal-details';
import type { EnvironmentName } from './environments';
import type { AppError } from './errors';
import { PET_STATUSES, type Pet, type PetStatus } from './pet';
import type { ChangeEntry, OutboxEntry } from './sync';

/** How the animals screen orders the animals (waiting-to-sync ones always first). */
export const ANIMAL_SORTS = ['newest', 'oldest', 'name'] as const;
export type AnimalSort = (typeof ANIMAL_SORTS)[number];

/** Longest search text; a name is at most 200 characters, so a longer one finds nothing anyway. */
export const SEARCH_MAX_LENGTH = 200;
/** Most rows one window of the list may ask for (a screen shows a few dozen). */
export const WINDOW_MAX_ROWS = 500;

/**
 * Which animals the screen shows: a status (none: all), a search by any part of the name, the
 * species or the breed (or by a whole microchip number), an order, and the window of rows it needs
 * now (the list is virtualized: it asks only for what is on screen, and a little around it). Where
 * the environment keeps them, also a sex, and whether the animal is under treatment or not.
 */
export const animalsQuerySchema = z.strictObject({
  status: z.enum(PET_STATUSES).optional(),
  search: z.string().max(SEARCH_MAX_LENGTH).optional(),
  sex: z.enum(SEXES).optional(),
  underTreatment: z.boolean().optional(),
  sort: z.enum(ANIMAL_SORTS).default('newest'),
  offset: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31)
    .default(0),
  limit: z.number().int().min(1).max(WINDOW_MAX_ROWS).default(100),
});
export type AnimalsQuery = z.input<typeof animalsQuerySchema>;
export type ValidAnimalsQuery = z.output<typeof animalsQuerySchema>;

/** How many animals match the search (and the details filtered by) under each status choice ("Available 132"). */
export type StatusCounts = Record<'all' | PetStatus, number>;

/** One row of the list: an animal, or an animal added here that the server does not have yet. */
/**
 * One row of the animals screen: one of the server's animals (shown with the changes made here
 * still on their way; `change`, the latest of them not yet accepted, says how it stands;
 * `detailsHere`, its details are kept on this computer only, for a server that does not take
 * them), or an animal added here not yet on the server.
 */
export type AnimalRow =
  { kind: 'pet'; pet: Pet; change?: ChangeEntry; detailsHere?: true } | { kind: 'entry'; entry: OutboxEntry };

/**
 * How far this computer has the server's whole inventory (a remote environment):
 * - never: not walked yet; walking: walking its pages now (`pages`, `animals` so far);
 * - complete: every page was walked (animals it no longer lists were removed here);
 * - interrupted: a walk stopped part way (`problem`), and resumes where it stopped;
 * - first_pages_only: the server does not offer next pages: only its first 100 per filter are known.
 */
export interface InventoryView {
  state: 'never' | 'walking' | 'complete' | 'interrupted' | 'first_pages_only';
  pages: number;
  animals: number;
  finishedAt: string | null;
  problem: AppError | null;
}

/** A window of the animals screen's list, with what is needed to draw the rest of the screen. */
export interface AnimalsWindow {
  environment: EnvironmentName;
  /** Rows matching the status and search: the length of the whole list. */
  total: number;
  counts: StatusCounts;
  offset: number;
  rows: AnimalRow[];
  /** When the server last listed animals to this computer (remote); null for local or never. */
  listedAt: string | null;
  inventory: InventoryView | null;
}
