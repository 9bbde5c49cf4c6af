import { formatMoney } from './money';
import type { CountedWeek, GlanceStatus, GlanceTotals, GlanceWeek, NoFigures, WeekAtAGlance } from './week-at-a-glance';

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

/** A day or week without figures, in the words shown (and read by a screen reader) in place of them. */
export const NO_FIGURES_WORDS: Record<NoFigures, string> = {
  'to come': '— not yet: the day is still to come',
  'before the history': '— none: before the history begins',
};

/** A week in words, with the days its figures are of when not all of them have figures. */
export const weekWords = (week: GlanceWeek): string =>
  week.counted && (week.countedFrom !== week.from || week.countedTo !== week.to)
    ? `${periodWords(week.from, week.to)} (figures of ${periodWords(week.countedFrom, week.countedTo)})`
    : periodWords(week.from, week.to);

/** The period's totals: added, sold and takings of its weeks with figures (takings unknown if any week's are); null if none has. */
export function glanceWhole({ weeks }: Pick<WeekAtAGlance, 'weeks'>): GlanceTotals | null {
  const counted = weeks.filter((week): week is CountedWeek => week.counted);
  if (counted.length === 0) return null;
  return {
    added: counted.reduce((sum, week) => sum + week.added, 0),
    sold: counted.reduce((sum, week) => sum + week.sold, 0),
    takingsMinor: counted.some((week) => week.takingsMinor === null)
      ? null
      : counted.reduce((sum, week) => sum + week.takingsMinor!, 0),
    unpriced: counted.reduce((sum, week) => sum + week.unpriced, 0),
  };
}

/** Days in stock in words: the median and the longest, or a dash when no sold animal's arrival is known. */
export const daysInStockWords = ({ median, longest }: WeekAtAGlance['daysInStock']): string =>
  median === null ? '—' : `${daysWords(median)} median, ${daysWords(longest!)} longest`;

/** Of whom the days in stock are counted. */
export const daysInStockOf = ({ measured, unknown }: WeekAtAGlance['daysInStock']): string =>
  `of ${measured} sold in the period${unknown > 0 ? `; ${unknown} more arrived before the history` : ''}`;
