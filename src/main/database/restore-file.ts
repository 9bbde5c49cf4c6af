import { copyFileSync, existsSync, linkSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { BACKUP_INFO_TABLE, syncFile, syncFolder } from './backups';
import { BackupRefusedError } from './backup-contents';
import { writeTransaction, type SqliteDatabase } from './database';

const INCOMING_SUFFIX = '.restoring';

/** The name the current file is kept under beside itself, when a restore replaces it. */
export const keptAsideName = (target: string, at: number) =>
  `${target}.before-restore-${new Date(at).toISOString().replace(/[-:.]/g, '')}`;

/**
 * Puts a checked backup in the place of `target`, never leaving it without a whole file: the
 * backup is copied beside it and made ready there (its record of what it is taken out, and for the
 * app database the PINs of the current file carried over), the current file is kept aside (a hard
 * link: both names are the same file, so no moment is without one), then the copy is renamed over
 * it. A stop at any point leaves the current file, or the restored one, whole under its name.
 */
export function replaceWithBackup(target: string, backup: string, at: number): { keptAside: string | null } {
  const folder = dirname(target);
  for (const name of readdirSync(folder))
    if (name.startsWith(`${basename(target)}${INCOMING_SUFFIX}`)) rmSync(join(folder, name), { force: true });
  const hasCurrent = existsSync(target);
  if (hasCurrent) closeOutLog(target);
  const incoming = `${target}${INCOMING_SUFFIX}-${process.pid}`;
  copyFileSync(backup, incoming);
  try {
    prepareIncoming(incoming, hasCurrent ? target : null);
  } catch (error) {
    rmSync(incoming, { force: true });
    throw error;
  }
  let keptAside: string | null = null;
  if (hasCurrent) {
    keptAside = freeName(keptAsideName(target, at));
    linkSync(target, keptAside);
    syncFolder(folder);
  }
  renameSync(incoming, target);
  rmSync(`${target}-shm`, { force: true });
  syncFolder(folder);
  return { keptAside };
}

/** The name, or the name with -2, -3 ... when a file has it (two restores within a millisecond). */
function freeName(wanted: string): string {
  let name = wanted;
  for (let n = 2; existsSync(name); n++) name = `${wanted}-${n}`;
  return name;
}

/**
 * Folds the current file's write-ahead log into it, so that the file alone is the whole of it.
 * A log still there once this connection closes means another connection has the file open: the
 * app, a command or the sync thread; the file is not replaced under them.
 */
function closeOutLog(target: string): void {
  let db: SqliteDatabase | undefined;
  try {
    db = new Database(target, { fileMustExist: true, timeout: 5000 });
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch {
    // A damaged current file (what a restore is often for): kept aside as it is, with its log.
    db?.close();
    db = undefined;
    return;
  } finally {
    db?.close();
  }
  if (existsSync(`${target}-wal`))
    throw new BackupRefusedError(
      target,
      'is open in Petstore Desk or another petstore command: quit the app (and any petstore command), then restore again.',
    );
}

/** The copy made ready: the backup's own record out; the app database's PINs are those of the current file. */
function prepareIncoming(incoming: string, current: string | null): void {
  const db = new Database(incoming, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
    const hasStaff = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'staff'").get();
    if (current !== null && hasStaff !== undefined) db.prepare('ATTACH DATABASE ? AS current').run(current);
    writeTransaction(db, () => {
      db.exec(`DROP TABLE ${BACKUP_INFO_TABLE}`);
      if (current === null || hasStaff === undefined) return;
      const currentHasStaff = db
        .prepare("SELECT 1 FROM current.sqlite_master WHERE type = 'table' AND name = 'staff'")
        .get();
      if (currentHasStaff === undefined) return;
      db.exec(`
        UPDATE main.staff SET pin = coalesce((SELECT c.pin FROM current.staff c WHERE c.name_key = main.staff.name_key), '');
        INSERT INTO main.settings (name, value)
          SELECT name, value FROM current.settings WHERE name LIKE 'manager\\_pin%' ESCAPE '\\'
          ON CONFLICT (name) DO UPDATE SET value = excluded.value;
      `);
    })();
  } finally {
    db.close();
  }
  syncFile(incoming);
}
