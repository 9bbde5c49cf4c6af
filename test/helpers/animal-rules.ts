import { expect } from 'vitest';
import { ApiError, settleAnimal, type NewPet, type PetPatch } from '../../src/shared/contract';
import { thrown } from './store';

/** The store's rules across an animal's fields, as an add and a change make them on `today`. */
export function writesOn(today: string) {
  return {
    add: (pet: NewPet) => settleAnimal(undefined, pet, pet, today),
    /** A change of `before` as the store makes it (a merge patch: null removes). */
    change: (before: NewPet, patch: PetPatch) => {
      const after = { ...before, ...patch } as Record<string, unknown>;
      for (const [name, value] of Object.entries(after)) if (value === null) delete after[name];
      return settleAnimal(before, after as NewPet, patch, today);
    },
  };
}

/** The one field problem a refused write has, in the Error shape (400 invalid_body). */
export function problemOf(write: () => unknown) {
  const error = thrown(write);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ code: 'invalid_body', status: 400 });
  const { fields } = error as ApiError;
  expect(fields).toHaveLength(1);
  return fields![0]!;
}
