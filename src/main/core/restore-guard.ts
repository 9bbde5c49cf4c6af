import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { EnvironmentName } from '../../shared/contract';
import { DATABASE_FILE_NAME } from '../config/data-dir';
import type { SqliteDatabase } from '../database/database';
import { createStaffTable } from '../database/staff-table';
import { createManagerLock } from './manager-lock';

/**
 * Whether a restore (task `restore-backup`) needs the manager's PIN, checked by the app database's
 * own lock (its wrong tries counted and slowed as the window's are), without a core: a restore
 * runs with the app quit. 'unreadable': the app database cannot be read, so there is no PIN to check.
 */
export async function checkRestorePin(
  dataDir: string,
  environment: EnvironmentName,
  pinOf: () => Promise<string | null>,
): Promise<'no-pin' | 'checked' | 'not-given' | 'unreadable'> {
  const file = join(dataDir, DATABASE_FILE_NAME);
  if (!existsSync(file)) return 'no-pin';
  let db: SqliteDatabase | undefined;
  let lock: ReturnType<typeof createManagerLock>;
  try {
    db = new Database(file, { fileMustExist: true, timeout: 5000 });
    const hasStaff = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'staff'").get();
    if (hasStaff === undefined) {
      db.close();
      return 'no-pin';
    }
    lock = createManagerLock({
      db,
      staff: createStaffTable(db),
      now: Date.now,
      managerAtCounter: () => false,
      staffChanged: () => undefined,
    });
    if (!lock.view().pinSet) {
      db.close();
      return 'no-pin';
    }
  } catch {
    db?.close();
    return 'unreadable';
  }
  try {
    const pin = await pinOf();
    if (pin === null) return 'not-given';
    await lock.unlock(pin, { task: 'restore-backup', environment });
    return 'checked';
  } finally {
    db.close();
  }
}
