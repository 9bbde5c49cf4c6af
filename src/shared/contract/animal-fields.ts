import type { z } from 'zod';
import {
  nameSchema,
  NOTES_LONGEST,
  notesSchema,
  PET_STATUSES,
  revisionSchema,
  serverNameSchema,
  statusSchema,
  storedNotesSchema,
} from './animal-values';
import { int64Schema, type ValueSource } from './int64';
import { NAME_MAX_LENGTH, SERVER_NAME_MAX_LENGTH } from './limits';

/**
 * Whether an animal has the field:
 * - required: every animal has it (an add must give it, a change cannot remove it);
 * - optional: an animal may lack it (a change removes it with null);
 * - ours: optional, and our extension: a server without it leaves it out, and nothing asks it of one.
 */
export type Presence = 'required' | 'optional' | 'ours';

/**
 * How a value is carried: an int64 (canonical decimal text in the app, a JSON integer on the wire,
 * an INTEGER in SQLite read back as text), text, one of its `choices`, or a count (a number).
 */
export type FieldKind = 'int64' | 'text' | 'choice' | 'count';

interface FieldFacts {
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
   * choices), the longest input it takes (UTF-16 units), and an optional choice's words for none.
   */
  form: { input: 'text' | 'lines' | 'category' | 'choice'; maxLength?: number; none?: string };
}

/** A field only the server gives; a change that names it is refused with `readOnly`. */
export interface ServerField extends FieldFacts {
  setBy: 'server';
  readOnly: string;
}

export type AnimalField = PersonField | ServerField;

/**
 * The animal's fields, each declared once, in the order they are listed, stored and sent. The
 * schemas, the types (Pet, NewPet, PetPatch), the SQL columns and row mapping, the wire, the CSV
 * columns and the IPC bounds are derived from this.
 */
export const ANIMAL_FIELDS = {
  id: {
    column: 'id',
    kind: 'int64',
    presence: 'required',
    label: 'Id',
    setBy: 'server',
    fromServer: int64Schema,
    readOnly: 'cannot be changed: an animal keeps its id',
    csv: { header: 'id' },
  },
  name: {
    column: 'name',
    kind: 'text',
    presence: 'required',
    label: 'Name',
    setBy: 'person',
    accept: () => nameSchema,
    fromServer: () => serverNameSchema,
    longest: SERVER_NAME_MAX_LENGTH,
    csv: { header: 'name', alsoReads: ['animal', 'petname'] },
    // A character beyond the Basic Multilingual Plane (an emoji) takes two UTF-16 units.
    form: { input: 'text', maxLength: 2 * NAME_MAX_LENGTH },
  },
  categoryId: {
    column: 'category_id',
    kind: 'int64',
    presence: 'required',
    label: 'Category',
    setBy: 'person',
    accept: int64Schema,
    fromServer: int64Schema,
    csv: { header: 'category_id', alsoReads: ['category#'] },
    form: { input: 'category' },
  },
  status: {
    column: 'status',
    kind: 'choice',
    presence: 'optional',
    label: 'Status',
    setBy: 'person',
    choices: PET_STATUSES,
    accept: () => statusSchema,
    fromServer: () => statusSchema,
    csv: { header: 'status' },
    // Filters are by status: an animal without one is under All alone.
    form: { input: 'choice', none: 'No status (matches no filter)' },
  },
  // Our extension: the local store keeps notes; no server is sent them (see REMOTE_FIELD_NAMES).
  notes: {
    column: 'notes',
    kind: 'text',
    presence: 'ours',
    label: 'Notes',
    setBy: 'person',
    accept: () => notesSchema,
    fromServer: () => storedNotesSchema,
    longest: NOTES_LONGEST,
    form: { input: 'lines', maxLength: NOTES_LONGEST },
  },
  revision: {
    column: 'revision',
    kind: 'count',
    presence: 'ours',
    label: 'Revision',
    setBy: 'server',
    fromServer: () => revisionSchema,
    readOnly: 'is set by the server; send the revision you saw in If-Match instead',
  },
} as const satisfies Record<string, AnimalField>;

