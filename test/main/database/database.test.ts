import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DatabaseFromFutureError, NotADatabaseError, openDatabase } from '../../../src/main/database/database';
import { SCHEMA_VERSION } from '../../../src/main/database/migrations';
import { createPetsTable } from '../../../src/main/database/pets-table';
import { thrown } from '../../helpers/store';
import { useTempDir } from '../../helpers/temp-dir';

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('openDatabase', () => {
  const tempDir = useTempDir();

  it('creates the file and its folder, migrates it, and sets WAL, synchronous=FULL, a busy timeout and statement journals in memory', () => {
    const file = join(tempDir(), 'nested', 'folder', 'pets.db');
    const db = openDatabase(file);
    try {
      expect(existsSync(file)).toBe(true);
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
      expect(db.pragma('busy_timeout', { simple: true })).toBeGreaterThanOrEqual(1000);
      expect(db.pragma('temp_store', { simple: true })).toBe(2); // MEMORY
    } finally {
      db.close();
    }
  });

  it('reopens an existing file with its data and without migrating it again', () => {
    const file = join(tempDir(), 'pets.db');
    const first = openDatabase(file);
    const created = createPetsTable(first).createPet({ name: 'Rex', categoryId: '1' });
    first.close();
    const second = openDatabase(file);
    try {
      expect(createPetsTable(second).getPet(created.id)).toEqual(created);
      expect(second.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    } finally {
      second.close();
    }
  });

  it('refuses a file from a newer app with a clear error and leaves it byte for byte unchanged', () => {
    const file = join(tempDir(), 'future.db');
    const raw = new Database(file);
    raw.exec('CREATE TABLE from_the_future (x); INSERT INTO from_the_future VALUES (1);');
    raw.pragma(`user_version = ${SCHEMA_VERSION + 5}`);
    raw.close();
    const before = sha256(file);

    const error = thrown(() => openDatabase(file));
    expect(error).toBeInstanceOf(DatabaseFromFutureError);
    expect((error as Error).message).toContain(`database schema ${SCHEMA_VERSION + 5}`);
    expect((error as Error).message).toContain('The file was not changed.');
    expect(sha256(file)).toBe(before);
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('refuses a file that is not a database, saying so', () => {
    const file = join(tempDir(), 'notes.db');
    writeFileSync(file, 'these are my notes, not a database, and they are long enough to have a header'.repeat(20));
    const before = sha256(file);
    expect(thrown(() => openDatabase(file))).toBeInstanceOf(NotADatabaseError);
    expect(sha256(file)).toBe(before);
  });

  it('never hands out an id twice, even after the newest row is deleted by hand', () => {
    const file = join(tempDir(), 'pets.db');
    const db = openDatabase(file);
    try {
      const store = createPetsTable(db);
      const a = store.createPet({ name: 'A', categoryId: '1' });
      const b = store.createPet({ name: 'B', categoryId: '1' });
      db.prepare('DELETE FROM pets WHERE id = ?').run(BigInt(b.id));
      const c = store.createPet({ name: 'C', categoryId: '1' });
      expect(BigInt(c.id)).toBeGreaterThan(BigInt(b.id));
      expect(c.id).not.toBe(a.id);
    } finally {
      db.close();
    }
  });
});
