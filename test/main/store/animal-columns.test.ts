// The animal's columns, parameters and row mapping, derived from its declaration: a row read with
// ANIMAL_COLUMNS is the Pet, nulls taken out, exact at any int64; a write names its columns.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANIMAL_COLUMNS,
  animalColumns,
  animalFromRow,
  animalParams,
  columnsOf,
  paramsOf,
  setEach,
  type AnimalSqlRow,
} from '../../../src/main/store/animal-columns';
import { ANIMAL_FIELD_NAMES, PERSON_FIELD_NAMES, PET_STATUSES, type Pet } from '../../../src/shared/contract';
import { useStore } from '../../helpers/store';

const int64Text = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String);
const row = fc.record({
  id: int64Text,
  name: fc.string({ minLength: 1 }),
  categoryId: int64Text,
  status: fc.constantFrom(...PET_STATUSES, null),
  revision: fc.oneof(fc.integer({ min: 1 }), fc.constant(null)),
});

/** The animal a row holds, spelt out: each field the row has, in the declaration's order. */
const withoutNulls = (sqlRow: AnimalSqlRow) =>
  Object.fromEntries(ANIMAL_FIELD_NAMES.flatMap((name) => (sqlRow[name] === null ? [] : [[name, sqlRow[name]]])));

describe("the animal's columns", () => {
  const open = useStore();

  it('name each column as on the wire, int64s read as text', () => {
    expect(ANIMAL_COLUMNS).toBe(
      'CAST(pets.id AS TEXT) AS id, pets.name AS name, CAST(pets.category_id AS TEXT) AS categoryId, pets.status AS status, pets.revision AS revision',
    );
    expect(animalColumns('server_pets', ['id', 'status'])).toBe(
      'CAST(server_pets.id AS TEXT) AS id, server_pets.status AS status',
    );
    expect(columnsOf(PERSON_FIELD_NAMES)).toBe('name, category_id, status');
    expect(paramsOf(PERSON_FIELD_NAMES)).toBe('@name, @categoryId, @status');
    expect(setEach(['categoryId', 'status'])).toBe('category_id = @categoryId, status = @status');
    expect(setEach(['status'], (column) => `excluded.${column}`)).toBe('status = excluded.status');
  });

  it('map any row to the animal it holds: itself when it lacks nothing, else a copy without its nulls', () => {
    fc.assert(
      fc.property(row, (sqlRow) => {
        const animal = animalFromRow(sqlRow);
        expect(animal).toEqual(withoutNulls(sqlRow));
        expect(Object.keys(animal)).toEqual(Object.keys(withoutNulls(sqlRow)));
        if (sqlRow.status !== null && sqlRow.revision !== null) expect(animal).toBe(sqlRow);
      }),
    );
  });

  it('give an animal as named parameters: int64s as bigints, a field it lacks as null', () => {
    expect(animalParams({ name: 'Rex', categoryId: '9223372036854775807' }, PERSON_FIELD_NAMES)).toEqual({
      name: 'Rex',
      categoryId: 9223372036854775807n,
      status: null,
    });
  });

  it('read back what was written, exactly, through a real statement', () => {
    const { db } = open();
    const pets: Pet[] = [
      { id: '9223372036854775807', name: 'Rex', categoryId: '-9223372036854775808', status: 'sold', revision: 3 },
      { id: '9007199254740993', name: 'Tom', categoryId: '0', revision: 1 },
    ];
    const insert = db.prepare(
      `INSERT INTO pets (${columnsOf(ANIMAL_FIELD_NAMES)}) VALUES (${paramsOf(ANIMAL_FIELD_NAMES)})`,
    );
    for (const pet of pets) insert.run(animalParams(pet, ANIMAL_FIELD_NAMES));
    const read = db.prepare<[], AnimalSqlRow>(`SELECT ${ANIMAL_COLUMNS} FROM pets ORDER BY pets.id`).all();
    expect(read.map(animalFromRow)).toStrictEqual([pets[1], pets[0]]);
  });

  it('sort by id as a number wherever a window is ordered, never by the text the column list names id', () => {
    const { store } = open();
    for (const id of ['9', '10', '100']) store.upsertPets([{ id, name: `Animal ${id}`, categoryId: '1' }]);
    const ids = (sort: 'newest' | 'oldest' | 'name') => store.browse({ sort }, 0, 10).map((pet) => pet.id);
    expect(ids('newest')).toEqual(['100', '10', '9']);
    expect(ids('oldest')).toEqual(['9', '10', '100']);
    expect(ids('name')).toEqual(['10', '100', '9']);
  });
});
