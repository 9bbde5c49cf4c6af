import { ENVIRONMENT_LABELS, localToday } from '../../shared/contract';
import { CHART_HEIGHT, CHART_WIDTH, statusChartShape } from '../../shared/contract/status-chart-shape';
import {
  GLANCE_STATUSES,
  type GlanceDay,
  type GlanceWeek,
  type WeekAtAGlance,
} from '../../shared/contract/week-at-a-glance';
import {
  daysInStockOf,
  daysInStockWords,
  daysWords,
  fullDay,
  glanceWhole,
  NO_FIGURES_WORDS,
  periodWords,
  STATUS_WORDS,
  takingsWords,
  weekWords,
} from '../../shared/contract/week-words';
import { html, type Markup } from './paper-markup';
import { paperPage } from './paper-page';

/** The chart's colours as on the Week screen (light), which print as well in grey. */
const WEEK_STYLE = `
@page { size: A4; margin: 14mm 12mm 16mm; }
h1 { font-size: 16pt; margin-bottom: 1mm; }
h2 { font-size: 12pt; margin: 6mm 0 2mm; break-after: avoid; }
.hint { font-size: 9pt; color: #333; }
.figures { display: flex; gap: 8mm; margin: 4mm 0 2mm; font-size: 10pt; }
.figures dt { color: #333; font-size: 9pt; }
.figures dd { font-weight: 600; font-size: 12pt; }
.figures dd.hint { font-weight: normal; font-size: 9pt; }
.chart { width: 100%; height: 62mm; display: block; }
.chart line { stroke: #bbb; stroke-width: 0.6; }
.chart text { font-size: 11px; fill: #000; }
.bar-available { fill: #2e7d5b; background: #2e7d5b; }
.bar-pending { fill: #9a6500; background: #9a6500; }
.bar-sold { fill: #4d68a3; background: #4d68a3; }
.legend { display: flex; gap: 5mm; font-size: 9pt; margin: 1mm 0 3mm; }
.swatch { display: inline-block; width: 3mm; height: 3mm; margin-inline-end: 1.5mm; vertical-align: -0.3mm; }
table { width: 100%; border-collapse: collapse; font-size: 9pt; margin-bottom: 3mm; }
caption { text-align: start; font-weight: 600; padding-bottom: 1mm; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
th { text-align: start; border-bottom: 0.4mm solid #000; padding: 1mm 1.5mm; }
tbody th { font-weight: normal; border-bottom: 0.2mm solid #ccc; }
td { border-bottom: 0.2mm solid #ccc; padding: 1mm 1.5mm; overflow-wrap: anywhere; }
.no-figures { color: #333; font-style: italic; }
.chart text.no-figures { fill: #555; }
.number { text-align: end; white-space: nowrap; font-variant-numeric: tabular-nums; }
`;

const count = new Intl.NumberFormat('en-GB');

/** The chart as SVG drawn from its shared geometry: numbers and the app's own day words, escaped like any text. */
function chart(days: readonly GlanceDay[]): Markup {
  const { ticks, bars } = statusChartShape(days);
  return html`<svg
      class="chart"
      viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}"
      preserveAspectRatio="none"
      xmlns="http://www.w3.org/2000/svg"
      role="img"
      aria-label="Animals by status at each day's end"
    >
      ${ticks.map(
        (tick) =>
          html`<line x1="${tick.x1}" x2="${tick.x2}" y1="${tick.y}" y2="${tick.y}" /><text
              x="${tick.x1 - 6}"
              y="${tick.y + 4}"
              text-anchor="end"
              >${tick.value}</text
            >`,
      )}
      ${bars.map(
        (bar) =>
          html`${bar.parts.map(
            (part) =>
              html`<rect
                class="bar-${part.status}"
                x="${bar.x}"
                width="${bar.width}"
                y="${part.y}"
                height="${part.height}"
              />`,
          )}${
            bar.label && html`<text x="${bar.label.x}" y="${bar.label.y}" text-anchor="middle">${bar.label.text}</text>`
          }${
            bar.noFigures &&
            html`<text class="no-figures" x="${bar.noFigures.x}" y="${bar.noFigures.y}" text-anchor="middle">—</text>`
          }`,
      )}
    </svg>
    <p class="legend">
      ${GLANCE_STATUSES.map(
        (status) => html`<span><span class="swatch bar-${status}"></span>${STATUS_WORDS[status]}</span>`,
      )}
    </p>`;
}

