import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { EnvironmentName } from '../../shared/contract';
import { BACKUP_FOLDER_NAME, DATABASE_FILE_NAME } from '../config/data-dir';
import { readBackup } from '../database/backup-contents';
import { listBackups } from '../database/backup-files';

/** The backup folder a manager chose, read from the app database if it can be read; else null. */
function chosenBackupFolder(dataDir: string): string | null {
  try {
    const db = new Database(join(dataDir, DATABASE_FILE_NAME), { readonly: true, fileMustExist: true });
    try {
      const row = db.prepare<[], { value: string }>("SELECT value FROM settings WHERE name = 'backup_folder'").get();
      return row?.value ?? null;
    } finally {
      db.close();
    }
  } catch {
    return null; // the app database is the damaged one, or older than settings: the data folder's own
  }
}

/** A path as one shell word. */
const shellWord = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * For a data file of `environment` doctor found damaged: the newest backup of it that reads sound,
 * and the command that restores it, as one line; or where it looked, when none does.
 */
export function restoreAdvice(dataDir: string, environment: EnvironmentName): string {
  const folder = chosenBackupFolder(dataDir) ?? join(dataDir, BACKUP_FOLDER_NAME);
  for (const backup of listBackups(folder, environment)) {
    try {
      readBackup(backup.file);
    } catch {
      continue; // damaged too: the next newest
    }
    const made = new Date(backup.madeAt).toISOString();
    return `${environment}: the newest sound backup was made ${made}; restore it with: petstore restore ${shellWord(backup.file)} --env ${environment}`;
  }
  return `${environment}: no sound backup in ${folder}; if the shop keeps backups elsewhere, restore one with: petstore restore <file> --env ${environment}`;
}
