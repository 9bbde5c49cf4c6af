import { dateProblem, formatMoney, localToday } from '../../shared/contract';
import {
  addDays,
  GLANCE_STATUSES,
  weeksEndingWith,
  type GlanceDay,
  type GlanceTotals,
  type GlanceWeek,
  type WeekAtAGlance,
} from '../../shared/contract/week-at-a-glance';
import { stringifyJson } from '../wire/json-codec';
import { environmentOption, EXIT, opened, parse, UsageError, type Command } from './cli-args';
import { table } from './output';
import { writeWhole } from './paper-commands';
import { outOption } from './paper-out';
import { momentInWords } from './pets-history-command';

const takings = ({ takingsMinor, unpriced }: GlanceTotals, currency: string) =>
  takingsMinor === null
    ? '-'
    : `${formatMoney(takingsMinor, currency)}${unpriced > 0 ? ` (+${unpriced} unpriced)` : ''}`;

/** The week at a glance for people: each day, each week, days in stock and who waits longest. */
function glanceAsText(glance: WeekAtAGlance): string {
  const { days, weeks, currency, daysInStock: stock } = glance;
  const header = ['DAY', ...GLANCE_STATUSES.map((status) => status.toUpperCase()), 'ADDED', 'SOLD', 'TAKINGS'];
  const line = (name: string, row: GlanceDay | GlanceWeek) =>
    row.counted
      ? [
          name,
          ...GLANCE_STATUSES.map((status) => String(row.statuses[status])),
          String(row.added),
          String(row.sold),
          takings(row, currency),
        ]
      : [name, ...header.slice(1, -1).map(() => '-'), row.noFigures === 'to come' ? 'to come' : 'before history'];
  const waiting = glance.waitingLongest.map((animal) => [
    animal.petId,
    animal.name,
    // A day acquired stays a day; a moment is said to the minute, in this computer's time.
    /^\d{4}-\d\d-\d\d$/.test(animal.since) ? animal.since : momentInWords(animal.since),
    `${animal.days}`,
  ]);
  return [
    `The week at a glance of ${glance.environment}, ${glance.from} to ${glance.to} (statuses at each day's end):`,
    table([header, ...days.map((day) => line(day.day, day))]),
    '',
    table([['WEEK', ...header.slice(1)], ...weeks.map((week) => line(`${week.from}..${week.to}`, week))]),
    '',
    stock.median === null
      ? 'Days in stock: no animal sold in the period with a known arrival.'
      : `Days in stock of ${stock.measured} sold in the period: median ${stock.median}, longest ${stock.longest}` +
        (stock.unknown > 0 ? ` (${stock.unknown} more arrived before the history)` : '') +
        '.',
    '',
    waiting.length === 0
      ? 'No animal is available now.'
      : `Waiting longest:\n${table([['ID', 'NAME', 'AVAILABLE SINCE', 'DAYS'], ...waiting])}`,
  ].join('\n');
}

/**
 * `report week [--from D] [--to D] [--env E] [--json|--csv|--out F.pdf]`: the week at a glance,
 * this week by default (Monday to Sunday); --from alone gives the seven days from it. --out prints
 * it to a PDF by the paper's one road, as the Week screen's Ctrl+P does.
 */
export const reportWeek: Command = async (args, context) => {
  const { core, io } = opened(context);
  const { values } = parse(args, {
    env: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    csv: { type: 'boolean' },
    out: { type: 'string' },
  });
  const forms = [values['json'] === true, values['csv'] === true, values['out'] !== undefined];
  if (forms.filter(Boolean).length > 1) throw new UsageError('choose one of --json, --csv and --out');
  const environment = environmentOption(values, core);
  const thisWeek = weeksEndingWith(localToday(), 1);
  const given = (name: 'from' | 'to') => {
    const text = values[name];
    if (typeof text !== 'string') return undefined;
    // Any day on the calendar: a week may run past today.
    const problem = dateProblem(text, { precisions: ['day'], today: '9999-12-31' });
    if (problem !== null) throw new UsageError(`--${name} ${problem}`);
    return text;
  };
  const from = given('from') ?? thisWeek.from;
  const to = given('to') ?? (given('from') === undefined ? thisWeek.to : addDays(from, 6));
  const query = { environment, from, to };
  if (values['out'] !== undefined) {
    const out = outOption(values['out']);
    await writeWhole(out, (await core.paperPdf({ kind: 'week', ...query })).pdf);
    io.out(`Wrote ${out}: the week at a glance of ${environment}, ${from} to ${to}.`);
  } else if (values['csv'] === true) process.stdout.write(core.weekAtAGlanceCsv(query).csv);
  else if (values['json'] === true) io.out(stringifyJson(core.weekAtAGlance(query)));
  else io.out(glanceAsText(core.weekAtAGlance(query)));
  return EXIT.ok;
};
