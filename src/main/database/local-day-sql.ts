/**
 * The day a moment falls on in this computer's time zone, as SQL arithmetic a query runs on every
 * row (SQLite's own 'localtime' asks the C library for each one, which costs more than the rest of
 * the query): the moment's local clock is the moment plus the zone's offset, and the offset only
 * changes at the zone's transitions (DST), of which a period of a year holds at most three.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** The most offset changes a period of up to 367 days holds (two a year, so three when it starts before one). */
const TRANSITIONS = 3;
const NEVER = Number.MAX_SAFE_INTEGER;

const offsetAt = (ms: number) => -new Date(ms).getTimezoneOffset() * MINUTE_MS;

/** The first moment at or after `from` (and before `to`, where the offset differs) with `to`'s offset. */
function changeBetween(from: number, to: number): number {
  const after = offsetAt(to);
  let [low, high] = [from, to];
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (offsetAt(middle) === after) high = middle;
    else low = middle;
  }
  return high;
}

/** The parameters of `LOCAL_DAY_SQL` for a period from `start` (a local midnight) to before `end`. */
export function localDayParameters(start: number, end: number): Record<string, number> {
  const parameters: Record<string, number> = { localStart: start + offsetAt(start), dayEnd: end };
  const changes: { at: number; by: number }[] = [];
  for (let from = start; from < end && changes.length < TRANSITIONS; from += DAY_MS) {
    const to = Math.min(from + DAY_MS, end);
    if (offsetAt(to) !== offsetAt(from))
      changes.push({ at: changeBetween(from, to), by: offsetAt(to) - offsetAt(from) });
  }
  parameters['offset0'] = offsetAt(start);
  for (let i = 0; i < TRANSITIONS; i++) {
    parameters[`change${i}`] = changes[i]?.at ?? NEVER;
    parameters[`by${i}`] = changes[i]?.by ?? 0;
  }
  return parameters;
}

/**
 * The index of the day of the period a moment (`at`, ms) falls on: 0 for its first; its count of
 * days or more for a moment after its end (`@dayEnd`); the parameters from `localDayParameters`.
 */
export const localDaySql = (at: string, days: string) =>
  // The parameters come bound as reals: the cast takes the whole days.
  `CASE WHEN ${at} >= @dayEnd THEN ${days} ELSE CAST((${at} + @offset0 ${Array.from(
    { length: TRANSITIONS },
    (_, i) => `+ (${at} >= @change${i}) * @by${i}`,
  ).join(' ')} - @localStart) / ${DAY_MS} AS INTEGER) END`;
