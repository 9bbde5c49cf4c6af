// What the app writes of a shop's data on its own is this account's alone, whatever the umask: the
// data folder and what is in it, backups (perhaps on a shared disk), a restore asked for, a support
// bundle. SQLite gives a database's -wal, -shm and -journal the database file's own mode.
import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

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

/**
 * The app's own data folder, made by an earlier version under a umask that shared it, made this
 * account's alone: the group's and others' bits taken off the folder and the files directly in it
 * (what is below is behind the folder). Only for the folder the app chose itself: one a shop named
 * (PETSTORE_DATA_DIR) or chose for backups is theirs, shared or not.
 */
export function keepDataFolderPrivate(folder: string): void {
  makePrivateFolder(folder);
  if (process.platform === 'win32') return; // its ACLs, not modes, say who reads it
  const tighten = (path: string) => {
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (stat === undefined || (!stat.isFile() && !stat.isDirectory()) || (stat.mode & 0o077) === 0) return;
    try {
      chmodSync(path, stat.mode & 0o7700);
    } catch {
      // Another account's (set up by an administrator): not ours to change, and no reason not to open.
    }
  };
  tighten(folder);
  for (const entry of readdirSync(folder, { withFileTypes: true }))
    if (entry.isFile()) tighten(join(folder, entry.name));
}
