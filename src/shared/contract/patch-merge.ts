import { ANIMAL_FIELDS, QUEUED_FIELD_NAMES, SENT_APART_FIELD_NAMES, type QueuedFieldName } from './animal-fields';
import type { Pet } from './pet';
import { applyPetPatch, type QueuedPatch } from './pet-change';

/** A field's value in a version of an animal, or in a change: null (a change's "remove") and absent alike mean none. */
export type FieldValue = Pet[QueuedFieldName] | null | undefined;

/**
 * Whether two values of a field are the same: by the value itself (money in minor units, a date as
 * its text, an id as its digits), and none (null or absent) is one value.
 */
export const sameFieldValue = (a: FieldValue, b: FieldValue): boolean => (a ?? null) === (b ?? null);

/** A field a change sets that someone else changed meanwhile, to another value than this change's. */
export interface FieldConflict {
  field: QueuedFieldName;
  /** What the animal had when the change was made. */
  base: FieldValue;
  /** What the server has now. */
  theirs: FieldValue;
  /** What the change sets. */
  mine: FieldValue;
}

/** A change laid on another version: the animal with both (`pet`), or the fields where the two differ. */
export type PatchMerge = { merged: true; pet: Pet } | { merged: false; conflicts: FieldConflict[] };

/**
 * A change made to `base` (`patch`), laid on the server's version now (`theirs`), field by field.
 * Where they changed only fields the change does not set, or set a field to the same value, the
 * two merge; a field both changed to different values is a conflict for a person.
 */
export function mergeOnto(base: Pet, theirs: Pet, patch: QueuedPatch): PatchMerge {
  const conflicts: FieldConflict[] = [];
  for (const field of QUEUED_FIELD_NAMES) {
    const mine = patch[field];
    if (mine === undefined) continue;
    if (sameFieldValue(base[field], theirs[field]) || sameFieldValue(theirs[field], mine)) continue;
    conflicts.push({ field, base: base[field], theirs: theirs[field], mine });
  }
  return conflicts.length === 0 ? { merged: true, pet: applyPetPatch(theirs, patch) } : { merged: false, conflicts };
}

/** A field's value in words, as describePatch says it: "no status" for none; a photo as "a photo" (its digest says nothing to a person). */
const valueInWords = (field: QueuedFieldName, value: FieldValue): string => {
  const word = ANIMAL_FIELDS[field].label.toLowerCase();
  if (value === null || value === undefined) return `no ${word}`;
  return (SENT_APART_FIELD_NAMES as readonly string[]).includes(field) ? `a ${word}` : String(value);
};

/** The conflicting fields in words, for a person: "status: sold there, pending in this change". */
export const conflictsInWords = (conflicts: readonly FieldConflict[]): string =>
  conflicts
    .map(({ field, theirs, mine }) =>
      (SENT_APART_FIELD_NAMES as readonly string[]).includes(field)
        ? `${ANIMAL_FIELDS[field].label.toLowerCase()}: ${theirs === undefined || theirs === null ? 'removed' : 'another'} there, ${valueInWords(field, mine)} in this change`
        : `${ANIMAL_FIELDS[field].label.toLowerCase()}: ${valueInWords(field, theirs)} there, ${valueInWords(field, mine)} in this change`,
    )
    .join('; ');
