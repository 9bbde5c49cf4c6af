import type { GlanceStatus } from '../../shared/contract/week-at-a-glance';

/** A status change of the history, from the period's start on, in the order of its moment. */
export interface StatusMove {
  petId: string;
  at: number;
  /** The day of the period it falls on; its count of days or more for one after its end. */
  day: number;
  before: string | null;
  after: string | null;
  /** The animal's status now. */
  current: string | null;
}

/** What the history says of each day of a period, by index into its days. */
export interface DayCounts {
  /** The statuses at each day's end. */
  statuses: Record<GlanceStatus, number>[];
  added: number[];
  sold: number[];
}

export const noStatuses = (): Record<GlanceStatus, number> => ({ available: 0, pending: 0, sold: 0 });
export const isGlanceStatus = (status: unknown): status is GlanceStatus =>
  status === 'available' || status === 'pending' || status === 'sold';

/**
 * The statuses at each day's end and those sold each day, from the statuses now and the status
 * changes from the period's start on (in the order of their moments). Each animal stood at a day's
 * end as before its first change after it, or as it stands now when it has none: so a change the
 * history never saw (another program's) or a clock put back moves one animal, never a count below
 * zero. An animal is sold on a day when its last change of the day made it so. Also the animals
 * whose last change in the period made them sold, and when.
 */
export function tallyMoves(
  now: Record<GlanceStatus, number>,
  moves: readonly StatusMove[],
  dayCount: number,
): { statuses: DayCounts['statuses']; sold: number[]; soldInPeriod: Map<string, number> } {
  // Each animal's last change so far: of its day, and of the period.
  const lastOfDay = new Map<string, { day: number; after: string | null }>();
  const lastInPeriod = new Map<string, { at: number; after: string | null }>();
  const sold = new Array<number>(dayCount).fill(0);
  const closeDay = (last: { day: number; after: string | null } | undefined) => {
    if (last !== undefined && last.after === 'sold') sold[last.day]!++;
  };
  for (const { petId, at, day, after } of moves) {
    if (day >= dayCount) break;
    const last = lastOfDay.get(petId);
    if (last?.day !== day) closeDay(last);
    lastOfDay.set(petId, { day, after });
    lastInPeriod.set(petId, { at, after });
  }
  for (const last of lastOfDay.values()) closeDay(last);

  // Back from now: each day's end, once every change after it has put its animal as it stood before.
  const statuses: DayCounts['statuses'] = new Array(dayCount);
  const standing = { ...now };
  const before = new Map<string, string | null>();
  let next = moves.length - 1;
  for (let day = dayCount - 1; day >= 0; day--) {
    for (; next >= 0 && moves[next]!.day > day; next--) {
      const move = moves[next]!;
      const counted = before.has(move.petId) ? before.get(move.petId) : move.current;
      if (isGlanceStatus(counted)) standing[counted]--;
      if (isGlanceStatus(move.before)) standing[move.before]++;
      before.set(move.petId, move.before);
    }
    statuses[day] = { ...standing };
  }
  const soldInPeriod = new Map<string, number>();
  for (const [petId, { at, after }] of lastInPeriod) if (after === 'sold') soldInPeriod.set(petId, at);
  return { statuses, sold, soldInPeriod };
}
