// The animal's columns, parameters and row mapping, derived from its declaration: a row read with
// ANIMAL_COLUMNS is the Pet, nulls taken out, exact at any int64; a write names its columns.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANIMAL_COLUMNS,
  animalColumns,
  animalFromRow,
  animalFromRowOf,
  animalParams,
  columnsOf,
  paramsOf,
  setEach,
  type AnimalSqlRow,
} from '../../../src/main/database/animal-columns';
import {
  ANIMAL_FIELD_NAMES,
  ANIMAL_FIELDS,
  OPTIONAL_FIELD_NAMES,
  type AnimalField,
  type Pet,
} from '../../../src/shared/contract';
import { useStore } from '../../helpers/store';

const int64Text = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String);
/** A value of each kind as SQLite gives it back through ANIMAL_COLUMNS. */
const valueOf = (field: AnimalField): fc.Arbitrary<unknown> =>
  field.kind === 'int64'
    ? int64Text
    : field.kind === 'choice'
      ? fc.constantFrom(...field.choices!)
      : field.kind === 'count'
        ? fc.integer({ min: 1 })
        : fc.string({ minLength: 1 });
/** Any row of ANIMAL_COLUMNS: each field a value, or null where an animal may lack it. */
const row = fc.record(
  Object.fromEntries(
    ANIMAL_FIELD_NAMES.map((name) => {
      const field: AnimalField = ANIMAL_FIELDS[name];
      return [name, field.presence === 'required' ? valueOf(field) : fc.option(valueOf(field), { nil: null })];
    }),
  ),
) as fc.Arbitrary<AnimalSqlRow>;

/** The animal a row holds, spelt out: each field the row has, in the declaration's order. */
const withoutNulls = (sqlRow: AnimalSqlRow) =>
  Object.fromEntries(ANIMAL_FIELD_NAMES.flatMap((name) => (sqlRow[name] === null ? [] : [[name, sqlRow[name]]])));

describe("the animal's columns", () => {
  const open = useStore();

  it('name each column as on the wire, int64s read as text', () => {
    expect(animalColumns('server_pets', ['id', 'name', 'categoryId', 'status'])).toBe(
      'CAST(server_pets.id AS TEXT) AS id, server_pets.name AS name, CAST(server_pets.category_id AS TEXT) AS categoryId, server_pets.status AS status',
    );
    expect(ANIMAL_COLUMNS).toBe(animalColumns('pets', ANIMAL_FIELD_NAMES));
    for (const name of ANIMAL_FIELD_NAMES) expect(ANIMAL_COLUMNS).toContain(`pets.${ANIMAL_FIELDS[name].column}`);
    expect(columnsOf(['name', 'categoryId', 'status'])).toBe('name, category_id, status');
    expect(paramsOf(['name', 'categoryId', 'status'])).toBe('@name, @categoryId, @status');
    expect(setEach(['categoryId', 'status'])).toBe('category_id = @categoryId, status = @status');
    expect(setEach(['status'], (column) => `excluded.${column}`)).toBe('status = excluded.status');
  });

  it('map any row to the animal it holds: itself when it lacks nothing, else a copy without its nulls', () => {
    fc.assert(
      fc.property(row, (sqlRow) => {
        const animal = animalFromRow(sqlRow);
        expect(animal).toEqual(withoutNulls(sqlRow));
        expect(Object.keys(animal)).toEqual(Object.keys(withoutNulls(sqlRow)));
        if (OPTIONAL_FIELD_NAMES.every((name) => sqlRow[name] !== null)) expect(animal).toBe(sqlRow);
      }),
    );
  });

  it('map a row of a table that holds only some fields: nothing of the others comes into the animal', () => {
    const held = ['id', 'name', 'categoryId', 'status'] as const;
    const fromRow = animalFromRowOf(held);
    expect(animalFromRowOf([...held])).toBe(fromRow); // made once for each list
    const animal = fromRow({ id: '1', name: 'Rex', categoryId: '2', status: null } as AnimalSqlRow);
    expect(Object.keys(animal)).toEqual(['id', 'name', 'categoryId']);
    expect(animalFromRowOf(['id', 'name'])({ id: '1', name: 'Rex' } as AnimalSqlRow)).toEqual({ id: '1', name: 'Rex' });
  });

  it('give an animal as named parameters: int64s as bigints, a field it lacks as null', () => {
    expect(animalParams({ name: 'Rex', categoryId: '9223372036854775807' }, ['name', 'categoryId', 'status'])).toEqual({
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
