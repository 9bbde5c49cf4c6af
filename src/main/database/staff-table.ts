import { ApiError, staffNameKey, type StaffRole } from '../../shared/contract';
import type { SqliteDatabase } from './database';
import type { Migration } from './schema-steps';

/**
 * The shop's staff, in the app's database: each person's name (one per name as a person reads
 * it), role, and PIN as a salted slow hash (core/pin-hash.ts), with the count of wrong tries at
 * it. The manager's PIN of earlier versions carries over as a manager named "Manager"; its count of
 * wrong tries stays where it was, as the manager's PIN dialog's.
 */
export const addStaffTable: Migration = (db) => {
  db.exec(`
    CREATE TABLE staff (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
      name_key TEXT NOT NULL UNIQUE,
      role TEXT NOT NULL CHECK (role IN ('staff', 'manager')),
      pin TEXT NOT NULL,
      pin_failures INTEGER NOT NULL DEFAULT 0,
      pin_next_try_at INTEGER NOT NULL DEFAULT 0
    ) STRICT;
    INSERT INTO staff (name, name_key, role, pin)
      SELECT 'Manager', 'manager', 'manager', value FROM settings WHERE name = 'manager_pin';
    DELETE FROM settings WHERE name = 'manager_pin';
  `);
};

/** A person of the list as kept: `pin` is the stored record (pin-hash.ts), never the PIN. */
export interface StaffRow {
  id: number;
  name: string;
  role: StaffRole;
  pin: string;
}

/** Whether the list names counter staff (not only managers): then the counter asks who is at it. */
export const hasCounterStaff = (list: readonly StaffRow[]) => list.some((person) => person.role === 'staff');

/**
 * Why `person` may not leave the list, in words: they are its only manager and counter staff
 * remain, who would be left with nobody to keep the list. Null when they may.
 */
export function onlyManagerProblem(list: readonly StaffRow[], person: StaffRow): string | null {
  const otherManager = list.some((other) => other.role === 'manager' && other.id !== person.id);
  if (person.role !== 'manager' || otherManager || !hasCounterStaff(list)) return null;
  return `${person.name} is the only manager and counter staff are on the list: remove them first, or add another manager.`;
}

/** A person's wrong tries in a row at their PIN, and when the next try may be made (core/pin-tries.ts). */
interface TryCount {
  failures: number;
  nextTryAt: number;
}

export function createStaffTable(db: SqliteDatabase) {
  const all = db.prepare<[], StaffRow>('SELECT id, name, role, pin FROM staff ORDER BY id');
  const byKey = db.prepare<[string], StaffRow>('SELECT id, name, role, pin FROM staff WHERE name_key = ?');
  const byId = db.prepare<[number], StaffRow>('SELECT id, name, role, pin FROM staff WHERE id = ?');
  const insert = db.prepare<[string, string, StaffRole, string]>(
    'INSERT INTO staff (name, name_key, role, pin) VALUES (?, ?, ?, ?)',
  );
  const remove = db.prepare<[number]>('DELETE FROM staff WHERE id = ?');
  const newPin = db.prepare<[string, number]>(
    'UPDATE staff SET pin = ?, pin_failures = 0, pin_next_try_at = 0 WHERE id = ?',
  );
  const readTries = db.prepare<[number], TryCount>(
    'SELECT pin_failures AS failures, pin_next_try_at AS nextTryAt FROM staff WHERE id = ?',
  );
  const writeTries = db.prepare<[number, number, number]>(
    'UPDATE staff SET pin_failures = ?, pin_next_try_at = ? WHERE id = ?',
  );

  return {
    /** Everyone, in the order they were added (the sign-in dialog's number keys). */
    list: (): StaffRow[] => all.all(),
    managers: (): StaffRow[] => all.all().filter((row) => row.role === 'manager'),
    find: (name: string): StaffRow | undefined => byKey.get(staffNameKey(name)),
    byId: (id: number): StaffRow | undefined => byId.get(id),
    /** The person of that name (as a person reads it), or not_found on the name. */
    named(name: string): StaffRow {
      const person = byKey.get(staffNameKey(name));
      if (person !== undefined) return person;
      const message = 'is nobody on the staff list';
      throw new ApiError('not_found', `"${name.trim()}" ${message}.`, [{ field: 'name', message }]);
    },
    add(name: string, role: StaffRole, pin: string): void {
      insert.run(name, staffNameKey(name), role, pin);
    },
    remove(id: number): void {
      remove.run(id);
    },
    /** A new PIN record; the wrong tries at the old one are forgotten. */
    setPin(id: number, pin: string): void {
      newPin.run(pin, id);
    },
    /** Where this person's wrong tries are counted. */
    tries(id: number): { read(): TryCount; write(count: TryCount | null): void } {
      return {
        read: () => readTries.get(id) ?? { failures: 0, nextTryAt: 0 },
        write: (count) => void writeTries.run(count?.failures ?? 0, count?.nextTryAt ?? 0, id),
      };
    },
  };
}

export type StaffTable = ReturnType<typeof createStaffTable>;
