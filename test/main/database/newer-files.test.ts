// A data file (the app's database, a replica, a backup) from a newer version of Petstore Desk is
// refused untouched, naming the version that wrote it and what to install.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../../src/main/config/app-version';
import { readAppWriter } from '../../../src/main/database/app-writer';
import { readBackup } from '../../../src/main/database/backup-contents';
import { backupOnline } from '../../../src/main/database/backups';
import {
  checkDatabaseFile,
  DatabaseFromFutureError,
  openDatabase,
  type SqliteDatabase,
} from '../../../src/main/database/database';
import { MIGRATIONS, REPLICA_MIGRATIONS, type Migration } from '../../../src/main/database/migrations';
import { thrown } from '../../helpers/store';
import { useTempDir } from '../../helpers/temp-dir';

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** What a newer version would leave: its own name in the record, and a schema this one does not know. */
function writtenByNewer(file: string, migrations: readonly Migration[], writer: string | null, extra = 2): void {
  openDatabase(file, migrations).close();
  const db = new Database(file);
  if (writer === null) db.exec('DROP TABLE app_writer');
  else db.prepare('UPDATE app_writer SET app_version = ?').run(writer);
  db.pragma(`user_version = ${migrations.length + extra}`);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

const SCHEMAS = [
  ['the app database', MIGRATIONS],
  ['a replica', REPLICA_MIGRATIONS],
] as const;

describe('a file from a newer version', () => {
  const tempDir = useTempDir();

  it('records the version that opened the file for writing, and writes nothing more on the next open', () => {
    const file = join(tempDir(), 'petstore.db');
    const db = openDatabase(file);
    const recorded = db.prepare('SELECT app_version, opened_at FROM app_writer').get();
    expect(readAppWriter(db)).toBe(APP_VERSION);
    db.close();
    const again = openDatabase(file);
    expect(again.prepare('SELECT app_version, opened_at FROM app_writer').get()).toEqual(recorded);
    again.prepare("UPDATE app_writer SET app_version = '0.0.1'").run();
    again.close();
    const opened = openDatabase(file);
    expect(readAppWriter(opened)).toBe(APP_VERSION);
    opened.close();
  });

  for (const [what, migrations] of SCHEMAS) {
    it(`${what}: refused byte for byte unchanged, naming the version that wrote it and what to install`, () => {
      const file = join(tempDir(), 'newer.db');
      writtenByNewer(file, migrations, '0.4.0');
      const before = sha256(file);

      const error = thrown(() => openDatabase(file, migrations));
      expect(error).toBeInstanceOf(DatabaseFromFutureError);
      expect((error as DatabaseFromFutureError).writtenBy).toBe('0.4.0');
      const message = (error as Error).message;
      expect(message).toBe(
        `${file} was written by Petstore Desk 0.4.0 (database schema ${migrations.length + 2}; this version, ` +
          `${APP_VERSION}, understands up to ${migrations.length}). Install Petstore Desk 0.4.0 or newer to open it ` +
          `(from the shop's update feed, or ask whoever looks after this counter). The file was not changed.`,
      );
      expect(sha256(file)).toBe(before);
      // Doctor reads it without writing, and says the same.
      expect(checkDatabaseFile(file, migrations)).toBe(message);
      expect(sha256(file)).toBe(before);
    });
  }

  it('says "a newer version" when the file does not name one, or names this very version', () => {
    const unnamed = join(tempDir(), 'unnamed.db');
    writtenByNewer(unnamed, MIGRATIONS, null);
    expect(thrown(() => openDatabase(unnamed))).toMatchObject({
      message: expect.stringContaining('was written by a newer version of Petstore Desk (database schema'),
      writtenBy: null,
    });
    const same = join(tempDir(), 'same.db');
    writtenByNewer(same, MIGRATIONS, APP_VERSION);
    expect((thrown(() => openDatabase(same)) as Error).message).toContain('Install the newer Petstore Desk to open it');
  });

  it('never puts what is not a version number into the message', () => {
    const file = join(tempDir(), 'odd.db');
    writtenByNewer(file, MIGRATIONS, '0.4.0\u001b[2J; rm -rf /');
    expect((thrown(() => openDatabase(file)) as Error).message).toContain('a newer version of Petstore Desk');
  });

  it('a backup made by a newer version: the restore names the version to restore it with', async () => {
    const db: SqliteDatabase = openDatabase(join(tempDir(), 'petstore.db'));
    const made = await backupOnline(db, { folder: tempDir(), environment: 'local', reason: 'daily' });
    db.close();
    const newer = new Database(made.file);
    newer.pragma(`user_version = ${MIGRATIONS.length + 3}`);
    newer.prepare('UPDATE petstore_backup SET schema_version = ?').run(MIGRATIONS.length + 3);
    newer.prepare("UPDATE app_writer SET app_version = '0.5.2'").run();
    newer.close();
    const before = sha256(made.file);
    expect(() => readBackup(made.file)).toThrow(
      `${made.file} was made by Petstore Desk 0.5.2 (database schema ${MIGRATIONS.length + 3}; this version, ` +
        `${APP_VERSION}, understands up to ${MIGRATIONS.length}). Restore it with Petstore Desk 0.5.2 or newer. ` +
        'Nothing was changed.',
    );
    expect(sha256(made.file)).toBe(before);
  });
});
