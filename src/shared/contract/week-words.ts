import { formatMoney } from './money';
import type { GlanceStatus, GlanceTotals, WeekAtAGlance } from './week-at-a-glance';

/**
 * The week at a glance in words, the same on the Week screen and on paper: statuses, days,
 * periods, takings, and the period's totals.
 */

export const STATUS_WORDS: Record<GlanceStatus, string> = {
  available: 'Available',
  pending: 'Pending',
  sold: 'Sold',
};

const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
const dayMonth = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const full = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** A day on the chart's axis: "Mon 19" within a week, "19 Oct" over longer spans. */
export const shortDay = (day: string, inAWeek: boolean): string => (inAWeek ? weekday : dayMonth).format(asDate(day));
/** A day in a table: "Monday, 19 October 2026". */
export const fullDay = (day: string): string => full.format(asDate(day));
/** A period in words: "19 Oct – 25 Oct 2026". */
export const periodWords = (from: string, to: string): string =>
  `${dayMonth.format(asDate(from))} – ${dayMonth.format(asDate(to))} ${to.slice(0, 4)}`;

/** The takings in the environment's currency, and the sales without a price said beside them. */
export function takingsWords({ takingsMinor, unpriced }: GlanceTotals, currency: string): string {
  if (takingsMinor === null) return '—';
  const money = formatMoney(takingsMinor, currency);
  return unpriced === 0 ? money : `${money} (+${unpriced} without a price)`;
}

/** Days in words: "1 day", "4.5 days". */
export const daysWords = (days: number): string => `${days} day${days === 1 ? '' : 's'}`;

/** The period's totals: added, sold and takings of all its weeks (takings unknown if any week's are). */
export function glanceWhole({ weeks }: Pick<WeekAtAGlance, 'weeks'>): GlanceTotals {
  return {
    added: weeks.reduce((sum, week) => sum + week.added, 0),
    sold: weeks.reduce((sum, week) => sum + week.sold, 0),
    takingsMinor: weeks.some((week) => week.takingsMinor === null)
      ? null
      : weeks.reduce((sum, week) => sum + week.takingsMinor!, 0),
    unpriced: weeks.reduce((sum, week) => sum + week.unpriced, 0),
  };
}

/** Days in stock in words: the median and the longest, or a dash when no sold animal's arrival is known. */
export const daysInStockWords = ({ median, longest }: WeekAtAGlance['daysInStock']): string =>
  median === null ? '—' : `${daysWords(median)} median, ${daysWords(longest!)} longest`;

/** Of whom the days in stock are counted. */
export const daysInStockOf = ({ measured, unknown }: WeekAtAGlance['daysInStock']): string =>
  `of ${measured} sold in the period${unknown > 0 ? `; ${unknown} more arrived before the history` : ''}`;
