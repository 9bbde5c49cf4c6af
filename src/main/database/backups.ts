import { closeSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { EnvironmentName } from '../../shared/contract';
import { ReportedError } from '../app-error';
import { createPrivateFile, makePrivateFolder } from '../config/private-files';
import { backupFileName, PARTIAL_SUFFIX, rotateBackups, type BackupFile, type BackupReason } from './backup-files';
import type { SqliteDatabase } from './database';
import { readBackup } from './backup-contents';
import { integrityCheckInThread } from './integrity-in-thread';

/** Pages copied per step of an online backup: a few milliseconds of work between turns of the event loop. */
const PAGES_PER_STEP = 256;

export interface BackupTarget {
  folder: string;
  environment: EnvironmentName;
  reason: BackupReason;
  now?: () => number;
  /** Whether the folder is made when it is not there (the data folder's own, one typed with --out); else it must be. */
  createFolder?: boolean;
  /** Whether older backups in the folder are rotated away after this one (only in the backup folder). */
  rotate?: boolean;
}

/**
 * The folder a backup goes to, ready: made when it may be (true when it was), refused in words
 * when it is a file, or not there and must be (a chosen disk unplugged: never made on the internal disk).
 */
export function backupFolderReady(folder: string, createFolder: boolean): boolean {
  const refuse = (message: string): never => {
    throw new ReportedError({ code: 'unusable_file', message, status: 409 });
  };
  const found = statSync(folder, { throwIfNoEntry: false });
  if (found?.isDirectory()) return false;
  if (found !== undefined) refuse(`The backup folder ${folder} is a file, not a folder: choose a folder.`);
  if (!createFolder) refuse(`The backup folder ${folder} is not there: is the disk plugged in?`);
  try {
    makePrivateFolder(folder);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    refuse(
      code === 'ENOTDIR' || code === 'EEXIST'
        ? `The backup folder ${folder} cannot be made: a part of its path is a file, not a folder.`
        : `The backup folder ${folder} cannot be made here (${String(code ?? 'error')}): choose a folder this account may write to.`,
    );
  }
  return true;
}

/**
 * Backs up an open database with SQLite's online backup, a few pages per turn of the event loop:
 * the app keeps answering, and other connections keep writing (SQLite starts the copy again when
 * another connection wrote under it).
 */
export async function backupOnline(db: SqliteDatabase, target: BackupTarget): Promise<BackupFile> {
  const backup = startBackup(db, target);
  try {
    await db.backup(backup.partial, { progress: () => PAGES_PER_STEP });
    backup.seal();
    // Flushed to disk in libuv's pool: a large copy's fsync does not hold the event loop.
    const copy = await open(backup.partial, 'r+');
    await copy.sync().finally(() => copy.close());
    return backup.finish(await integrityCheckInThread(backup.partial));
  } catch (error) {
    return backup.failed(error);
  }
}

/** Backs up a database at once, in one read transaction (VACUUM INTO): before a migration, while the file opens. */
export function backupNow(db: SqliteDatabase, target: BackupTarget): BackupFile {
  const backup = startBackup(db, target);
  try {
    db.prepare('VACUUM INTO ?').run(backup.partial);
    backup.seal();
    syncFile(backup.partial);
    return backup.finish();
  } catch (error) {
    return backup.failed(error);
  }
}

/**
 * A backup is copied to a partial name in the backup folder; `seal` takes out what a backup must
 * not hold and records what it is; `finish` verifies it, then gives it its name: a file with a backup's name
 * is a whole, checked one.
 */
function startBackup(
  db: SqliteDatabase,
  { folder, environment, reason, now = Date.now, createFolder = true, rotate = true }: BackupTarget,
) {
  backupFolderReady(folder, createFolder);
  const madeAt = now();
  const schemaVersion = db.pragma('user_version', { simple: true }) as number;
  const name = backupFileName(environment, madeAt, schemaVersion, reason);
  const partial = join(folder, `.${name}.${process.pid}${PARTIAL_SUFFIX}`);
  createPrivateFile(partial);
  return {
    partial,
    seal: () => sealBackup(partial, { environment, madeAt, schemaVersion }),
    /** Checked (by `integrity`, when the integrity check ran elsewhere), named, and the folder rotated (if asked). */
    finish(integrity?: unknown): BackupFile {
      readBackup(partial, integrity); // throws when the copy is not sound
      const file = join(folder, name);
      renameSync(partial, file);
      syncFolder(folder);
      if (rotate) rotateBackups(folder, environment, madeAt);
      return { file, environment, madeAt, schemaVersion, reason };
    },
    failed(error: unknown): never {
      rmSync(partial, { force: true });
      rmSync(`${partial}-journal`, { force: true });
      throw error;
    },
  };
}

/** The table a backup carries to say what it is; a restore takes it out again. */
export const BACKUP_INFO_TABLE = 'petstore_backup';

/**
 * In the copy only: PINs are left out (the app database's staff and manager tries), what the
 * backup is is recorded, and it becomes one self-contained file (no write-ahead log); the caller syncs it.
 */
function sealBackup(
  partial: string,
  info: { environment: EnvironmentName; madeAt: number; schemaVersion: number },
): void {
  const copy = new Database(partial, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    // What is blanked is overwritten on disk, not left in free pages (cheaper than a VACUUM of the copy).
    copy.pragma('secure_delete = ON');
    copy.transaction(() => {
      const hasTable = (table: string) =>
        copy.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
      if (hasTable('staff')) copy.exec(`UPDATE staff SET pin = '', pin_failures = 0, pin_next_try_at = 0`);
      if (hasTable('settings')) copy.exec(`DELETE FROM settings WHERE name LIKE 'manager\\_pin%' ESCAPE '\\'`);
      copy.exec(
        `CREATE TABLE ${BACKUP_INFO_TABLE} (environment TEXT NOT NULL, made_at INTEGER NOT NULL, schema_version INTEGER NOT NULL) STRICT`,
      );
      copy
        .prepare(`INSERT INTO ${BACKUP_INFO_TABLE} VALUES (?, ?, ?)`)
        .run(info.environment, info.madeAt, info.schemaVersion);
      copy.pragma(`user_version = ${info.schemaVersion}`);
    })();
  } finally {
    copy.close();
  }
}

export function syncFile(file: string): void {
  const fd = openSync(file, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A rename is on disk once its folder is (where the system lets a folder be synced). */
export function syncFolder(folder: string): void {
  try {
    const fd = openSync(folder, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Windows cannot open a folder to sync it; its renames are durable through the journal.
  }
}
