import type { EnvironmentName } from './environments';

/**
 * The week at a glance: a manager's figures of a period of days in the shop's time zone (this
 * computer's), reconstructed from the environment's history of its animals and its sales.
 */

/** The statuses the figures count each day (an animal without a status is in none). */
export const GLANCE_STATUSES = ['available', 'pending', 'sold'] as const;
export type GlanceStatus = (typeof GLANCE_STATUSES)[number];

/** The longest period asked for at once: a year, and a day for a leap year. */
export const GLANCE_DAYS_MAX = 366;
/** How many of the animals waiting longest are named. */
export const WAITING_LONGEST_SHOWN = 10;

/** What a day, or a week, adds up to. */
export interface GlanceTotals {
  /** Animals added to the environment here (their history begins with the add). */
  added: number;
  /** Animals marked sold, and still sold at the end of the day. */
  sold: number;
  /** The takings of the sales made here, in minor units of the environment's currency (null: no sales are kept). */
  takingsMinor: number | null;
  /** Sales made here without a price: counted as sold, adding nothing to the takings. */
  unpriced: number;
}

/**
 * Why a day has no figures: it has not come yet (a figure "as of" its end would be a guess), or it
 * ended before the history begins (the history cannot say how it stood). Today, reached, has its
 * figures so far.
 */
export type NoFigures = 'to come' | 'before the history';

/** A day with its figures: the animals in each status at its end, added, sold and takings. */
export interface CountedDay extends GlanceTotals {
  /** YYYY-MM-DD. */
  day: string;
  counted: true;
  /** How many animals had each status at the end of the day. */
  statuses: Record<GlanceStatus, number>;
}

/** A day of the period without figures, and why. */
export interface UncountedDay {
  day: string;
  counted: false;
  noFigures: NoFigures;
}

export type GlanceDay = CountedDay | UncountedDay;

/** A week with figures: those of its days that have them, added up. */
export interface CountedWeek extends GlanceTotals {
  /** Its first and last day (seven days from the period's first, the last week perhaps fewer). */
  from: string;
  to: string;
  counted: true;
  /** The first and last of its days with figures (its own first and last when all have them). */
  countedFrom: string;
  countedTo: string;
  /** The statuses at the end of its last day with figures. */
  statuses: Record<GlanceStatus, number>;
}

/** A week none of whose days has figures, and why (that of its first day). */
export interface UncountedWeek {
  from: string;
  to: string;
  counted: false;
  noFigures: NoFigures;
}

export type GlanceWeek = CountedWeek | UncountedWeek;

/** An animal available now, since when, as far as this computer knows. */
export interface WaitingAnimal {
  petId: string;
  name: string;
  /** When it last became available (ISO 8601), or the day it was acquired when its history does not say. */
  since: string;
  /** Whole days from then until today. */
  days: number;
}

export interface WeekAtAGlance {
  environment: EnvironmentName;
  from: string;
  to: string;
  currency: string;
  days: GlanceDay[];
  weeks: GlanceWeek[];
  /**
   * Days in stock of the animals sold in the period (still sold at its end) whose arrival is known:
   * from the day they were added here, or else the day they were acquired, to the day they were
   * sold. `measured` is how many; `unknown`, how many sold animals had neither.
   */
  daysInStock: { measured: number; unknown: number; median: number | null; longest: number | null };
  /** The animals available now that have waited longest, oldest first. */
  waitingLongest: WaitingAnimal[];
}

const DAY_MS = 86_400_000;
const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** The day `count` days after `day` (YYYY-MM-DD; calendar arithmetic, no time zone). */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
}

/** Whole days from one day to another (YYYY-MM-DD). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The Monday of the week that holds `day`: a shop's week runs Monday to Sunday (ISO 8601). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 is Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The `weeks` weeks that end with the week holding `day`, Monday to Sunday. */
export function weeksEndingWith(day: string, weeks: number): { from: string; to: string } {
  const monday = mondayOf(day);
  return { from: addDays(monday, -7 * (weeks - 1)), to: addDays(monday, 6) };
}
