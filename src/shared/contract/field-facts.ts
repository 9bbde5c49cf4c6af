import type { z } from 'zod';
import type { ValueSource } from './int64';

/**
 * Whether an animal has the field:
 * - required: every animal has it (an add must give it, a change cannot remove it);
 * - optional: an animal may lack it (a change removes it with null);
 * - ours: optional, and our extension: a server without it leaves it out, and nothing asks it of one.
 */
export type Presence = 'required' | 'optional' | 'ours';

/**
 * How a value is carried: an int64 (canonical decimal text in the app, a JSON integer on the wire,
 * an INTEGER in SQLite read back as text), text, one of its `choices`, a count (a number), money
 * (whole minor units of the environment's currency: a number, a JSON integer, written for a person
 * as a decimal in that currency), or a date (ISO 8601 text: a day, or for an estimate a month or a year).
 */
export type FieldKind = 'int64' | 'text' | 'choice' | 'count' | 'money' | 'date';

export interface FieldFacts {
  /** Its column, in every table that holds animals. */
  column: string;
  kind: FieldKind;
  /** A choice's values. */
  choices?: readonly [string, ...string[]];
  presence: Presence;
  /** What a person calls it: a form's label; lower case in a sentence ("category 7"). */
  label: string;
  /** What a server may send: a bound on what is stored and shown, not our rules. */
  fromServer: (source: ValueSource) => z.ZodType;
  /** Its column in a CSV file; an import also reads it under `alsoReads` (header cells as headerKey reads them). */
  csv?: { header: string; alsoReads?: readonly string[] };
}

/** A field a person gives, in an add and in a change. */
export interface PersonField extends FieldFacts {
  setBy: 'person';
  /** What we accept, with our messages. */
  accept: (source: ValueSource) => z.ZodType;
  /** A text's outer bound (what a server may send): the IPC's shape check. */
  longest?: number;
  /**
   * What a form needs: the kind of input (one line of text, several lines, a category, one of the
   * choices, an amount of money, a date), the longest input it takes (UTF-16 units), an optional
   * choice's words for none and for each choice (when not the choice itself), whether a new animal
   * starts with the first choice, whether the add form keeps it under More details, a hint under
   * it, and when it is shown at all: while another field holds a value, or holds none of some.
   */
  form: {
    input: 'text' | 'lines' | 'category' | 'choice' | 'money' | 'date';
    maxLength?: number;
    none?: string;
    choiceWords?: Readonly<Record<string, string>>;
    startsWithFirst?: boolean;
    more?: boolean;
    hint?: string;
    shownWhen?: { field: string; is: string } | { field: string; isNot: readonly string[] };
  };
  /**
   * A date's place among the animal's days: the moment it names, in a sentence ("the day it was
   * acquired"), and the days it cannot come before (day-order-rules.ts).
   */
  day?: { event: string; notBefore?: readonly string[] };
  /** Its option on the command line (`--born`), when not its label in lower case. */
  flag?: string;
  /** Its option that removes it in a change, when not `--no-` and its option; one may remove several fields. */
  noFlag?: string;
}

/** A field only the server gives; a change that names it is refused with `readOnly`. */
export interface ServerField extends FieldFacts {
  setBy: 'server';
  readOnly: string;
  /**
   * A person sets it by a request of its own, not in an add or a change's PATCH (the photo: its
   * bytes, PUT and DELETE). A server environment's write queue carries it as a change of this field
   * alone, so that it is sent in order with the animal's other changes and merged field by field.
   */
  sentApart?: true;
}

export type AnimalField = PersonField | ServerField;
