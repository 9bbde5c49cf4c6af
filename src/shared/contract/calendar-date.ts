import { describeValue } from './describe-value';

/**
 * A calendar date as ISO 8601 text, as precise as a shop knows it: "2026-05-03" (a day),
 * "2026-05" (a month) or "2026" (a year, an estimate). No time, no time zone.
 */
export type DatePrecision = 'day' | 'month' | 'year';

const FORMS: Readonly<Record<DatePrecision, RegExp>> = {
  day: /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/,
  month: /^([0-9]{4})-([0-9]{2})$/,
  year: /^([0-9]{4})$/,
};
const PRECISIONS: readonly DatePrecision[] = ['day', 'month', 'year'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

type DateParts = { precision: DatePrecision; year: number; month: number; day: number };

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const daysInMonth = (year: number, month: number) =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** The form the text has, and its numbers (a month or a year stands for its first day); undefined for none. */
function partsOf(text: string): DateParts | undefined {
  for (const precision of PRECISIONS) {
    const match = FORMS[precision].exec(text);
    if (match === null) continue;
    const [, year = '', month = '01', day = '01'] = match;
    return { precision, year: Number(year), month: Number(month), day: Number(day) };
  }
  return undefined;
}

/** The problem with the numbers of a date in words, or null when the date is on the calendar. */
function calendarProblem({ year, month, day }: DateParts): string | null {
  if (month < 1 || month > 12) return 'months run from 01 to 12';
  const days = daysInMonth(year, month);
  if (day < 1 || day > days) return `${MONTH_NAMES[month - 1]} ${year} has ${days} days`;
  return null;
}

function realParts(text: string): DateParts {
  const parts = partsOf(text);
  if (parts === undefined || calendarProblem(parts) !== null) {
    throw new RangeError(`Expected a date like 2026-05-03, 2026-05 or 2026, got ${describeValue(text)}`);
  }
  return parts;
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');
/** The first day of the period, as YYYY-MM-DD: these compare as text in calendar order. */
const startOf = ({ year, month, day }: DateParts) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;

/** The earliest date we take unless told otherwise: an animal is not born before it. */
export const EARLIEST_DATE = '1900-01-01';

export type DateRules = {
  /** The forms taken: a day, a month, a year. */
  precisions: readonly DatePrecision[];
  /** Today as YYYY-MM-DD (localToday()): nothing after it is taken, unless `latest` says otherwise. */
  today: string;
  /** YYYY-MM-DD: nothing after it is taken; today by default. */
  latest?: string;
  /** YYYY-MM-DD: no period that starts before it is taken; EARLIEST_DATE by default. */
  earliest?: string;
};

/** What is wrong with a date a person gives, in words; null when it is a date within the rules. */
export function dateProblem(
  text: string,
  { precisions, today, latest = today, earliest = EARLIEST_DATE }: DateRules,
): string | null {
  const todayParts = partsOf(today);
  if (todayParts?.precision !== 'day') throw new RangeError(`today must be YYYY-MM-DD, got ${describeValue(today)}`);
  if (precisions.length === 0) throw new RangeError('A date needs at least one precision it may have');
  const got = describeValue(text);
  const parts = partsOf(text);
  if (parts === undefined || !precisions.includes(parts.precision)) {
    const examples = PRECISIONS.filter((precision) => precisions.includes(precision)).map((precision) =>
      today.slice(0, { day: 10, month: 7, year: 4 }[precision]),
    );
    const forms = examples.length > 1 ? `${examples.slice(0, -1).join(', ')} or ${examples.at(-1)}` : examples[0];
    return `must be a date like ${forms}, got ${got}`;
  }
  const notOnCalendar = calendarProblem(parts);
  if (notOnCalendar !== null) return `must be a real date (${notOnCalendar}), got ${got}`;
  const start = startOf(parts);
  if (start > latest)
    return latest === today
      ? `must not be in the future (today is ${today}), got ${got}`
      : `must not be after ${latest}, got ${got}`;
  if (start < earliest) return `must not be before ${earliest}, got ${got}`;
  return null;
}

/** How precise a valid date is. Throws a RangeError for a text that is not a date. */
export function precisionOf(text: string): DatePrecision {
  return realParts(text).precision;
}

/** Today in the local time zone, as YYYY-MM-DD: the day the shop is in, not the day in UTC. */
export function localToday(now = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1, 2)}-${pad(now.getDate(), 2)}`;
}

const DAY_MS = 86_400_000;
const dayNumber = ({ year, month, day }: DateParts) => new Date(0).setUTCFullYear(year, month - 1, day) / DAY_MS;
const counted = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** Whole months from one date to a later one: a month is complete on the same day of the month. */
const wholeMonths = (from: DateParts, to: DateParts) =>
  (to.year - from.year) * 12 + (to.month - from.month) - (to.day < from.day ? 1 : 0);

/**
 * An animal's age as a shop says it, from its birth date to today (YYYY-MM-DD):
 * - born on a day: "newborn" that day, then days under 2 weeks ("9 days"), weeks under 16 weeks
 *   (about 4 months: "11 weeks"), months under 2 years ("18 months"), then years ("2 years");
 * - born in a month (counted from its first day): "under a month", months under 2 years
 *   ("about 5 months"), then years ("about 2 years");
 * - born in a year (counted from 1 January): "under a year", "about a year", "about 3 years".
 * A birth date after today (a clock that is behind) is the youngest age there is.
 * Throws a RangeError for a text that is not a date.
 */
export function ageInWords(born: string, today: string): string {
  const birth = realParts(born);
  const now = realParts(today);
  if (birth.precision === 'year') {
    const years = Math.max(0, now.year - birth.year);
    return years === 0 ? 'under a year' : years === 1 ? 'about a year' : `about ${years} years`;
  }
  const months = Math.max(0, wholeMonths(birth, now));
  if (birth.precision === 'month') {
    if (months === 0) return 'under a month';
    return months < 24 ? `about ${counted(months, 'month')}` : `about ${counted(Math.floor(months / 12), 'year')}`;
  }
  const days = Math.max(0, dayNumber(now) - dayNumber(birth));
  if (days === 0) return 'newborn';
  if (days < 14) return counted(days, 'day');
  if (days < 16 * 7) return counted(Math.floor(days / 7), 'week');
  if (months < 24) return counted(months, 'month');
  return counted(Math.floor(months / 12), 'year');
}

const DATE_FIELDS: Readonly<Record<DatePrecision, Intl.DateTimeFormatOptions>> = {
  day: { year: 'numeric', month: 'long', day: 'numeric' },
  month: { year: 'numeric', month: 'long' },
  year: { year: 'numeric' },
};

/** One formatter per locale and precision: making one costs far more than formatting (a list formats a date per row). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(locale: string | undefined, precision: DatePrecision): Intl.DateTimeFormat {
  const key = `${locale ?? ''} ${precision}`;
  let format = formatters.get(key);
  if (format !== undefined) return format;
  // The date is a calendar day, not an instant: formatted in UTC it is the same day everywhere.
  const options = { ...DATE_FIELDS[precision], timeZone: 'UTC' };
  try {
    format = new Intl.DateTimeFormat(locale, options);
  } catch {
    format = new Intl.DateTimeFormat(undefined, options);
  }
  formatters.set(key, format);
  return format;
}

/**
 * A date as a person reads it, as precise as it is: "3 May 2026", "May 2026", "2026" in en-GB.
 * An unreadable locale falls back to the runtime's own. Throws a RangeError for a text that is not a date.
 */
export function formatDate(text: string, locale?: string): string {
  const parts = realParts(text);
  const format = formatterOf(locale, parts.precision);
  return format.format(new Date(0).setUTCFullYear(parts.year, parts.month - 1, parts.day));
}
