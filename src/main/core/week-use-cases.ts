import { ApiError, localToday, type EnvironmentName, type ExportOutcome } from '../../shared/contract';
import {
  addDays,
  daysBetween,
  GLANCE_DAYS_MAX,
  WAITING_LONGEST_SHOWN,
  type CountedDay,
  type GlanceDay,
  type GlanceTotals,
  type GlanceWeek,
  type NoFigures,
  type UncountedDay,
  type WaitingAnimal,
  type WeekAtAGlance,
} from '../../shared/contract/week-at-a-glance';
import type { AvailableAnimal, SoldAnimal } from '../database/week-figures';
import { weekCsv } from '../csv/week-csv';
import type { CoreParts } from './core-parts';
import { checkPeriod } from './register-use-cases';

/** How many answers are kept for asking again (a few periods of each environment). */
const ANSWERS_KEPT = 12;

/** The period the week at a glance is asked for: an environment and two days, both included. */
export interface GlanceQuery {
  environment: EnvironmentName;
  from: string;
  to: string;
}

/** Local midnight of a day (YYYY-MM-DD): the shop's day begins there, 23 or 25 hours from the next on a DST change. */
const startOfDay = (day: string): number => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date).getTime();
};
const dayOf = (ms: number): string => localToday(new Date(ms));

/** The middle of the figures (the mean of the two middle ones for an even count). */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function daysInStock(sold: readonly SoldAnimal[]): WeekAtAGlance['daysInStock'] {
  const measured: number[] = [];
  for (const { soldAt, addedAt, acquiredOn } of sold) {
    const arrived = addedAt !== null ? dayOf(addedAt) : acquiredOn;
    if (arrived !== null) measured.push(Math.max(0, daysBetween(arrived, dayOf(soldAt))));
  }
  return {
    measured: measured.length,
    unknown: sold.length - measured.length,
    median: median(measured),
    longest: measured.length === 0 ? null : Math.max(...measured),
  };
}

function waitingLongest(animals: readonly AvailableAnimal[], today: string): WaitingAnimal[] {
  return animals
    .map(({ petId, name, since, acquiredOn }) => ({
      petId,
      name,
      sinceMs: since ?? startOfDay(acquiredOn!),
      since: since === null ? acquiredOn! : new Date(since).toISOString(),
    }))
    .sort((a, b) => a.sinceMs - b.sinceMs)
    .slice(0, WAITING_LONGEST_SHOWN)
    .map(({ sinceMs, ...animal }) => ({ ...animal, days: Math.max(0, daysBetween(dayOf(sinceMs), today)) }));
}

/** Days added up into weeks of seven from the first (the last perhaps shorter), each over its days with figures. */
function weeksOf(days: readonly GlanceDay[]): GlanceWeek[] {
  const weeks: GlanceWeek[] = [];
  for (let first = 0; first < days.length; first += 7) {
    const week = days.slice(first, first + 7);
    const [from, to] = [week[0]!.day, week.at(-1)!.day];
    const counted = week.filter((day): day is CountedDay => day.counted);
    if (counted.length === 0) {
      weeks.push({ from, to, counted: false, noFigures: (week[0] as UncountedDay).noFigures });
      continue;
    }
    const sum = (pick: (day: CountedDay) => number) => counted.reduce((total, day) => total + pick(day), 0);
    weeks.push({
      from,
      to,
      counted: true,
      countedFrom: counted[0]!.day,
      countedTo: counted.at(-1)!.day,
      statuses: counted.at(-1)!.statuses,
      added: sum((day) => day.added),
      sold: sum((day) => day.sold),
      takingsMinor: counted.some((day) => day.takingsMinor === null) ? null : sum((day) => day.takingsMinor!),
      unpriced: sum((day) => day.unpriced),
    });
  }
  return weeks;
}

/**
 * Why a day has no figures, or null when it has them: one after today has not come, and one that
 * ended before the history's first moment (or before today, while the history holds nothing) is
 * older than anything the history can take back to. Today is counted as it stands.
 */
function noFiguresOf(day: string, today: string, historyBegins: number | null): NoFigures | null {
  if (day > today) return 'to come';
  if (day < today && (historyBegins === null || startOfDay(addDays(day, 1)) <= historyBegins))
    return 'before the history';
  return null;
}

