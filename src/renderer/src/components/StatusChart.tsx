import { GLANCE_STATUSES, type GlanceDay } from '../../../shared/contract/week-at-a-glance';
import { STATUS_WORDS, shortDay } from './week-words';

const WIDTH = 640;
const HEIGHT = 220;
const PLOT = { left: 44, right: 8, top: 12, bottom: 28 };

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least the largest count. */
function axisTop(largest: number): number {
  if (largest <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(largest));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= largest)!;
}

/**
 * The animals in each status at each day's end, as stacked bars in plain SVG. It is a picture for
 * the eye (named by its title); the table beside it says the same for a screen reader.
 */
export function StatusChart({ days, titleId }: { days: readonly GlanceDay[]; titleId: string }) {
  const totals = days.map((day) => GLANCE_STATUSES.reduce((sum, status) => sum + day.statuses[status], 0));
  const top = axisTop(Math.max(0, ...totals));
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.7);
  const y = (count: number) => PLOT.top + plotHeight - (count / top) * plotHeight;
  // Every day's label for a week; each Monday's for a few weeks; every other Monday's for more.
  const every = days.length <= 7 ? 1 : days.length <= 35 ? 7 : 14;
  const labelled = (i: number) => i % every === 0;
  return (
    <figure className="status-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId} preserveAspectRatio="none">
        {[0, top / 2, top].map((tick) => (
          <g key={tick} className="chart-grid">
            <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(tick)} y2={y(tick)} />
            <text x={PLOT.left - 6} y={y(tick) + 4} textAnchor="end">
              {tick}
            </text>
          </g>
        ))}
        {days.map((day, i) => {
          let base = 0;
          const x = PLOT.left + i * slot + (slot - barWidth) / 2;
          return (
            <g key={day.day}>
              {GLANCE_STATUSES.map((status) => {
                const count = day.statuses[status];
                const rect = (
                  <rect
                    key={status}
                    className={`bar-${status}`}
                    x={x}
                    width={barWidth}
                    y={y(base + count)}
                    height={y(base) - y(base + count)}
                  />
                );
                base += count;
                return rect;
              })}
              {labelled(i) && (
                <text className="chart-day" x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle">
                  {shortDay(day.day, days.length <= 7)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="chart-legend">
        {GLANCE_STATUSES.map((status) => (
          <span key={status}>
            <span className={`swatch bar-${status}`} aria-hidden="true" />
            {STATUS_WORDS[status]}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
