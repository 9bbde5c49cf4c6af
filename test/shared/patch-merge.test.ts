// A change laid on the server's version now, field by field: what merges without a person, and
// what is a conflict, over random animals and changes of every field a person sets.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANIMAL_FIELDS,
  conflictsInWords,
  mergeOnto,
  PERSON_FIELD_NAMES,
  sameFieldValue,
  type FieldValue,
  type Pet,
  type PersonFieldName,
  type PetPatch,
} from '../../src/shared/contract';

// A few values of each kind, so that two sides often pick the same one.
const VALUES: Record<string, readonly FieldValue[]> = {
  text: ['Rex', 'Max', 'Ünïcødé Owl'],
  int64: ['1', '2', '9007199254740993'],
  choice: ['available', 'pending', 'sold', 'male', 'female'],
  money: [0, 1250, 1251],
  date: ['2024', '2024-05', '2024-05-03'],
};
const valuesOf = (field: PersonFieldName) => VALUES[ANIMAL_FIELDS[field].kind]!;
const required = (field: PersonFieldName) => ANIMAL_FIELDS[field].presence === 'required';

/** A value an animal may hold in the field: one of the kind's, or none where the field may be absent. */
const held = (field: PersonFieldName) =>
  required(field) ? fc.constantFrom(...valuesOf(field)) : fc.constantFrom(...valuesOf(field), undefined);
/** A value a change may set: one of the kind's, or null (removed) where the field may be absent. */
const set = (field: PersonFieldName) =>
  required(field) ? fc.constantFrom(...valuesOf(field)) : fc.constantFrom(...valuesOf(field), null);

const animal = fc
  .record(Object.fromEntries(PERSON_FIELD_NAMES.map((field) => [field, held(field)])))
  .map((fields): Pet => {
    const pet: Record<string, unknown> = { id: '7', revision: 3 };
    for (const [field, value] of Object.entries(fields)) if (value !== undefined) pet[field] = value;
    return pet as Pet;
  });
const someFields = fc.subarray([...PERSON_FIELD_NAMES]);

/** `pet` with `fields` set to values other than its own. */
const changedIn = (pet: Pet, fields: readonly PersonFieldName[]) =>
  fc
    .tuple(...fields.map((field) => held(field).filter((value) => !sameFieldValue(value, pet[field]))))
    .map((values) => {
      const changed: Record<string, unknown> = { ...pet, revision: 4 };
      fields.forEach((field, i) => (values[i] === undefined ? delete changed[field] : (changed[field] = values[i])));
      return changed as Pet;
    });
const patchOf = (fields: readonly PersonFieldName[]) =>
  fc.tuple(...fields.map(set)).map((values) => Object.fromEntries(fields.map((f, i) => [f, values[i]])) as PetPatch);
/** Values already drawn, as arbitraries of a record drawn with more. */
const mapped = <T extends object>(drawn: T) =>
  Object.fromEntries(Object.entries(drawn).map(([key, value]) => [key, fc.constant(value)])) as {
    [K in keyof T]: fc.Arbitrary<T[K]>;
  };

/** An animal, and the version someone else made of it by changing `fields` of it (chosen from it). */
const baseAndTheirs = (fields: (base: Pet) => fc.Arbitrary<readonly PersonFieldName[]>) =>
  animal.chain((base) =>
    fields(base).chain((theirFields) =>
      fc.record({
        base: fc.constant(base),
        theirFields: fc.constant(theirFields),
        theirs: changedIn(base, theirFields),
      }),
    ),
  );

