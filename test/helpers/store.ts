import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openDatabase, type SqliteDatabase } from '../../src/main/store/database';
import { createPetStore, type PetStore } from '../../src/main/store/pet-store';
import { useTempDir } from './temp-dir';

/** A real database file in a temp directory, opened fresh for each test and closed after it. */
export function useStore(): () => { db: SqliteDatabase; store: PetStore; file: string } {
  const tempDir = useTempDir();
  let opened: { db: SqliteDatabase; store: PetStore; file: string } | undefined;
  afterEach(() => {
    opened?.db.close();
    opened = undefined;
  });
  return () => {
    if (!opened) {
      const file = join(tempDir(), 'pets.db');
      const db = openDatabase(file);
      opened = { db, store: createPetStore(db), file };
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