/** The takings of each day, from the sales made here (null when the environment keeps none). */
function takingsByDay(
  sales: readonly { soldAt: number; priceMinor: number | null }[] | null,
  dayNames: readonly string[],
): Pick<GlanceTotals, 'takingsMinor' | 'unpriced'>[] {
  const days = dayNames.map(() => ({ takingsMinor: sales === null ? null : 0, unpriced: 0 }));
  const index = new Map(dayNames.map((day, i) => [day, i]));
  for (const { soldAt, priceMinor } of sales ?? []) {
    const day = days[index.get(dayOf(soldAt)) ?? -1];
    if (day === undefined) continue;
    if (priceMinor === null) day.unpriced++;
    else day.takingsMinor! += priceMinor;
  }
  return days;
}

/**
 * The manager's week at a glance of an environment: for each day of a period (the shop's days, in
 * this computer's time zone) the animals in each status at its end, added and sold, and the
 * takings; the same by week; days in stock of those sold; the animals waiting longest now.
 */
export function createWeekUseCases({ inventory, settings, now, saveFile }: CoreParts) {
  // The latest answers, each kept while its environment's data, today and the currency are as
  // they were: a manager going back and forth between screens is not made to wait again.
  const answers = new Map<string, WeekAtAGlance>();

  function weekAtAGlance(query: GlanceQuery): WeekAtAGlance {
    const { environment, from, to } = query;
    const key = JSON.stringify([
      environment,
      from,
      to,
      inventory(environment).weekFigures().version(),
      localToday(new Date(now())),
      settings.currency(environment),
    ]);
    const kept = answers.get(key);
    if (kept !== undefined) return kept;
    const answer = countWeek(query);
    answers.set(key, answer);
    if (answers.size > ANSWERS_KEPT) answers.delete(answers.keys().next().value!);
    return answer;
  }

  function countWeek({ environment, from, to }: GlanceQuery): WeekAtAGlance {
    const period = checkPeriod(from, to);
    const count = daysBetween(period.from, period.to) + 1;
    if (count > GLANCE_DAYS_MAX)
      throw ApiError.fromFields('invalid_parameter', [
        {
          field: 'to',
          message: `must be at most ${GLANCE_DAYS_MAX} days from from (${period.from}), got ${period.to}: ask for a year or less`,
        },
      ]);
    const dayNames = Array.from({ length: count }, (_, i) => addDays(period.from, i));
    const days = { days: dayNames, start: startOfDay(period.from), end: startOfDay(addDays(period.to, 1)) };
    const figures = inventory(environment).weekFigures();
    const { days: counts, sold } = figures.count(days);
    const takings = takingsByDay(figures.sales(days.start, days.end), dayNames);
    const today = localToday(new Date(now()));
    const historyBegins = figures.historyBegins();
    const glanceDays: GlanceDay[] = dayNames.map((day, i) => {
      const noFigures = noFiguresOf(day, today, historyBegins);
      if (noFigures !== null) return { day, counted: false, noFigures };
      const [statuses, added, sold] = [counts.statuses[i]!, counts.added[i]!, counts.sold[i]!];
      return { day, counted: true, statuses, added, sold, ...takings[i]! };
    });
    return {
      environment,
      ...period,
      currency: settings.currency(environment),
      days: glanceDays,
      weeks: weeksOf(glanceDays),
      daysInStock: daysInStock(sold),
      waitingLongest: waitingLongest(figures.availableLongest(WAITING_LONGEST_SHOWN), today),
    };
  }

  /** The screen's tables as CSV: a row for each day, then for each week. */
  const weekAtAGlanceCsv = (query: GlanceQuery) => weekCsv(weekAtAGlance(query));

  return {
    weekAtAGlance,
    weekAtAGlanceCsv,

    /** The screen's tables written to a file a person chooses (main's dialog). */
    async exportWeekToFile(query: GlanceQuery): Promise<ExportOutcome> {
      const { csv, rows } = weekAtAGlanceCsv(query);
      const path = await saveFile(`week-${query.environment}-${query.from}-to-${query.to}.csv`, csv);
      return { rows, path };
    },
  };
}
