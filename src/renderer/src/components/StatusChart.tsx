import { GLANCE_STATUSES, type GlanceDay } from '../../../shared/contract/week-at-a-glance';
import { CHART_HEIGHT, CHART_WIDTH, statusChartShape } from '../../../shared/contract/status-chart-shape';
import { STATUS_WORDS } from '../../../shared/contract/week-words';

/**
 * The animals in each status at each day's end, as stacked bars in plain SVG (its geometry shared
 * with the printed week). It is a picture for the eye (named by its title); the table beside it
 * says the same for a screen reader.
 */
export function StatusChart({ days, titleId }: { days: readonly GlanceDay[]; titleId: string }) {
  const { ticks, bars } = statusChartShape(days);
  return (
    <figure className="status-chart">
      <svg
        viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        preserveAspectRatio="none"
      >
        {ticks.map((tick) => (
          <g key={tick.value} className="chart-grid">
            <line x1={tick.x1} x2={tick.x2} y1={tick.y} y2={tick.y} />
            <text x={tick.x1 - 6} y={tick.y + 4} textAnchor="end">
              {tick.value}
            </text>
          </g>
        ))}
        {bars.map((bar) => (
          <g key={bar.day}>
            {bar.parts.map((part) => (
              <rect
                key={part.status}
                className={`bar-${part.status}`}
                x={bar.x}
                width={bar.width}
                y={part.y}
                height={part.height}
              />
            ))}
            {bar.noFigures && (
              <text className="chart-no-figures" x={bar.noFigures.x} y={bar.noFigures.y} textAnchor="middle">
                —
              </text>
            )}
            {bar.label && (
              <text className="chart-day" x={bar.label.x} y={bar.label.y} textAnchor="middle">
                {bar.label.text}
              </text>
            )}
          </g>
        ))}
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
