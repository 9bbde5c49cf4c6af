import { z } from 'zod';
import { acceptedText, textRules } from './animal-values';
import { dateProblem, localToday, type DatePrecision } from './calendar-date';
import { describeValue } from './describe-value';
import { microchipProblem, normalizeMicrochip } from './microchip';
import { PRICE_MAX_MINOR } from './money';

/**
 * The rules of an animal's details (our extension): what a shop keeps beyond a name, a category
 * and a status. Each is optional; animal-fields.ts declares them.
 */

export const SEXES = ['female', 'male', 'unknown'] as const;
export type Sex = (typeof SEXES)[number];

export const sexSchema = z.enum(SEXES, {
  error: (issue) => `must be one of ${SEXES.join(', ')}, got ${describeValue(issue.input)}`,
});

/**
 * How an animal left the shop other than by a sale (see leaving-rules.ts): it died, went back to
 * its supplier, was rehomed, or another way; each in a person's words.
 */
export const LEAVING_WAYS = ['died', 'returned', 'rehomed', 'other'] as const;
export type LeavingWay = (typeof LEAVING_WAYS)[number];
export const LEAVING_WAY_WORDS: Readonly<Record<LeavingWay, string>> = {
  died: 'Died',
  returned: 'Returned to its supplier',
  rehomed: 'Rehomed',
  other: 'Another way',
};

export const leavingWaySchema = z.enum(LEAVING_WAYS, {
  error: (issue) => `must be one of ${LEAVING_WAYS.join(', ')}, got ${describeValue(issue.input)}`,
});

/** The statuses an animal that has left cannot have: it is neither for sale nor sold. */
export const NOT_WHILE_LEFT = ['available', 'sold'] as const;

/** Our bounds on the short texts (Unicode code points, after trimming). */
export const DETAIL_TEXT_MAX = { species: 60, breed: 60, supplier: 120, treatment: 500 } as const;

/** A short text as we accept it: a name's rules, within `max` characters. */
export const shortTextSchema = (max: number) => acceptedText(textRules(max, false), (text) => text.trim());

/** A text of lines as we accept it (a treatment): as notes are read, within `max` characters. */
export const linesSchema = (max: number) =>
  acceptedText(textRules(max, true), (text) => text.replace(/\r\n?/g, '\n').trim());

/** A text as kept and shown (what a server may send): a bound, not our rules. */
export const storedTextSchema = (longest: number) =>
  z
    .string({ error: (issue) => `must be a string, got ${describeValue(issue.input)}` })
    .min(1, { error: 'must not be empty' })
    .max(longest, { error: `must be at most ${longest} UTF-16 units` });

/**
 * A price: whole minor units of the environment's currency (pence, cents, yen), which a manager
 * sets per environment; 0 is free. A JSON integer on the wire (a bigint from our parser), a
 * number in the app: exact, no fractions of a minor unit anywhere.
 */
export const priceSchema = z.unknown().transform((value, ctx): number => {
  const minor = typeof value === 'bigint' && value >= 0n && value <= BigInt(PRICE_MAX_MINOR) ? Number(value) : value;
  if (typeof minor === 'number' && Number.isSafeInteger(minor) && minor >= 0 && minor <= PRICE_MAX_MINOR) return minor;
  ctx.addIssue({
    code: 'custom',
    message: `must be a whole number of minor units (pence, cents) from 0 to ${PRICE_MAX_MINOR}, got ${describeValue(value)}`,
    input: value,
  });
  return z.NEVER;
});

/** A date of ours as we accept it: one of `precisions`, a real day, not after today, trimmed. */
export const dateSchema = (precisions: readonly DatePrecision[]) =>
  z.string({ error: (issue) => `must be a date as text, got ${describeValue(issue.input)}` }).transform((text, ctx) => {
    const kept = text.trim();
    const problem = dateProblem(kept, { precisions, today: localToday() });
    if (problem === null) return kept;
    ctx.addIssue({ code: 'custom', message: problem, input: text });
    return z.NEVER;
  });

/** A date as kept and shown (what a server may send): its form, not whether it is in the past. */
export const storedDateSchema = z
  .string({ error: (issue) => `must be a date as text, got ${describeValue(issue.input)}` })
  .regex(/^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$/, { error: 'must be a date like 2026-05-03, 2026-05 or 2026' });

/** A microchip number as we accept it: as a reader shows it (groups and spaces are fine), ISO 11784's 15 digits. */
export const microchipSchema = z
  .string({ error: (issue) => `must be a string, got ${describeValue(issue.input)}` })
  .transform((text, ctx) => {
    const number = normalizeMicrochip(text);
    const problem = microchipProblem(number);
    if (problem === null) return number;
    ctx.addIssue({ code: 'custom', message: problem, input: text });
    return z.NEVER;
  });

/** A microchip number as kept and shown: 15 digits. */
export const storedMicrochipSchema = z
  .string({ error: (issue) => `must be a string, got ${describeValue(issue.input)}` })
  .regex(/^[0-9]{15}$/, { error: 'must be 15 digits' });

/** A photo as an animal names it: the lower-case hex SHA-256 of the stored image. */
export const photoDigestSchema = z
  .string({ error: (issue) => `must be a string, got ${describeValue(issue.input)}` })
  .regex(/^[0-9a-f]{64}$/, { error: 'must be the SHA-256 of the photo, in lower-case hex' });

/** The longest a person may type for a microchip number: its 15 digits, with a reader's separators. */
export const MICROCHIP_TYPED_LONGEST = 40;
/** The longest a person may type for a date (trimmed to at most 10 characters). */
export const DATE_TYPED_LONGEST = 40;
