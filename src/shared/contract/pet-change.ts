import { z } from 'zod';

import {
  ANIMAL_FIELDS,
  OPTIONAL_FIELD_NAMES,
  PERSON_FIELD_NAMES,
  QUEUED_FIELD_NAMES,
  SERVER_FIELD_NAMES,
  type PersonFieldName,
  type QueuedFieldName,
  type RequiredFieldName,
  type SentApartFieldName,
} from './animal-fields';
import type { FieldSchema } from './field-shapes';
import type { ValueSource } from './int64';
import { objectError, perSource, type Pet } from './pet';

/** What a change may set (our extension, PATCH /v1/pets/{petId}); everything else about an animal is the server's. */
export const CHANGEABLE_FIELDS = PERSON_FIELD_NAMES;

/**
 * A JSON merge patch (RFC 7396) of an animal: each member present replaces that field; null
 * removes a field an animal may lack (`status: null`: no status); a required one (`name`,
 * `categoryId`) every animal has, so it cannot be removed. A member that is not a changeable field
 * is refused by name, not ignored: a misspelt "stauts" must not look like a change that was made.
 */
export type PetPatch = {
  [K in PersonFieldName]?: z.output<FieldSchema<K, 'accept'>> | (K extends RequiredFieldName ? never : null);
};

/**
 * A change as a server environment's write queue carries it: a PetPatch, or a field sent apart
 * (the photo, by its digest; null removes it), never both in one change (see SENT_APART_FIELD_NAMES).
 */
export type QueuedPatch = PetPatch & { [K in SentApartFieldName]?: NonNullable<Pet[K]> | null };

/** The field sent apart that a queued change carries, if it is one of those (the photo). */
export const sentApartIn = (patch: QueuedPatch): SentApartFieldName | undefined =>
  (Object.keys(patch) as QueuedFieldName[]).find((name): name is SentApartFieldName => !isPersonField(name));
const isPersonField = (name: string): name is PersonFieldName =>
  (PERSON_FIELD_NAMES as readonly string[]).includes(name);

// A Map, so that a member named `constructor` or `__proto__` finds nothing here but what is listed.
const READ_ONLY = new Map<string, string>(SERVER_FIELD_NAMES.map((name) => [name, ANIMAL_FIELDS[name].readOnly]));
const NOT_REMOVABLE = PERSON_FIELD_NAMES.filter((name) => ANIMAL_FIELDS[name].presence === 'required');

const notRemovable = (field: string) => `cannot be removed (null): every animal has a ${field}; send a new one`;

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each changeable field's schema, absent allowed, and null too where an animal may lack the field. */
const patchShape = (source: ValueSource): Record<string, z.ZodType> =>
  Object.fromEntries(
    PERSON_FIELD_NAMES.map((name) => {
      const field = ANIMAL_FIELDS[name];
      const schema = field.accept(source);
      return [name, (field.presence === 'required' ? schema : schema.nullable()).optional()];
    }),
  );

export const petPatchSchema = perSource((source) =>
  z
    // The members as sent (a JSON parser keeps `__proto__` as one), read before anything copies
    // them: a copy would turn `__proto__` into a prototype and lose it.
    .unknown()
    .superRefine((patch, ctx) => {
      if (!isJsonObject(patch)) {
        ctx.addIssue({ code: 'custom', message: objectError({ input: patch }), input: patch });
        return;
      }
      for (const field of Object.keys(patch)) {
        if ((CHANGEABLE_FIELDS as readonly string[]).includes(field)) continue;
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: READ_ONLY.get(field) ?? `is not a field that can be changed; change ${CHANGEABLE_FIELDS.join(', ')}`,
          input: patch[field],
        });
      }
      for (const field of NOT_REMOVABLE) {
        if (patch[field] === null) ctx.addIssue({ code: 'custom', path: [field], message: notRemovable(field) });
      }
    })
    .pipe(z.object(patchShape(source)))
    .transform((patch): PetPatch => {
      const out: Record<string, unknown> = {};
      for (const name of PERSON_FIELD_NAMES) if (patch[name] !== undefined) out[name] = patch[name];
      return out as PetPatch;
    }),
);

/** The animal with the patch applied (the revision is the server's to move). */
export function applyPetPatch<P extends Pet>(pet: P, patch: QueuedPatch): P {
  const patched: Record<string, unknown> = { ...pet, ...patch };
  for (const name of OPTIONAL_FIELD_NAMES)
    if (patched[name] === null || patched[name] === undefined) delete patched[name];
  return patched as P;
}

/** Whether applying the patch would leave the animal as it is. */
export const changesNothing = (pet: Pet, patch: QueuedPatch): boolean =>
  QUEUED_FIELD_NAMES.every((name) => patch[name] === undefined || (patch[name] ?? undefined) === pet[name]);

/** Two changes of one animal, one after the other, as one (the later wins field by field). */
export const composePatches = <P extends QueuedPatch>(earlier: P, later: P): P => ({ ...earlier, ...later });

/** A patch in words, for a person: "status sold, name Rex"; a photo is "a new photo" (its digest says nothing to a person). */
export function describePatch(patch: QueuedPatch): string {
  const parts: string[] = [];
  for (const name of QUEUED_FIELD_NAMES) {
    const value = patch[name];
    const word = ANIMAL_FIELDS[name].label.toLowerCase();
    if (value === undefined) continue;
    if (value === null) parts.push(`no ${word}`);
    else parts.push(isPersonField(name) ? `${word} ${value}` : `a new ${word}`);
  }
  return parts.length === 0 ? 'nothing' : parts.join(', ');
}
