import {
  ApiError,
  isManagerPin,
  MANAGER_PIN_RULE,
  managerTaskInWords,
  type ManagerPermit,
  type ManagerTask,
  type EnvironmentName,
} from '../../shared/contract';
import type { ManagerLockView } from '../../shared/ipc/views';
import { ReportedError } from '../app-error';
import type { SqliteDatabase } from '../database/database';
import { onlyManagerProblem, type StaffRow, type StaffTable } from '../database/staff-table';
import { hashPin, readPinRecord, type StoredPin } from './pin-hash';
import { slowedTries, type TryCount } from './pin-tries';

export { FREE_ATTEMPTS, LONGEST_WAIT_MS, waitAfter } from './pin-tries';

/**
 * An unlock allows the one task it was asked for, once, within this long: main locks again by
 * itself, so a caller that rides an unlock (a page that never locks) can do nothing else.
 */
export const PERMIT_LASTS_MS = 60_000;

export interface ManagerLockParts {
  db: SqliteDatabase;
  staff: StaffTable;
  now: () => number;
  /** Whether a manager is signed in at the counter: they count as unlocked for the manager's tasks. */
  managerAtCounter: () => boolean;
  /** Told when the PIN's road changed the staff (a manager added or removed). */
  staffChanged: () => void;
}

/** The managers' PIN records this app can check a PIN against (a damaged one guards nothing). */
const usableRecords = (managers: readonly StaffRow[]): StoredPin[] =>
  managers.map((manager) => readPinRecord(manager.pin)).filter((record): record is StoredPin => record !== 'damaged');

/**
 * The manager's lock: the PINs of the managers on the staff list (staff-table.ts), kept only as
 * salted slow hashes in the app's database, so the lock and its count of wrong tries outlive a
 * restart, and hold for the CLI (another process on the same file) too. Any manager's PIN unlocks
 * one task; the tries of the PIN dialog are counted together, as the one manager's PIN's were.
 */
export function createManagerLock({ db, staff, now, managerAtCounter, staffChanged }: ManagerLockParts) {
  const read = db.prepare<[string], string>('SELECT value FROM settings WHERE name = ?').pluck();
  const write = db.prepare<[string, string]>(
    'INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare<[string]>('DELETE FROM settings WHERE name = ?');
  const tries = slowedTries(
    db,
    now,
    {
      read: (): TryCount => ({
        failures: Number(read.get('manager_pin_failures') ?? 0),
        nextTryAt: Number(read.get('manager_pin_next_try_at') ?? 0),
      }),
      write: (count) => {
        if (count === null) {
          remove.run('manager_pin_failures');
          remove.run('manager_pin_next_try_at');
          return;
        }
        write.run('manager_pin_failures', String(count.failures));
        write.run('manager_pin_next_try_at', String(count.nextTryAt));
      },
    },
    { wrongCode: 'manager_pin_wrong', waitCode: 'manager_pin_wait', wrong: "That is not the manager's PIN." },
  );
  let permit: (ManagerPermit & { until: number }) | null = null;

  const stored = () => staff.managers().length > 0;
  const damaged = () =>
    new ReportedError({
      code: 'unusable_file',
      message: `The manager's PIN kept in ${db.name} is damaged or was not written by Petstore Desk, so no PIN can be checked against it; nothing was unlocked. Remove it (petstore manager remove-pin, or Remove PIN in Settings), then set a new one.`,
      status: 500,
    });
  const permitLive = () => permit !== null && now() < permit.until;

  const view = (): ManagerLockView => ({
    pinSet: stored(),
    unlocked: stored() && (permitLive() || managerAtCounter()),
    retryAfterMs: tries.retryAfterMs(),
  });

  /** Passes when no manager is on the list; else the PIN must be some manager's (a damaged record is none's). */
  async function checkPin(pin: string): Promise<void> {
    const managers = staff.managers();
    if (managers.length === 0) return;
    const usable = usableRecords(managers);
    if (usable.length === 0) throw damaged();
    await tries.check(pin, usable);
  }

  /** What is done after the PIN's road changed the list: no count, no unlock left over. */
  function settled(): ManagerLockView {
    tries.forget();
    permit = null;
    staffChanged();
    return view();
  }

  return {
    view,

    /**
     * Passes when no manager is on the list, when a manager is signed in at the counter, or uses up
     * the unlock asked for this very task (and environment); otherwise throws manager_pin_required
     * with the permit to ask for.
     */
    require(task: ManagerTask, environment?: EnvironmentName): void {
      if (!stored() || managerAtCounter()) return;
      if (permitLive() && permit!.task === task && permit!.environment === environment) {
        permit = null;
        return;
      }
      const asked: ManagerPermit = environment === undefined ? { task } : { task, environment };
      throw new ReportedError({
        code: 'manager_pin_required',
        message: `${managerTaskInWords(asked)} needs the manager's PIN.`,
        status: 403,
        permit: asked,
      });
    },

    /** A manager's PIN, for one task: allowed once, within PERMIT_LASTS_MS. */
    async unlock(pin: string, asked: ManagerPermit): Promise<ManagerLockView> {
      await checkPin(pin);
      permit = { ...asked, until: now() + PERMIT_LASTS_MS };
      return view();
    },

    lock(): ManagerLockView {
      permit = null;
      return view();
    },

    /**
     * The manager's PIN as a shop without staff knows it: sets it (the list gains a manager named
     * "Manager", unless `name` is given), changes the one manager's (unlocked first), or removes
     * the one manager (null). With several managers, each one's is set in the staff list.
     */
    async setPin(pin: string | null, name = 'Manager'): Promise<ManagerLockView> {
      const managers = staff.managers();
      const usable = usableRecords(managers);
      // A damaged record guards nothing (no PIN can be checked against it): removing it asks for none.
      const onlyDamaged = managers.length > 0 && usable.length === 0;
      if (!(pin === null && onlyDamaged)) this.require('change-pin');
      if (managers.length > 1)
        throw new ApiError(
          'conflict',
          `The shop has ${managers.length} managers: give one a new PIN, or remove one, in the staff list (Settings, or petstore staff set-pin <name>).`,
        );
      const [manager] = managers;
      if (pin === null) {
        if (manager === undefined) return settled();
        const problem = onlyDamaged ? null : onlyManagerProblem(staff.list(), manager);
        if (problem !== null) throw new ApiError('conflict', problem);
        staff.remove(manager.id);
        return settled();
      }
      if (!isManagerPin(pin))
        throw ApiError.fromFields('invalid_body', [{ field: 'pin', message: `must be ${MANAGER_PIN_RULE}` }]);
      const record = await hashPin(pin);
      if (manager === undefined) staff.add(name, 'manager', record);
      else staff.setPin(manager.id, record);
      return settled();
    },
  };
}

export type ManagerLock = ReturnType<typeof createManagerLock>;
