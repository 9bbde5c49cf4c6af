import { moneyText } from '../../shared/contract';
import {
  GLANCE_STATUSES,
  type GlanceStatus,
  type GlanceTotals,
  type WeekAtAGlance,
} from '../../shared/contract/week-at-a-glance';
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

/** The screen's tables in a file: every cell is a number, a day or money, so none needs guarding; a day without figures has empty cells. */
export function weekCsv({ days, weeks, currency }: WeekAtAGlance): { csv: string; rows: number } {
  const figures = (totals: (GlanceTotals & { statuses: Record<GlanceStatus, number> }) | null) =>
    totals === null
      ? WEEK_COLUMNS.slice(3).map(() => '')
      : [
          ...GLANCE_STATUSES.map((status) => String(totals.statuses[status])),
          String(totals.added),
          String(totals.sold),
          totals.takingsMinor === null ? '' : moneyText(totals.takingsMinor, currency),
          String(totals.unpriced),
        ];
  const rows = [
    ...days.map((day) => ['day', day.day, day.day, ...figures(day.counted ? day : null)]),
    ...weeks.map((week) => ['week', week.from, week.to, ...figures(week.counted ? week : null)]),
  ];
  return { csv: writeCsv(WEEK_COLUMNS, rows), rows: rows.length };
}
