// The counts by status are kept while nothing changed, and counted again after any write: this
// connection's (a trigger's rows too), another connection's (the sync thread's), or one rolled back.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/main/database/database';
import { createPetsTable } from '../../../src/main/database/pets-table';
import { useTempDir } from '../../helpers/temp-dir';

describe('the counts by status, kept while nothing changed', () => {
  const tempDir = useTempDir();

  it('answers every write at once, from this connection or another', () => {
    const file = join(tempDir(), 'pets.db');
    const db = openDatabase(file);
    const other = openDatabase(file);
    try {
      const store = createPetsTable(db);
      const rex = store.createPet({ name: 'Rex', categoryId: '1', status: 'available' });
      expect(store.countByStatus(undefined)).toMatchObject({ all: 1, available: 1 });
      expect(store.countByStatus('re')).toMatchObject({ all: 1 });
      store.createPet({ name: 'Max', categoryId: '1', status: 'pending' });
      expect(store.countByStatus(undefined)).toMatchObject({ all: 2, available: 1, pending: 1 });
      expect(store.countByStatus('re')).toMatchObject({ all: 1 });

      // Another connection commits: a status changed and an animal removed.
      other.prepare("UPDATE pets SET status = 'sold' WHERE id = ?").run(BigInt(rex.id));
      expect(store.countByStatus(undefined)).toMatchObject({ all: 2, available: 0, pending: 1, sold: 1 });
      other.prepare('DELETE FROM pets WHERE id = ?').run(BigInt(rex.id));
      expect(store.countByStatus(undefined)).toMatchObject({ all: 1, sold: 0 });

      // A write rolled back leaves the counts as they were, counted again.
      expect(() =>
        db.transaction(() => {
          store.createPet({ name: 'Ghost', categoryId: '1' });
          throw new Error('stop');
        })(),
      ).toThrow('stop');
      expect(store.countByStatus(undefined)).toMatchObject({ all: 1, pending: 1 });

      // An answer handed out is the caller's: changing it changes no later answer.
      const counts = store.countByStatus(undefined);
      counts.all = 99;
      expect(store.countByStatus(undefined).all).toBe(1);
    } finally {
      other.close();
      db.close();
    }
  });
});
