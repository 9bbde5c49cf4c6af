import {
  looksLikeMicrochip,
  normalizeMicrochip,
  type AnimalSort,
  type PetStatus,
  type Sex,
  type StatusCounts,
} from '../../shared/contract';
import { searchText, substringMatch, TRIGRAM } from './search-text';

/** The part of a WHERE clause that a status and a search make, over a table with `status` and `search_text`. */
export interface Filter {
  sql: string;
  params: unknown[];
}

/** What a table with an animal's details is also filtered by; a table without them is given none. */
export interface DetailFilter {
  sex?: Sex | undefined;
  /** true: only animals under treatment; false: only those that are not. */
  underTreatment?: boolean | undefined;
  /** The table keeps microchip numbers: a whole one searched for is that animal, at once. */
  byMicrochip?: boolean;
  /**
   * The rows are read in an order an index of their own gives (by name, or by id across every
   * status): the details are checked on each row read (a unary `+` keeps their indexes out),
   * rather than found by their index and sorted, half the animals for a window of a hundred.
   */
  inOrderFirst?: boolean;
}

/**
 * `search` as a condition on the animals table: a whole microchip number (where the table keeps
 * them) by its unique index; else any part of the name, species or breed, through the trigram
 * index from three characters on, by a scan of the folded texts (in SQLite) below that, where no
 * index can serve "any part". And the details filtered by, if any.
 */
export function petsFilter(
  status: PetStatus | undefined,
  search: string | undefined,
  useIndex = true,
  { sex, underTreatment, byMicrochip = false, inOrderFirst = false }: DetailFilter = {},
): Filter {
  const parts: string[] = [];
  const params: unknown[] = [];
  const folded = searchText(search ?? '').trim();
  if (byMicrochip && looksLikeMicrochip(search ?? '')) {
    parts.push('microchip = ?');
    params.push(normalizeMicrochip(search!));
  } else if (folded !== '') {
    if (useIndex && [...folded].length >= TRIGRAM) {
      parts.push('pets.id IN (SELECT rowid FROM pets_search WHERE pets_search MATCH ?)');
      params.push(substringMatch(folded));
    } else {
      parts.push('instr(search_text, ?) > 0');
      params.push(folded);
    }
  }
  if (status !== undefined) {
    parts.push('status = ?');
    params.push(status);
  }
  const column = (name: string) => (inOrderFirst ? `+${name}` : name);
  if (sex !== undefined) {
    parts.push(`${column('sex')} = ?`);
    params.push(sex);
  }
  if (underTreatment !== undefined) parts.push(`${column('treatment')} ${underTreatment ? 'IS NOT NULL' : 'IS NULL'}`);
  return { sql: parts.length === 0 ? '1' : parts.join(' AND '), params };
}

/** Each sort's ORDER BY terms over columns named with `prefix` (a table's name and a dot, or none). */
const orderBy = (prefix: string): Record<AnimalSort, string> => ({
  newest: `${prefix}id DESC`,
  oldest: `${prefix}id ASC`,
  name: `${prefix}search_text ASC, ${prefix}id ASC`,
});

export const ORDER_BY = orderBy('');
/** ORDER_BY for a SELECT of the animal's columns: `id` there names the id as text (see animalColumns). */
export const PETS_ORDER_BY = orderBy('pets.');

/** Counts by status from `SELECT status, count(*) … GROUP BY status` rows. */
export function toCounts(rows: ReadonlyArray<[status: PetStatus | null, count: number]>): StatusCounts {
  const counts: StatusCounts = { all: 0, available: 0, pending: 0, sold: 0 };
  for (const [status, count] of rows) {
    counts.all += count;
    if (status !== null) counts[status] += count;
  }
  return counts;
}

export function addCounts(a: StatusCounts, b: StatusCounts): StatusCounts {
  return {
    all: a.all + b.all,
    available: a.available + b.available,
    pending: a.pending + b.pending,
    sold: a.sold + b.sold,
  };
}
