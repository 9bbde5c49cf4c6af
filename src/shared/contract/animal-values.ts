import { z } from 'zod';
import { describeValue } from './describe-value';
import { NAME_MAX_LENGTH, REVISION_MAX, SERVER_NAME_MAX_LENGTH } from './limits';

export const PET_STATUSES = ['available', 'pending', 'sold'] as const;
export type PetStatus = (typeof PET_STATUSES)[number];

export const statusSchema = z.enum(PET_STATUSES, {
  error: (issue) => `must be one of ${PET_STATUSES.join(', ')}, got ${describeValue(issue.input)}`,
});

// C0 and C1 control characters (tabs and newlines included) have no place in a name on a label.
const CONTROL_CHARACTER = /\p{Cc}/u;
// Notes may run to several lines: a line feed is the one control character they take.
const CONTROL_BUT_LINE_FEED = /(?!\n)\p{Cc}/u;
// Embeddings, overrides and isolates reorder the text around a name (a U+202E turns the app's own
// sentence backwards); a name is shown isolated anyway, and is refused with one.
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
// A name must show something: not only spaces, zero-width and other format characters, default
// ignorables (Hangul fillers among them), lone combining marks or the blank braille cell.
const NOTHING_VISIBLE = /^[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Mn}\p{Me}\u2800]*$/u;

export type TextRules = ReadonlyArray<[broken: (text: string) => boolean, message: (text: string) => string]>;

/** What a text a person gives must be, after trimming: the first rule it breaks gives the message. */
export const textRules = (max: number, lines: boolean): TextRules => [
  [(text) => text.length === 0, () => 'must not be empty'],
  [(text) => !text.isWellFormed(), () => 'must be valid Unicode text (it contains a lone surrogate)'],
  lines
    ? [
        (text) => CONTROL_BUT_LINE_FEED.test(text),
        () => 'must not contain control characters such as tabs (line breaks are fine)',
      ]
    : [(text) => CONTROL_CHARACTER.test(text), () => 'must not contain control characters such as tabs or line breaks'],
  [
    (text) => DIRECTION_CONTROL.test(text),
    () => 'must not contain text-direction controls (U+202A to U+202E, U+2066 to U+2069)',
  ],
  [(text) => NOTHING_VISIBLE.test(text), () => 'must contain at least one visible character'],
  [(text) => [...text].length > max, (text) => `must be at most ${max} characters, got ${[...text].length}`],
];
const nameRules = (max: number) => textRules(max, false);
const NAME_RULES = nameRules(NAME_MAX_LENGTH);

/** The first rule of a name (trimmed, up to `max` characters) that `trimmed` breaks, in words; null when none. */
export function nameProblem(trimmed: string, max = NAME_MAX_LENGTH): string | null {
  const rules = max === NAME_MAX_LENGTH ? NAME_RULES : nameRules(max);
  return rules.find(([broken]) => broken(trimmed))?.[1](trimmed) ?? null;
}

/** A text a person gives as we accept it: as `prepared` (trimmed), and within `rules`. */
export const acceptedText = (rules: TextRules, prepared: (text: string) => string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'is required' : `must be a string, got ${describeValue(issue.input)}`,
    })
    .transform((text, ctx) => {
      const kept = prepared(text);
      const problem = rules.find(([broken]) => broken(kept))?.[1](kept) ?? null;
      if (problem === null) return kept;
      ctx.addIssue({ code: 'custom', message: problem, input: text });
      return z.NEVER;
    });

/** A name as we accept it (an add, a change): trimmed, and within our rules. */
export const nameSchema = acceptedText(NAME_RULES, (name) => name.trim());

/**
 * A name from a server is taken as it is (any non-empty string up to SERVER_NAME_MAX_LENGTH, a
 * bound on what is stored and shown): our own length and character rules apply to what we accept,
 * not to what others hold. It is shown isolated, and printed with its control characters escaped
 * (see cli/terminal-text.ts).
 */
export const serverNameSchema = z
  .string({ error: (issue) => `must be a string, got ${describeValue(issue.input)}` })
  .min(1, { error: 'must not be empty' })
  .max(SERVER_NAME_MAX_LENGTH, { error: `must be at most ${SERVER_NAME_MAX_LENGTH} characters` });

/** Our bound on an animal's notes (Unicode code points, after trimming). */
export const NOTES_MAX_LENGTH = 2_000;
/** The longest notes in UTF-16 units (a character beyond the Basic Multilingual Plane takes two). */
export const NOTES_LONGEST = 2 * NOTES_MAX_LENGTH;

/**
 * An animal's notes (our extension) as we accept them: free text of one or more lines, trimmed,
 * each line break a line feed (CR LF and CR become one), and otherwise a name's rules: no other
 * control character, no text-direction control, something visible, at most NOTES_MAX_LENGTH.
 */
export const notesSchema = acceptedText(textRules(NOTES_MAX_LENGTH, true), (notes) =>
  notes.replace(/\r\n?/g, '\n').trim(),
);

/** Notes as they are kept and shown: a bound, not our rules. */
export const storedNotesSchema = z
  .string({ error: (issue) => `must be a string, got ${describeValue(issue.input)}` })
  .min(1, { error: 'must not be empty' })
  .max(NOTES_LONGEST, { error: `must be at most ${NOTES_LONGEST} UTF-16 units` });

/**
 * An animal's revision (our extension): 1 when it is added, one more at each change that changes
 * something. Its entity tag is the revision in quotes (see entity-tag.ts). A JSON integer on the
 * wire (a bigint from our parser), a number in the app.
 */
export const revisionSchema = z.unknown().transform((value, ctx): number => {
  const revision = typeof value === 'bigint' && value <= BigInt(REVISION_MAX) ? Number(value) : value;
  if (typeof revision === 'number' && Number.isSafeInteger(revision) && revision >= 1) return revision;
  ctx.addIssue({
    code: 'custom',
    message: `must be a whole number from 1 to ${REVISION_MAX}, got ${describeValue(value)}`,
    input: value,
  });
  return z.NEVER;
});
