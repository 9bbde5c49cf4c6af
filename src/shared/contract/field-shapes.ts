import type { z } from 'zod';
import { ANIMAL_FIELDS, type AnimalField, type AnimalFieldName, type RequiredFieldName } from './animal-fields';
import type { ValueSource } from './int64';

type Fields = typeof ANIMAL_FIELDS;

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
