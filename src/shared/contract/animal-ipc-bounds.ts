import { z } from 'zod';
import {
  ANIMAL_FIELDS,
  PERSON_FIELD_NAMES,
  type PersonField,
  type PersonFieldName,
  type RequiredFieldName,
} from './animal-fields';

/** The longest text an int64 is let through as: its decimal form has at most 20 characters. */
const INT64_TEXT_MAX = 40;

type Fields = typeof ANIMAL_FIELDS;
/** A field's shape with its outer bound: one of its choices, or text no longer than it can be. */
type Bound<K extends PersonFieldName> = Fields[K] extends { choices: infer C extends readonly string[] }
  ? z.ZodEnum<{ [V in C[number]]: V }>
  : Fields[K] extends { kind: 'money' }
    ? z.ZodNumber
    : z.ZodString;

function boundOf(field: PersonField): z.ZodType {
  if (field.choices !== undefined) return z.enum(field.choices);
  if (field.kind === 'money') return z.number();
  return z.string().max(field.kind === 'int64' ? INT64_TEXT_MAX : field.longest!);
}

/**
 * Shapes and outer bounds only, for the IPC contract: the fields' rules (a name's length, an int64's
 * range ...) are the core's, with its messages. Strict: an unknown field is refused.
 */
export const newPetBounds = z.strictObject(
  Object.fromEntries(
    PERSON_FIELD_NAMES.map((name) => {
      const field: PersonField = ANIMAL_FIELDS[name];
      return [name, field.presence === 'required' ? boundOf(field) : boundOf(field).optional()];
    }),
  ) as { [K in PersonFieldName]: K extends RequiredFieldName ? Bound<K> : z.ZodOptional<Bound<K>> },
);

/** A change's shape: every field optional, and null where an animal may lack it. */
export const petPatchBounds = z.strictObject(
  Object.fromEntries(
    PERSON_FIELD_NAMES.map((name) => {
      const field: PersonField = ANIMAL_FIELDS[name];
      return [name, (field.presence === 'required' ? boundOf(field) : boundOf(field).nullable()).optional()];
    }),
  ) as {
    [K in PersonFieldName]: z.ZodOptional<K extends RequiredFieldName ? Bound<K> : z.ZodNullable<Bound<K>>>;
  },
);
