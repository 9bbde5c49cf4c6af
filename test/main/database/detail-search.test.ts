// Find by species and breed as well as by name, a whole microchip number at once, and the details
// filtered by (sex, under treatment), in the local store's SQLite. Real files.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type SqliteDatabase } from '../../../src/main/database/database';
import { MIGRATIONS } from '../../../src/main/database/migrations';
import { createPetsTable, type PetsTable } from '../../../src/main/database/pets-table';
import type { ValidAnimalsQuery } from '../../../src/shared/contract';
import { useTempDir } from '../../helpers/temp-dir';

const dir = useTempDir();
let db: SqliteDatabase;
let store: PetsTable;
beforeEach(() => {
  db = openDatabase(join(dir(), 'pets.db'));
  store = createPetsTable(db);
});
afterEach(() => db.close());

type Query = Partial<Pick<ValidAnimalsQuery, 'search' | 'sex' | 'underTreatment' | 'status'>>;
const names = (query: Query, sort: 'oldest' | 'name' = 'oldest') =>
  store.browse({ sort, ...query }, 0, 100).map((pet) => pet.name);

describe('find by species and breed, and by a microchip number', () => {
  beforeEach(() => {
    store.createPet({ name: 'Rex', categoryId: '1', species: 'Dog', breed: 'Beagle', sex: 'male' });
    store.createPet({ name: 'Bella', categoryId: '1', species: 'Dog', breed: 'Bichon Frisé', sex: 'female' });
    store.createPet({ name: 'Tom', categoryId: '2', species: 'Cat', microchip: '985 141 000 123 456', sex: 'male' });
    store.createPet({ name: 'Doggo', categoryId: '3', treatment: 'Ear drops', sex: 'female' });
  });

  it('finds any part of a species or a breed, accents and case aside, as it finds a name', () => {
    expect(names({ search: 'beag' })).toEqual(['Rex']);
    expect(names({ search: 'frise' })).toEqual(['Bella']);
    expect(names({ search: 'DOG' })).toEqual(['Rex', 'Bella', 'Doggo']);
    expect(names({ search: 'ca' })).toEqual(['Tom']); // a scan below three characters
    expect(names({ search: 'rexdog' })).toEqual([]); // no match across the name and the species
    expect(names({}, 'name')).toEqual(['Bella', 'Doggo', 'Rex', 'Tom']); // still by name
  });

  it('keeps it in step: a species or a breed changed, or taken away, is found as it is now', () => {
    store.changePet('1', { breed: 'Basset' }, '*');
    expect(names({ search: 'beagle' })).toEqual([]);
    expect(names({ search: 'basset' })).toEqual(['Rex']);
    store.changePet('1', { breed: null, species: null }, '*');
    expect(names({ search: 'dog' })).toEqual(['Bella', 'Doggo']);
    expect(names({ search: 'rex' })).toEqual(['Rex']);
    store.changePet('2', { name: 'Belle' }, '*');
    expect(names({ search: 'bichon' })).toEqual(['Belle']);
  });

  it('finds a whole microchip number, typed or scanned with its groups, and that animal only', () => {
    expect(names({ search: '985141000123456' })).toEqual(['Tom']);
    expect(names({ search: ' 985-141-000-123-456 ' })).toEqual(['Tom']);
    expect(names({ search: '985141000123457' })).toEqual([]);
    expect(store.countByStatus('985 141 000 123 456').all).toBe(1);
  });

  it('finds a look-alike by its name alone, whatever its species and breed', () => {
    expect(store.lookAlikes('rex ', '1', 5).map((pet) => pet.name)).toEqual(['Rex']);
    expect(store.lookAlikes('Re', '1', 5)).toEqual([]);
    expect(store.lookAlikes('Rex', '2', 5)).toEqual([]);
  });

  it('filters by sex and by treatment, and counts each status under those filters', () => {
    expect(names({ sex: 'female' })).toEqual(['Bella', 'Doggo']);
    expect(names({ underTreatment: true })).toEqual(['Doggo']);
    expect(names({ underTreatment: false, sex: 'female' })).toEqual(['Bella']);
    expect(names({ search: 'dog', sex: 'male' })).toEqual(['Rex']);
    expect(store.countByStatus(undefined, { sex: 'male' })).toMatchObject({ all: 2 });
    expect(store.countByStatus('dog', { underTreatment: true })).toMatchObject({ all: 1 });
  });
});

it('migration 10 refills the search text of the animals a file already holds, species and breed in it', () => {
  const file = join(dir(), 'before.db');
  const before = openDatabase(file, MIGRATIONS.slice(0, 9));
  before.exec(`INSERT INTO pets (name, category_id, search_text, species, breed)
    VALUES ('Rex', 1, 'rex', 'Dog', 'Beagle'), ('Tom', 2, 'tom', NULL, NULL)`);
  before.close();
  db.close();
  db = openDatabase(file);
  store = createPetsTable(db);
  expect(names({ search: 'beagle' })).toEqual(['Rex']);
  expect(names({ search: 'tom' })).toEqual(['Tom']);
  expect(db.prepare('SELECT search_text FROM pets ORDER BY id').pluck().all()).toEqual(['rex\ndog\nbeagle', 'tom']);
});
