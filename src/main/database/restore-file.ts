import { chmodSync, copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { BACKUP_INFO_TABLE, syncFile, syncFolder } from './backups';
import { BackupRefusedError } from './backup-contents';
import { writeTransaction, type SqliteDatabase } from './database';
import { readCarriedOver, type CarriedOver } from './restore-carry';
import { PRIVATE_FILE_MODE } from '../config/private-files';

const INCOMING_SUFFIX = '.restoring';

/** The name the current file is kept under beside itself, when a restore replaces it. */
export const keptAsideName = (target: string, at: number) =>
  `${target}.before-restore-${new Date(at).toISOString().replace(/[-:.]/g, '')}`;

/** How many files a restore kept aside are kept per file: older ones go (they hold full PIN hashes). */
export const KEPT_ASIDE_LIMIT = 3;

/** What a restore did besides putting the backup in place. */
export interface Replaced {
  /** The replaced file's name now; null when there was none. */
  keptAside: string | null;
  /** What could not be carried over from the replaced file, because it could not be read (damaged). */
  notCarried: Array<'pins' | 'ids'>;
  /** The people of the restored app database left without a PIN (a manager gives each one). */
  withoutPin: Array<{ name: string; role: 'staff' | 'manager' }>;
}

/**
 * Puts a checked backup in the place of `target`, never leaving it without a whole file: the
 * backup is copied beside it and made ready there (its record of what it is taken out, and from the
 * current file the PINs and the highest ids ever given carried over), the current file is kept aside
 * (a hard link: both names are the same file, so no moment is without one), then the copy is
 * renamed over it. A stop at any point leaves the current file, or the restored one, whole under its
 * name. A damaged current file is kept aside as it is: what it could not give is said.
 */
export function replaceWithBackup(target: string, backup: string, at: number): Replaced {
  const folder = dirname(target);
  mkdirSync(folder, { recursive: true });
  for (const name of readdirSync(folder))
    if (name.startsWith(`${basename(target)}${INCOMING_SUFFIX}`)) rmSync(join(folder, name), { force: true });
  const hasCurrent = existsSync(target);
  if (hasCurrent) closeOutLog(target);
  const carried = hasCurrent ? readCarriedOver(target) : null;
  const incoming = `${target}${INCOMING_SUFFIX}-${process.pid}`;
  copyFileSync(backup, incoming);
  chmodSync(incoming, PRIVATE_FILE_MODE); // a copy takes the backup's mode, which may be another's
  let withoutPin: Replaced['withoutPin'];
  try {
    withoutPin = prepareIncoming(incoming, carried);
  } catch (error) {
    rmSync(incoming, { force: true });
    throw error;
  }
  let keptAside: string | null = null;
  if (hasCurrent) {
    keptAside = freeName(keptAsideName(target, at));
    linkSync(target, keptAside);
    // A damaged file's log (its checkpoint failed) goes with it: never replayed over the restored one.
    if (existsSync(`${target}-wal`)) renameSync(`${target}-wal`, `${keptAside}-wal`);
    syncFolder(folder);
  }
  renameSync(incoming, target);
  rmSync(`${target}-shm`, { force: true });
  syncFolder(folder);
  removeOldKeptAside(target);
  const notCarried: Replaced['notCarried'] = [];
  if (carried?.pins === null) notCarried.push('pins');
  if (carried?.sequences === null) notCarried.push('ids');
  return { keptAside, notCarried, withoutPin };
}

/** Keeps the newest KEPT_ASIDE_LIMIT files a restore kept aside of `target` (the date in the name sorts them). */
function removeOldKeptAside(target: string): void {
  const folder = dirname(target);
  const prefix = `${basename(target)}.before-restore-`;
  const kept = readdirSync(folder)
    .filter((name) => name.startsWith(prefix) && !/-(wal|shm|journal)$/.test(name))
    .sort();
  for (const name of kept.slice(0, Math.max(0, kept.length - KEPT_ASIDE_LIMIT)))
    for (const suffix of ['', '-wal', '-shm']) rmSync(join(folder, `${name}${suffix}`), { force: true });
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

/**
 * The copy made ready: the backup's own record out; the app database's PINs are those of the
 * current file (by each person's name), and no id counter is below the current file's.
 */
function prepareIncoming(incoming: string, carried: CarriedOver | null): Replaced['withoutPin'] {
  const db = new Database(incoming, { fileMustExist: true });
  let withoutPin: Replaced['withoutPin'];
  try {
    db.pragma('journal_mode = DELETE');
    const has = (table: string) =>
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
    const hasStaff = has('staff');
    writeTransaction(db, () => {
      db.exec(`DROP TABLE ${BACKUP_INFO_TABLE}`);
      if (hasStaff && carried?.pins) {
        const pinOf = new Map(carried.pins.staff.map(({ nameKey, pin }) => [nameKey, pin]));
        const setPin = db.prepare<[string, string]>('UPDATE staff SET pin = ? WHERE name_key = ?');
        for (const key of db.prepare<[], string>('SELECT name_key FROM staff').pluck().all())
          setPin.run(pinOf.get(key) ?? '', key);
        const setting = db.prepare<[string, string]>(
          'INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
        );
        for (const { name, value } of carried.pins.settings) setting.run(name, value);
      }
      if (carried?.sequences && has('sqlite_sequence')) {
        const raise = db.prepare<[{ name: string; seq: number }]>(
          'UPDATE sqlite_sequence SET seq = max(seq, @seq) WHERE name = @name',
        );
        const add = db.prepare<[{ name: string; seq: number }]>(
          'INSERT INTO sqlite_sequence (name, seq) SELECT @name, @seq WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = @name)',
        );
        for (const sequence of carried.sequences) {
          if (!has(sequence.name)) continue;
          raise.run(sequence);
          add.run(sequence);
        }
      }
    })();
    withoutPin = hasStaff
      ? db
          .prepare<[], { name: string; role: 'staff' | 'manager' }>(
            "SELECT name, role FROM staff WHERE pin = '' ORDER BY id",
          )
          .all()
      : [];
  } finally {
    db.close();
  }
  syncFile(incoming);
  return withoutPin;
}
