import type { AnimalSort, PetStatus, StatusCounts } from '../../shared/contract';
import { searchText, substringMatch, TRIGRAM } from './search-text';

/** The part of a WHERE clause that a status and a search make, over a table with `status` and `search_text`. */
export interface Filter {
  sql: string;
  params: unknown[];
}

/**
 * `search` as a condition on the animals table: through the trigram index from three characters
 * on, by a scan of the folded names (in SQLite) below that, where no index can serve "any part".
 */
export function petsFilter(status: PetStatus | undefined, search: string | undefined, useIndex = true): Filter {
  const parts: string[] = [];
  const params: unknown[] = [];
  const folded = searchText(search ?? '').trim();
  if (folded !== '') {
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
