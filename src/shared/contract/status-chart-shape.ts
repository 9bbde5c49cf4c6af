import { GLANCE_STATUSES, type GlanceDay, type GlanceStatus } from './week-at-a-glance';
import { shortDay } from './week-words';

/**
 * The week's chart of the animals in each status at each day's end, as stacked bars: its
 * geometry worked out once, drawn as SVG by the Week screen (StatusChart.tsx) and on paper
 * (week-sheet.ts). Every value is a number or a day's words made here.
 */
export const CHART_WIDTH = 640;
export const CHART_HEIGHT = 220;
const PLOT = { left: 44, right: 8, top: 12, bottom: 28 };

export interface ChartShape {
  /** The horizontal lines at 0, half and the top, with their counts. */
  ticks: Array<{ value: number; y: number; x1: number; x2: number }>;
  bars: Array<{
    day: string;
    x: number;
    width: number;
    /** None for a day without figures. */
    parts: Array<{ status: GlanceStatus; y: number; height: number }>;
    /** Where a dash stands in for the bar of a day without figures (null for a day with them). */
    noFigures: { x: number; y: number } | null;
    /** The day's words under its bar, when it is one that is labelled. */
    label: { text: string; x: number; y: number } | null;
  }>;
}

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least the largest count. */
function axisTop(largest: number): number {
  if (largest <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(largest));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= largest)!;
}

export function statusChartShape(days: readonly GlanceDay[]): ChartShape {
  const totals = days.map((day) =>
    day.counted ? GLANCE_STATUSES.reduce((sum, status) => sum + day.statuses[status], 0) : 0,
  );
  const top = axisTop(Math.max(0, ...totals));
  const plotWidth = CHART_WIDTH - PLOT.left - PLOT.right;
  const plotHeight = CHART_HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.7);
  const y = (count: number) => PLOT.top + plotHeight - (count / top) * plotHeight;
  // Every day's label for a week; each Monday's for a few weeks; every other Monday's for more.
  const every = days.length <= 7 ? 1 : days.length <= 35 ? 7 : 14;
  return {
    ticks: [0, top / 2, top].map((value) => ({ value, y: y(value), x1: PLOT.left, x2: CHART_WIDTH - PLOT.right })),
    bars: days.map((day, i) => {
      const x = PLOT.left + i * slot + (slot - barWidth) / 2;
      let base = 0;
      const parts = day.counted
        ? GLANCE_STATUSES.map((status) => {
            const count = day.statuses[status];
            const part = { status, y: y(base + count), height: y(base) - y(base + count) };
            base += count;
            return part;
          })
        : [];
      const label =
        i % every === 0
          ? { text: shortDay(day.day, days.length <= 7), x: x + barWidth / 2, y: CHART_HEIGHT - 8 }
          : null;
      const noFigures = day.counted ? null : { x: x + barWidth / 2, y: y(0) - 4 };
      return { day: day.day, x, width: barWidth, parts, noFigures, label };
    }),
  };
}
