// How and when an animal left the shop other than by a sale: files written by the previous version
// (the app's database, a replica), opened by this one, keep every animal and gain the two columns.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type SqliteDatabase } from '../../../src/main/database/database';
import { MIGRATIONS, REPLICA_MIGRATIONS } from '../../../src/main/database/migrations';
import { createPetsTable } from '../../../src/main/database/pets-table';
import { useTempDir } from '../../helpers/temp-dir';

const dir = useTempDir();

// Migrations are history, appended only: the versions before the two columns.
const APP_BEFORE = 11;
const REPLICA_BEFORE = 14;

const columnsOf = (db: SqliteDatabase, table: string) =>
  db.prepare<[string], string>('SELECT name FROM pragma_table_info(?)').pluck().all(table);

describe('the day and the way an animal left, in a file of the previous version', () => {
  it("the app's database keeps its animals, and takes a day and a way only in their own forms", () => {
    const file = join(dir(), 'petstore.db');
    const before = openDatabase(file, MIGRATIONS.slice(0, APP_BEFORE));
    before.exec(`INSERT INTO pets (name, category_id, status, search_text, sold_on, supplier)
      VALUES ('Rex', 1, 'sold', 'rex', '2026-03-01', 'Hill Farm'), ('Tom', 2, 'available', 'tom', NULL, NULL)`);
    before.close();

    const db = openDatabase(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(columnsOf(db, 'pets')).toEqual(expect.arrayContaining(['left_on', 'left_how']));
      const store = createPetsTable(db);
      expect(store.getPet('1')).toEqual({
        id: '1',
        name: 'Rex',
        categoryId: '1',
        status: 'sold',
        supplier: 'Hill Farm',
        soldOn: '2026-03-01',
        revision: 1,
      });
      expect(store.getPet('2')).toEqual({ id: '2', name: 'Tom', categoryId: '2', status: 'available', revision: 1 });
      const set = (column: string, value: string) => () =>
        db.prepare(`UPDATE pets SET ${column} = ? WHERE id = 2`).run(value);
      expect(set('left_how', 'escaped')).toThrow(/CHECK constraint failed/);
      expect(set('left_on', '2026-03')).toThrow(/CHECK constraint failed/);
      set('left_how', 'died')();
      set('left_on', '2026-03-02')();
    } finally {
      db.close();
    }
  });

  it('a replica keeps its animals, as shown and as the server has them, and its adds, each with the two columns', () => {
    const file = join(dir(), 'replica-staging.db');
    const before = openDatabase(file, REPLICA_MIGRATIONS.slice(0, REPLICA_BEFORE));
    before.exec(`
      INSERT INTO pets (id, name, category_id, status, search_text, breed) VALUES (7, 'Rex', 1, 'pending', 'rex', 'Beagle');
      INSERT INTO server_pets (id, name, category_id, status) VALUES (7, 'Rex', 1, 'available');
      INSERT INTO outbox (environment, base_url, idempotency_key, name, category_id, state, created_at, updated_at)
        VALUES ('staging', 'http://127.0.0.1:9/v1', 'add-1', 'Tom', 2, 'pending', 1, 1);
    `);
    before.close();

    const db = openDatabase(file, REPLICA_MIGRATIONS);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(REPLICA_MIGRATIONS.length);
      for (const table of ['pets', 'server_pets', 'outbox'])
        expect(columnsOf(db, table), table).toEqual(expect.arrayContaining(['left_on', 'left_how']));
      expect(createPetsTable(db).getPet('7')).toEqual({
        id: '7',
        name: 'Rex',
        categoryId: '1',
        status: 'pending',
        breed: 'Beagle',
      });
      expect(db.prepare('SELECT name, left_on, left_how FROM outbox').all()).toEqual([
        { name: 'Tom', left_on: null, left_how: null },
      ]);
    } finally {
      db.close();
    }
  });
});
