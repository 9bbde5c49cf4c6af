import { join } from 'node:path';
import { afterEach } from 'vitest';
import { DATABASE_FILE_NAME } from '../../src/main/config/data-dir';
import { openDatabase, type SqliteDatabase } from '../../src/main/database/database';
import { createPetsTable, type PetsTable } from '../../src/main/database/pets-table';
import { useTempDir } from './temp-dir';

/** A real database file in a temp directory, opened fresh for each test and closed after it. */
export function useStore(): () => { db: SqliteDatabase; store: PetsTable; file: string } {
  const tempDir = useTempDir();
  let opened: { db: SqliteDatabase; store: PetsTable; file: string } | undefined;
  afterEach(() => {
    opened?.db.close();
    opened = undefined;
  });
  return () => {
    if (!opened) {
      const file = join(tempDir(), 'pets.db');
      const db = openDatabase(file);
      opened = { db, store: createPetsTable(db), file };
    }
    return opened;
  };
}

/** Calls fn and returns what it threw, failing if it did not throw. */
export function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

/**
 * Fills the local store of a data folder (before a core opens it) in one transaction: the way a
 * test or a benchmark starts from thousands of animals without adding them one call at a time.
 */
export function seedLocalStore(
  dataDir: string,
  pets: ReadonlyArray<Parameters<PetsTable['upsertPets']>[0][number]>,
): void {
  const db = openDatabase(join(dataDir, DATABASE_FILE_NAME));
  try {
    createPetsTable(db).upsertPets(pets);
  } finally {
    db.close();
  }
}