const statusTable = (days: readonly GlanceDay[]) =>
  html`<table class="statuses">
    <caption>
      Animals in each status at the day’s end
    </caption>
    <thead>
      <tr>
        <th>Day</th>
        ${GLANCE_STATUSES.map((status) => html`<th class="number">${STATUS_WORDS[status]}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${days.map(
        (day) =>
          html`<tr>
            <th>${fullDay(day.day)}</th>
            ${
              day.counted
                ? GLANCE_STATUSES.map((status) => html`<td class="number">${count.format(day.statuses[status])}</td>`)
                : html`<td colspan="${GLANCE_STATUSES.length}" class="no-figures">
                    ${NO_FIGURES_WORDS[day.noFigures]}
                  </td>`
            }
          </tr>`,
      )}
    </tbody>
  </table>`;

const tradeTable = (rows: ReadonlyArray<GlanceDay | GlanceWeek>, currency: string, caption: string, kind: string) =>
  html`<table class="trade">
    <caption>
      ${caption}
    </caption>
    <thead>
      <tr>
        <th>${kind}</th>
        <th class="number">Added</th>
        <th class="number">Sold</th>
        <th class="number">Takings</th>
      </tr>
    </thead>
    <tbody>
      ${rows.map(
        (row) =>
          html`<tr>
            <th>${'day' in row ? fullDay(row.day) : weekWords(row)}</th>
            ${
              row.counted
                ? html`<td class="number">${count.format(row.added)}</td>
                    <td class="number">${count.format(row.sold)}</td>
                    <td class="number">${takingsWords(row, currency)}</td>`
                : html`<td colspan="3" class="no-figures">${NO_FIGURES_WORDS[row.noFigures]}</td>`
            }
          </tr>`,
      )}
    </tbody>
  </table>`;

function waitingTable(glance: WeekAtAGlance): Markup {
  if (glance.waitingLongest.length === 0) return html`<p class="hint">No animal is available now.</p>`;
  return html`<table class="waiting">
    <caption>
      Available now, the longest first
    </caption>
    <thead>
      <tr>
        <th>Animal</th>
        <th>Number</th>
        <th>Available since</th>
        <th class="number">Waiting</th>
      </tr>
    </thead>
    <tbody>
      ${glance.waitingLongest.map(
        (animal) =>
          html`<tr>
            <th dir="auto">${animal.name}</th>
            <td>${animal.petId}</td>
            <td>${fullDay(animal.since.length === 10 ? animal.since : localToday(new Date(animal.since)))}</td>
            <td class="number">${daysWords(animal.days)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/**
 * The week at a glance on paper, as on the Week screen: the period's totals, the statuses chart
 * (SVG) with its table, added and sold with takings by day (and by week), and the animals waiting
 * longest. A4, its tables running on over pages with their heads repeated.
 */
export function weekPage(glance: WeekAtAGlance): string {
  const whole = glanceWhole(glance);
  const title = `Week at a glance: ${ENVIRONMENT_LABELS[glance.environment]}, ${periodWords(glance.from, glance.to)}`;
  const body = html`<h1>${title}</h1>
    <p class="hint">Days run midnight to midnight in this computer’s time zone.</p>
    <dl class="figures">
      <div>
        <dt>Added</dt>
        <dd>${whole === null ? '—' : count.format(whole.added)}</dd>
      </div>
      <div>
        <dt>Sold</dt>
        <dd>${whole === null ? '—' : count.format(whole.sold)}</dd>
      </div>
      <div>
        <dt>Takings</dt>
        <dd>${whole === null ? '—' : takingsWords(whole, glance.currency)}</dd>
      </div>
      <div>
        <dt>Days in stock</dt>
        <dd>${daysInStockWords(glance.daysInStock)}</dd>
        <dd class="hint">${daysInStockOf(glance.daysInStock)}</dd>
      </div>
    </dl>
    <h2>Animals by status at each day’s end</h2>
    ${chart(glance.days)} ${statusTable(glance.days)}
    <h2>Added and sold, with takings</h2>
    ${tradeTable(glance.days, glance.currency, 'Each day', 'Day')}
    ${glance.weeks.length > 1 && tradeTable(glance.weeks, glance.currency, 'Each week', 'Week')}
    <h2>Waiting longest</h2>
    ${waitingTable(glance)}`;
  return paperPage(title, WEEK_STYLE, body);
}