type Fields = typeof ANIMAL_FIELDS;
export type AnimalFieldName = keyof Fields;
/** The names of the fields whose declaration has `Facts`. */
export type FieldNamesWhere<Facts> = { [K in AnimalFieldName]: Fields[K] extends Facts ? K : never }[AnimalFieldName];
export type PersonFieldName = FieldNamesWhere<{ setBy: 'person' }>;
export type ServerFieldName = FieldNamesWhere<{ setBy: 'server' }>;
export type RequiredFieldName = FieldNamesWhere<{ presence: 'required' }>;
export type Int64FieldName = FieldNamesWhere<{ kind: 'int64' }>;
/** A field a person gives as our extension: the local store's alone (see REMOTE_FIELD_NAMES). */
export type OwnExtensionFieldName = FieldNamesWhere<{ setBy: 'person'; presence: 'ours' }>;
export type RemoteFieldName = Exclude<AnimalFieldName, OwnExtensionFieldName>;
export type RemotePersonFieldName = Exclude<PersonFieldName, OwnExtensionFieldName>;

export const ANIMAL_FIELD_NAMES = Object.keys(ANIMAL_FIELDS) as AnimalFieldName[];

const namesWhere = <N extends AnimalFieldName>(holds: (field: AnimalField) => boolean): readonly N[] =>
  ANIMAL_FIELD_NAMES.filter((name) => holds(ANIMAL_FIELDS[name])) as N[];

/** What a person gives: the fields of an add, and those a change may set (our extension). */
export const PERSON_FIELD_NAMES = namesWhere<PersonFieldName>((field) => field.setBy === 'person');
export const SERVER_FIELD_NAMES = namesWhere<ServerFieldName>((field) => field.setBy === 'server');
export const INT64_FIELD_NAMES = namesWhere<Int64FieldName>((field) => field.kind === 'int64');
/** The fields an animal may lack (optional, or ours). */
export const OPTIONAL_FIELD_NAMES = namesWhere((field) => field.presence !== 'required');

const isOwnExtension = (field: AnimalField) => field.setBy === 'person' && field.presence === 'ours';
/**
 * What a server is sent and read for: every field but one a person gives as our extension, which
 * the local store alone keeps. A server without the extension must never see it, and the app cannot
 * yet tell which servers have it. (A server's own field of ours, the revision, is read when sent.)
 * A replica's tables hold exactly these.
 */
export const REMOTE_FIELD_NAMES = namesWhere<RemoteFieldName>((field) => !isOwnExtension(field));
/** What a person gives that a server is sent. */
export const REMOTE_PERSON_FIELD_NAMES = namesWhere<RemotePersonFieldName>(
  (field) => field.setBy === 'person' && !isOwnExtension(field),
);

/** The members `names` of an animal (a new one, a change, an entry) that it has: a copy without the others. */
export function pickFields<N extends AnimalFieldName, A extends Partial<Record<N, unknown>>>(
  animal: A,
  names: readonly N[],
): Pick<A, N> {
  const picked: Partial<Record<N, unknown>> = {};
  for (const name of names) if (animal[name] !== undefined) picked[name] = animal[name];
  return picked as Pick<A, N>;
}

/** A field's schema for what we accept ('accept') or for what a server may send ('fromServer'). */
export type FieldRole = 'accept' | 'fromServer';
export type FieldSchema<K extends AnimalFieldName, R extends FieldRole> =
  Fields[K] extends Record<R, (source: ValueSource) => infer S extends z.ZodType> ? S : never;

/** An object schema's shape: each named field's schema in `role`, optional unless the field is required. */
export type ObjectShape<N extends AnimalFieldName, R extends FieldRole> = {
  [K in N]: K extends RequiredFieldName ? FieldSchema<K, R> : z.ZodOptional<FieldSchema<K, R>>;
};

export function objectShape<N extends AnimalFieldName, R extends FieldRole>(
  names: readonly N[],
  role: R,
  source: ValueSource,
): ObjectShape<N, R> {
  const entries = names.map((name) => {
    const field: AnimalField = ANIMAL_FIELDS[name];
    const schema = (field as unknown as Record<R, (source: ValueSource) => z.ZodType>)[role](source);
    return [name, field.presence === 'required' ? schema : schema.optional()];
  });
  return Object.fromEntries(entries) as ObjectShape<N, R>;
}
