// The period the week screen shows: a span of whole weeks (Monday to Sunday) ending with a chosen
// week, this week by default, in this computer's time zone (the shop's).
import { localToday } from '../../shared/contract';
import { addDays, mondayOf, weeksEndingWith } from '../../shared/contract/week-at-a-glance';

/** The spans a manager picks: a week, or the last 4 or 13 weeks for the chart. */
export const SPANS = [1, 4, 13] as const;
export type Span = (typeof SPANS)[number];

export interface GlancePeriod {
  span: Span;
  /** The Monday of the period's last week. */
  lastWeek: string;
}

export const thisWeek = (span: Span = 1): GlancePeriod => ({ span, lastWeek: mondayOf(localToday()) });

/** The period moved by whole weeks (back with a negative count). */
export const movedBy = (period: GlancePeriod, weeks: number): GlancePeriod => ({
  ...period,
  lastWeek: addDays(period.lastWeek, 7 * weeks),
});

export const daysOf = ({ span, lastWeek }: GlancePeriod): { from: string; to: string } =>
  weeksEndingWith(lastWeek, span);

/** Whether the period ends with this week: there is no next one to show yet. */
export const endsThisWeek = ({ lastWeek }: GlancePeriod): boolean => lastWeek >= mondayOf(localToday());
