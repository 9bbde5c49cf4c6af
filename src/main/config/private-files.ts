// What the app writes of a shop's data on its own is this account's alone, whatever the umask: the
// data folder and what is in it, backups (perhaps on a shared disk), a restore asked for, a support
// bundle. SQLite gives a database's -wal, -shm and -journal the database file's own mode.
import { closeSync, mkdirSync, openSync } from 'node:fs';

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Makes `folder` (and any parent it lacks) this account's alone; one already there keeps its mode. */
export function makePrivateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}

/** Creates `file` empty and private if it is not there (SQLite takes an empty file as a new database). */
export function createPrivateFile(file: string): void {
  try {
    closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
  }
}