describe('a change laid on the version someone else made', () => {
  it('different fields always merge: the animal has both sides’ changes', () => {
    const notAll = fc.subarray([...PERSON_FIELD_NAMES], { maxLength: PERSON_FIELD_NAMES.length - 1 });
    const changes = baseAndTheirs(() => notAll).chain((sides) =>
      fc
        .subarray(
          PERSON_FIELD_NAMES.filter((field) => !sides.theirFields.includes(field)),
          { minLength: 1 },
        )
        .chain((myFields) =>
          fc.record({ ...mapped(sides), myFields: fc.constant(myFields), patch: patchOf(myFields) }),
        ),
    );
    fc.assert(
      fc.property(changes, ({ base, theirs, theirFields, myFields, patch }) => {
        const merge = mergeOnto(base, theirs, patch);
        expect(merge.merged).toBe(true);
        if (!merge.merged) return;
        for (const field of theirFields) expect(merge.pet[field], field).toEqual(theirs[field]);
        for (const field of myFields) expect(merge.pet[field] ?? null, field).toEqual(patch[field]);
        expect(merge.pet.revision).toBe(theirs.revision);
      }),
    );
  });

  it('a field both changed to different values never merges, and says both values', () => {
    const changes = fc.constantFrom(...PERSON_FIELD_NAMES).chain((field) =>
      baseAndTheirs(() => fc.constant([field])).chain((sides) =>
        fc.record({
          ...mapped(sides),
          field: fc.constant(field),
          rest: someFields.chain(patchOf),
          mine: set(field).filter((value) => !sameFieldValue(value, sides.theirs[field])),
        }),
      ),
    );
    fc.assert(
      fc.property(changes, ({ base, theirs, field, rest, mine }) => {
        const merge = mergeOnto(base, theirs, { ...rest, [field]: mine } as PetPatch);
        expect(merge.merged).toBe(false);
        if (merge.merged) return;
        expect(merge.conflicts).toContainEqual({ field, base: base[field], theirs: theirs[field], mine });
      }),
    );
  });

  it('a field both changed to the same value agrees: it is no conflict', () => {
    const changes = fc
      .constantFrom(...PERSON_FIELD_NAMES)
      .chain((field) => baseAndTheirs(() => fc.constant([field])).map((sides) => ({ ...sides, field })));
    fc.assert(
      fc.property(changes, ({ base, theirs, field }) => {
        const patch = { [field]: theirs[field] ?? null } as PetPatch;
        expect(mergeOnto(base, theirs, patch)).toEqual({ merged: true, pet: theirs });
      }),
    );
  });

  it('a merge is exactly “no field both changed to different values”', () => {
    const changes = baseAndTheirs(() => someFields).chain((sides) =>
      someFields.chain((myFields) =>
        fc.record({ ...mapped(sides), myFields: fc.constant(myFields), patch: patchOf(myFields) }),
      ),
    );
    fc.assert(
      fc.property(changes, ({ base, theirs, myFields, patch }) => {
        const merge = mergeOnto(base, theirs, patch);
        const both = myFields.filter(
          (field) => !sameFieldValue(base[field], theirs[field]) && !sameFieldValue(theirs[field], patch[field]),
        );
        expect(merge.merged ? [] : merge.conflicts.map((conflict) => conflict.field)).toEqual(both);
      }),
    );
  });
});

describe('values compared', () => {
  const rex: Pet = { id: '7', name: 'Rex', categoryId: '2', status: 'sold', revision: 3 };

  it('none is none: a field removed by one side and absent on the other agrees', () => {
    const theirs: Pet = { id: '7', name: 'Rex', categoryId: '2', revision: 4 }; // they removed the status
    expect(mergeOnto(rex, theirs, { status: null })).toMatchObject({ merged: true });
    expect(mergeOnto(rex, theirs, { status: 'pending' })).toEqual({
      merged: false,
      conflicts: [{ field: 'status', base: 'sold', theirs: undefined, mine: 'pending' }],
    });
  });

  it('money by its minor units, dates by their text (a month is not its first day)', () => {
    const base = { ...rex, price: 1250, bornOn: '2024-05' } as Pet;
    expect(mergeOnto(base, { ...base, price: 1250, revision: 4 }, { price: 1300 })).toMatchObject({ merged: true });
    expect(mergeOnto(base, { ...base, price: 1251, revision: 4 }, { price: 1300 })).toMatchObject({ merged: false });
    expect(mergeOnto(base, { ...base, bornOn: '2024-05-01', revision: 4 }, { bornOn: '2024-06' })).toMatchObject({
      merged: false,
    });
  });

  it('says each conflicting field with both values', () => {
    const theirs: Pet = { ...rex, name: 'Rex II', revision: 4 };
    delete theirs.status;
    const merge = mergeOnto(rex, theirs, { name: 'Rexie', status: 'pending' });
    expect(merge.merged).toBe(false);
    if (merge.merged) return;
    expect(conflictsInWords(merge.conflicts)).toBe(
      'name: Rex II there, Rexie in this change; status: no status there, pending in this change',
    );
  });
});
