import Database from 'better-sqlite3';
import type { SqliteDatabase } from './database';

/** What a restore carries over from the file it replaces, each part null when it could not be read. */
export interface CarriedOver {
  /** The staff's PINs (by name) and the manager's lock settings: a backup holds none. */
  pins: { staff: Array<{ nameKey: string; pin: string }>; settings: Array<{ name: string; value: string }> } | null;
  /** The highest id each AUTOINCREMENT table ever gave: an id printed or sent is never given again. */
  sequences: Array<{ name: string; seq: number }> | null;
}

const hasTable = (db: SqliteDatabase, table: string) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;

/** Each part read on its own: a damaged file may still give one of them. */
function part<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/**
 * Reads, from the current file, what a restore carries over; a file that cannot be opened gives
 * nothing. Read, not written, over a read-write connection: a read-only one would leave a log behind.
 */
export function readCarriedOver(current: string): CarriedOver {
  let db: SqliteDatabase;
  try {
    db = new Database(current, { fileMustExist: true });
  } catch {
    return { pins: null, sequences: null };
  }
  try {
    return {
      pins: part(() =>
        hasTable(db, 'staff')
          ? {
              staff: db
                .prepare<[], { nameKey: string; pin: string }>('SELECT name_key AS nameKey, pin FROM staff')
                .all(),
              settings: db
                .prepare<[], { name: string; value: string }>(
                  "SELECT name, value FROM settings WHERE name LIKE 'manager\\_pin%' ESCAPE '\\'",
                )
                .all(),
            }
          : { staff: [], settings: [] },
      ),
      sequences: part(() =>
        hasTable(db, 'sqlite_sequence')
          ? db.prepare<[], { name: string; seq: number }>('SELECT name, seq FROM sqlite_sequence').all()
          : [],
      ),
    };
  } finally {
    db.close();
  }
}
