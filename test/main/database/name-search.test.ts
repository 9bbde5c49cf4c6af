// Find by name over the whole store, in SQLite (a trigram index from three characters,
// a scan of folded names below), combined with the status, ordered as asked, counted per status.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type SqliteDatabase } from '../../../src/main/database/database';
import { createPetsTable, type PetsTable } from '../../../src/main/database/pets-table';
import { MIGRATIONS } from '../../../src/main/database/migrations';
import { useTempDir } from '../../helpers/temp-dir';

const dir = useTempDir();
let db: SqliteDatabase;
let store: PetsTable;
beforeEach(() => {
  db = openDatabase(`${dir()}/pets.db`);
  store = createPetsTable(db);
});
afterEach(() => db.close());

const NAMES: Array<[string, 'available' | 'pending' | 'sold' | undefined]> = [
  ['Café au Lait', 'available'],
  ['ÖZIL the goldfish', 'available'],
  ['Straße Cat', 'pending'],
  ['Ἀθηνᾶ the owl', 'sold'],
  ['Ｋｏｉ', 'available'], // full-width
  ['Cafe\u0301 Noir', undefined], // decomposed é, as a Mac may send it
  ['小白 the cat', 'available'],
  ['Emoji 🐠 Nemo', 'pending'],
  ['Quote "Q" Bird', 'sold'],
];
const names = (
  search: string,
  status?: 'available' | 'pending' | 'sold',
  sort: 'newest' | 'oldest' | 'name' = 'oldest',
) => store.browse({ search, status, sort }, 0, 100).map((pet) => pet.name);

describe('find by name', () => {
  beforeEach(() => {
    for (const [name, status] of NAMES) store.createPet({ name, categoryId: '1', ...(status ? { status } : {}) });
  });

  it('any part of the name, case and accents aside, composed or not', () => {
    expect(names('cafe')).toEqual(['Café au Lait', 'Cafe\u0301 Noir']);
    expect(names('CAFÉ')).toEqual(['Café au Lait', 'Cafe\u0301 Noir']);
    expect(names('özil')).toEqual(['ÖZIL the goldfish']);
    expect(names('ozil')).toEqual(['ÖZIL the goldfish']);
    expect(names('strasse')).toEqual(['Straße Cat']);
    expect(names('αθην')).toEqual(['Ἀθηνᾶ the owl']);
    expect(names('koi')).toEqual(['Ｋｏｉ']);
    expect(names('🐠')).toEqual(['Emoji 🐠 Nemo']);
    expect(names('"q"')).toEqual(['Quote "Q" Bird']);
  });

  it('one or two characters too (below the trigram index), and CJK', () => {
    expect(names('小白')).toEqual(['小白 the cat']);
    expect(names('öz')).toEqual(['ÖZIL the goldfish']); // accents aside, as the index does
    expect(names('q')).toEqual(['Quote "Q" Bird']);
    expect(names('zz')).toEqual([]);
  });

  it('combined with the status, counted per status, in the order asked', () => {
    expect(names('the', 'available')).toEqual(['ÖZIL the goldfish', '小白 the cat']);
    expect(store.countByStatus('the')).toEqual({ all: 3, available: 2, pending: 0, sold: 1 });
    expect(store.countByStatus(undefined)).toEqual({ all: 9, available: 4, pending: 2, sold: 2 });
    expect(names('the', undefined, 'newest')).toEqual(['小白 the cat', 'Ἀθηνᾶ the owl', 'ÖZIL the goldfish']);
    expect(names('', undefined, 'name').slice(0, 3)).toEqual(['Café au Lait', 'Cafe\u0301 Noir', 'Emoji 🐠 Nemo']);
  });

  it('the index answers searches of three characters and more (the plan says so)', () => {
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id FROM pets WHERE pets.id IN (SELECT rowid FROM pets_search WHERE pets_search MATCH '"cat"')`,
      )
      .all()
      .map((row) => (row as { detail: string }).detail)
      .join(' | ');
    expect(plan).toMatch(/VIRTUAL TABLE INDEX/);
  });

  it('a search of one or two characters is counted from an index alone, not from every row', () => {
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT status, count(*) FROM pets WHERE instr(search_text, 'ca') > 0 GROUP BY status`,
      )
      .all()
      .map((row) => (row as { detail: string }).detail)
      .join(' | ');
    expect(plan).toMatch(/COVERING INDEX pets_search_text_by_status/);
    // The same counts as a read of every row.
    const rows = db
      .prepare(`SELECT status, count(*) AS n FROM pets NOT INDEXED WHERE instr(search_text, 'ca') > 0 GROUP BY status`)
      .all() as Array<{ status: 'available' | 'pending' | 'sold' | null; n: number }>;
    const counts = { all: 0, available: 0, pending: 0, sold: 0 };
    for (const { status, n } of rows) {
      if (status !== null) counts[status] += n;
      counts.all += n;
    }
    expect(counts.all).toBeGreaterThan(1);
    expect(store.countByStatus('ca')).toEqual(counts);
  });
});

describe('a store from before find by name', () => {
  it('is searchable once opened: its names are indexed by the migration', () => {
    db.close();
    const file = `${dir()}/old.db`;
    const old = openDatabase(file, MIGRATIONS.slice(0, 3));
    old.prepare("INSERT INTO pets (name, category_id, status) VALUES ('Ancient Ömer', 1, 'sold')").run();
    old.close();
    db = openDatabase(file);
    store = createPetsTable(db);
    expect(store.browse({ search: 'omer', sort: 'newest' }, 0, 10).map((pet) => pet.name)).toEqual(['Ancient Ömer']);
    expect(store.browse({ search: 'anc', sort: 'newest' }, 0, 10).map((pet) => pet.name)).toEqual(['Ancient Ömer']);
  });
});
