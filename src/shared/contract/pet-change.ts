import { z } from 'zod';

import { int64Schema, type Int64 } from './int64';
import { nameSchema, objectError, perSource, statusSchema, type Pet, type PetStatus } from './pet';

/** What a change may set (our extension, PATCH /v1/pets/{petId}); everything else about an animal is the server's. */
export const CHANGEABLE_FIELDS = ['name', 'categoryId', 'status'] as const;

/**
 * A JSON merge patch (RFC 7396) of an animal: each member present replaces that field; `status:
 * null` removes the status (an animal need not have one); `name` and `categoryId` every animal
 * has, so they cannot be removed. A member that is not a changeable field is refused by name, not
 * ignored: a misspelt "stauts" must not look like a change that was made.
 */
export interface PetPatch {
  name?: string;
  categoryId?: Int64;
  status?: PetStatus | null;
}

// A Map, so that a member named `constructor` or `__proto__` finds nothing here but what is listed.
const READ_ONLY = new Map([
  ['id', 'cannot be changed: an animal keeps its id'],
  ['revision', 'is set by the server; send the revision you saw in If-Match instead'],
]);

const notRemovable = (field: string) => `cannot be removed (null): every animal has a ${field}; send a new one`;

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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
      for (const field of ['name', 'categoryId'] as const) {
        if (patch[field] === null) ctx.addIssue({ code: 'custom', path: [field], message: notRemovable(field) });
      }
    })
    .pipe(
      z.object({
        name: nameSchema.optional(),
        categoryId: int64Schema(source).optional(),
        status: statusSchema.nullable().optional(),
      }),
    )
    .transform((patch): PetPatch => {
      const out: PetPatch = {};
      if (patch.name !== undefined) out.name = patch.name;
      if (patch.categoryId !== undefined) out.categoryId = patch.categoryId;
      if (patch.status !== undefined) out.status = patch.status;
      return out;
    }),
);

/** The animal with the patch applied (the revision is the server's to move). */
export function applyPetPatch<P extends Pet>(pet: P, patch: PetPatch): P {
  const { status, ...rest } = { ...pet, ...patch };
  return (status === null || status === undefined ? rest : { ...rest, status }) as P;
}

/** Whether applying the patch would leave the animal as it is. */
export const changesNothing = (pet: Pet, patch: PetPatch): boolean =>
  (patch.name === undefined || patch.name === pet.name) &&
  (patch.categoryId === undefined || patch.categoryId === pet.categoryId) &&
  (patch.status === undefined || (patch.status ?? undefined) === pet.status);

/** Two changes of one animal, one after the other, as one (the later wins field by field). */
export const composePatches = (earlier: PetPatch, later: PetPatch): PetPatch => ({ ...earlier, ...later });

/** A patch in words, for a person: "status sold, name Rex". */
export function describePatch(patch: PetPatch): string {
  const parts: string[] = [];
  if (patch.name !== undefined) parts.push(`name ${patch.name}`);
  if (patch.categoryId !== undefined) parts.push(`category ${patch.categoryId}`);
  if (patch.status !== undefined) parts.push(patch.status === null ? 'no status' : `status ${patch.status}`);
  return parts.length === 0 ? 'nothing' : parts.join(', ');
}
