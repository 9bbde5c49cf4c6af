import { moneyText } from '../../shared/contract';
import type { GlanceTotals, WeekAtAGlance } from '../../shared/contract/week-at-a-glance';
import { writeCsv } from './spreadsheet-csv';

/** The week at a glance as one table: a row for each day, then one for each week, the statuses at each one's end. */
export const WEEK_COLUMNS = [
  'period',
  'from',
  'to',
  'available_at_end',
  'pending_at_end',
  'sold_at_end',
  'added',
  'sold',
  'takings',
  'sales_without_price',
] as const;

/** The screen's tables in a file: every cell is a number, a day or money, so none needs guarding. */
export function weekCsv({ days, weeks, currency }: WeekAtAGlance): { csv: string; rows: number } {
  const row = (
    period: 'day' | 'week',
    from: string,
    to: string,
    { statuses, added, sold, takingsMinor, unpriced }: GlanceTotals & { statuses: Record<string, number> },
  ) => [
    period,
    from,
    to,
    String(statuses.available),
    String(statuses.pending),
    String(statuses.sold),
    String(added),
    String(sold),
    takingsMinor === null ? '' : moneyText(takingsMinor, currency),
    String(unpriced),
  ];
  const rows = [
    ...days.map((day) => row('day', day.day, day.day, day)),
    ...weeks.map((week) => row('week', week.from, week.to, week)),
  ];
  return { csv: writeCsv(WEEK_COLUMNS, rows), rows: rows.length };
}
