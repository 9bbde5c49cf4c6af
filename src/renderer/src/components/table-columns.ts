import type { AnimalRow } from '../../../shared/contract';

const WAITING = new Set(['pending', 'sending', 'unknown']);

/** What the widest Sync cell of the list holds: the row menu alone, a "waiting" badge, or a problem's buttons. */
export type SyncCell = 'menu' | 'badge' | 'problem';
const SYNC_ORDER: readonly SyncCell[] = ['menu', 'badge', 'problem'];

function syncCellOf(row: AnimalRow): SyncCell {
  const state = row.kind === 'entry' ? row.entry.state : row.change?.state;
  if (state === undefined || state === 'accepted') return 'menu';
  return WAITING.has(state) ? 'badge' : 'problem';
}

/**
 * What the list's columns must hold, over every row loaded: the longest id and category id (each
 * on one line), and the widest Sync cell. Every row lays itself out alone, so the columns are
 * sized from these, the same for every row, never from a row's own cells.
 */
export function columnNeeds(blocks: Iterable<readonly AnimalRow[]>) {
  let idChars = 3;
  let categoryChars = 3;
  let sync = 0;
  for (const rows of blocks)
    for (const row of rows) {
      if (row.kind === 'pet') idChars = Math.max(idChars, row.pet.id.length);
      categoryChars = Math.max(categoryChars, (row.kind === 'pet' ? row.pet : row.entry).categoryId.length);
      sync = Math.max(sync, SYNC_ORDER.indexOf(syncCellOf(row)));
    }
  return { idChars, categoryChars, syncCell: SYNC_ORDER[sync]! };
}

export type ColumnNeeds = ReturnType<typeof columnNeeds>;

/**
 * The id and category columns as wide as the widest either list needed: another filter never
 * narrows them, so the columns stay where they were and the list's fit is not measured again
 * (use-columns-with-room.ts). The Sync cell follows the rows loaded, since a problem's buttons leave
 * once it is settled.
 */
export function widestOf(before: ColumnNeeds | null, now: ColumnNeeds): ColumnNeeds {
  if (before === null) return now;
  const idChars = Math.max(before.idChars, now.idChars);
  const categoryChars = Math.max(before.categoryChars, now.categoryChars);
  return idChars === now.idChars && categoryChars === now.categoryChars ? now : { ...now, idChars, categoryChars };
}
