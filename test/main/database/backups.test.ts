// A backup is a whole, checked copy under a name that says what it is, holds no PIN, and is kept
// on a rotation; a damaged, foreign or newer file is refused in words.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { backupFileName, backupsToKeep, listBackups, type BackupFile } from '../../../src/main/database/backup-files';
import { readBackup } from '../../../src/main/database/backup-contents';
import { backupNow, backupOnline } from '../../../src/main/database/backups';
import { openDatabase } from '../../../src/main/database/database';
import { MIGRATIONS, REPLICA_MIGRATIONS } from '../../../src/main/database/migrations';
import { useTempDir } from '../../helpers/temp-dir';

const DAY = 86_400_000;

function appDatabaseWithPin(file: string) {
  const db = openDatabase(file);
  db.prepare("INSERT INTO pets (name, category_id, status, search_text) VALUES ('Rex', 1, 'available', 'rex')").run();
  db.prepare("INSERT INTO staff (name, name_key, role, pin) VALUES ('Ann', 'ann', 'manager', 'secret-hash')").run();
  db.prepare("INSERT INTO settings (name, value) VALUES ('manager_pin_failures', '2')").run();
  return db;
}

describe('backups', () => {
  const tempDir = useTempDir();

  for (const [how, make] of [
    [
      'online (backup())',
      (db: Database.Database, folder: string) => backupOnline(db, { folder, environment: 'local', reason: 'daily' }),
    ],
    [
      'at once (before a migration)',
      async (db: Database.Database, folder: string) =>
        backupNow(db, { folder, environment: 'local', reason: 'before-upgrade' }),
    ],
  ] as const) {
    it(`makes a checked copy ${how}, named by environment, date and schema, without PINs`, async () => {
      const db = appDatabaseWithPin(join(tempDir(), 'petstore.db'));
      const folder = join(tempDir(), 'backups');
      const made = await make(db, folder);
      db.close();
      expect(made.file.startsWith(join(folder, 'petstore-local-'))).toBe(true);
      expect(made.file).toContain(`-v${MIGRATIONS.length}`);
      expect(readdirSync(folder)).toEqual([made.file.slice(folder.length + 1)]);
      expect(readBackup(made.file)).toMatchObject({
        environment: 'local',
        schemaVersion: MIGRATIONS.length,
        animals: 1,
        unsent: 0,
      });
      const copy = new Database(made.file, { readonly: true });
      expect(copy.prepare('SELECT pin FROM staff').pluck().all()).toEqual(['']);
      expect(copy.prepare("SELECT count(*) FROM settings WHERE name LIKE 'manager_pin%'").pluck().get()).toBe(0);
      copy.close();
      expect(readFileSync(made.file).includes('secret-hash')).toBe(false);
    });
  }

  it('counts a replica backup’s unsent work', async () => {
    const db = openDatabase(join(tempDir(), 'replica-staging.db'), REPLICA_MIGRATIONS);
    const add = db.prepare(
      `INSERT INTO outbox (environment, base_url, idempotency_key, name, category_id, state, created_at, updated_at)
       VALUES ('staging', 'http://x', ?, 'Tom', 1, ?, 0, 0)`,
    );
    add.run('k1', 'pending');
    add.run('k2', 'accepted');
    const made = await backupOnline(db, { folder: tempDir(), environment: 'staging', reason: 'daily' });
    db.close();
    expect(readBackup(made.file)).toMatchObject({ environment: 'staging', unsent: 1 });
  });

  it('refuses a damaged file, a file that is not a backup, and one from a newer version', async () => {
    const db = appDatabaseWithPin(join(tempDir(), 'petstore.db'));
    const made = await backupOnline(db, { folder: tempDir(), environment: 'local', reason: 'daily' });
    db.close();
    const bytes = readFileSync(made.file);
    const damaged = join(tempDir(), 'damaged.db');
    writeFileSync(damaged, Buffer.concat([bytes.subarray(0, 100), Buffer.alloc(bytes.length - 100, 0x5a)]));
    expect(() => readBackup(damaged)).toThrow(/damaged.*Nothing was changed/);
    expect(() => readBackup(join(tempDir(), 'petstore.db'))).toThrow(/not a Petstore Desk backup/);
    const newer = new Database(made.file);
    newer.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    newer.prepare('UPDATE petstore_backup SET schema_version = ?').run(MIGRATIONS.length + 1);
    newer.close();
    expect(() => readBackup(made.file)).toThrow(/newer version of Petstore Desk/);
  });

  it('keeps the newest of each of 7 days and 4 weeks, and the last 2 made before an upgrade', () => {
    const start = Date.UTC(2026, 0, 1, 12);
    const backups: BackupFile[] = [];
    for (let day = 0; day < 60; day++) {
      for (const hour of [0, 5]) {
        const madeAt = start + day * DAY + hour * 3_600_000;
        const reason = day % 20 === 0 && hour === 0 ? 'before-upgrade' : 'daily';
        backups.push({
          file: backupFileName('local', madeAt, 3, reason),
          environment: 'local',
          madeAt,
          schemaVersion: 3,
          reason,
        });
      }
    }
    const kept = backupsToKeep(backups);
    const newestFirst = [...backups].sort((a, b) => b.madeAt - a.madeAt);
    // The 7 newest days, each its later backup.
    for (let day = 0; day < 7; day++) expect(kept.has(newestFirst[day * 2]!.file)).toBe(true);
    expect(kept.has(newestFirst[1]!.file)).toBe(false);
    const upgrades = newestFirst.filter(({ reason }) => reason === 'before-upgrade').slice(0, 2);
    for (const { file } of upgrades) expect(kept.has(file)).toBe(true);
    expect(kept.size).toBeLessThanOrEqual(7 + 4 + 2);
    expect(kept.size).toBeGreaterThanOrEqual(7 + 2);
  });

  it('rotates the folder after each backup, leaving other environments alone', async () => {
    const folder = tempDir();
    const other = join(folder, backupFileName('staging', Date.UTC(2020, 0, 1), 1, 'daily'));
    writeFileSync(other, '');
    const db = appDatabaseWithPin(join(tempDir(), 'petstore.db'));
    let now = Date.UTC(2026, 0, 1);
    for (let day = 0; day < 12; day++, now += DAY)
      await backupOnline(db, { folder, environment: 'local', reason: 'daily', now: () => now });
    db.close();
    const local = listBackups(folder, 'local');
    expect(local.length).toBeLessThanOrEqual(7 + 4);
    expect(local[0]!.madeAt).toBe(now - DAY);
    expect(listBackups(folder, 'staging').map(({ file }) => file)).toEqual([other]);
  });
});

describe('the backup before a migration', () => {
  const tempDir = useTempDir();

  it('is made when a file with data is migrated, at its old version, and not for a new file', () => {
    const file = join(tempDir(), 'petstore.db');
    const folder = join(tempDir(), 'backups');
    const older = MIGRATIONS.length - 2;
    openDatabase(file, MIGRATIONS.slice(0, older)).close();
    openDatabase(join(tempDir(), 'new.db'), MIGRATIONS, { backups: { folder, environment: 'local' } }).close();
    expect(listBackups(folder)).toEqual([]);
    openDatabase(file, MIGRATIONS, { backups: { folder, environment: 'local' } }).close();
    const [made, ...others] = listBackups(folder);
    expect(others).toEqual([]);
    expect(made).toMatchObject({ reason: 'before-upgrade', schemaVersion: older });
    expect(readBackup(made!.file)).toMatchObject({ environment: 'local', schemaVersion: older });
    openDatabase(file, MIGRATIONS, { backups: { folder, environment: 'local' } }).close();
    expect(listBackups(folder)).toHaveLength(1); // nothing to migrate, nothing backed up
  });
});
