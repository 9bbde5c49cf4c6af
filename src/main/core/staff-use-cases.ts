import {
  ApiError,
  isPinFor,
  parseOrThrow,
  pinRule,
  STAFF_MAX,
  staffNameSchema,
  type CounterView,
  type StaffRole,
} from '../../shared/contract';
import { ReportedError } from '../app-error';
import { hasCounterStaff, onlyManagerProblem } from '../database/staff-table';
import type { CoreParts } from './core-parts';
import { hashPin, readPinRecord } from './pin-hash';

/**
 * The shop's staff and who is at the counter: a manager keeps the list (the manager's lock guards
 * it, as it guards the rest of a manager's tasks); a person signs in and out; main signs them out
 * when idle (counter-sign-in.ts). When the list names counter staff, a write from the window needs
 * someone signed in (`mustBeSignedIn`, which the write guard asks).
 */
export function createStaffUseCases({ staff, counter, managerLock, settings }: CoreParts) {
  const pinProblem = (pin: string, role: StaffRole) => {
    if (!isPinFor(pin, role))
      throw ApiError.fromFields('invalid_body', [{ field: 'pin', message: `must be ${pinRule(role)}` }]);
  };
  /** The list changed: the window is told, and someone no longer on it is signed out. */
  const changed = (): CounterView => {
    counter.staffChanged();
    return counter.view();
  };

  return {
    counter: (): CounterView => counter.view(),
    signIn: ({ name, pin }: { name: string; pin: string }): Promise<CounterView> => counter.signIn(name, pin),
    signOut: (): CounterView => counter.signOut(),
    stillAtCounter: (): void => counter.stillHere(),

    /** A manager adds a person; the first is a manager, since the list is what guards itself. */
    async addStaff({ name, role, pin }: { name: string; role: StaffRole; pin: string }): Promise<CounterView> {
      managerLock.require('manage-staff');
      const valid = parseOrThrow(staffNameSchema, name, 'invalid_body', 'name');
      const list = staff.list();
      if (staff.find(valid) !== undefined)
        throw ApiError.fromFields('conflict', [
          { field: 'name', message: `"${valid}" is already on the staff list; give this person another name` },
        ]);
      if (list.length >= STAFF_MAX)
        throw new ApiError('conflict', `At most ${STAFF_MAX} people are on the staff list; remove someone first.`);
      if (role === 'staff' && !list.some((person) => person.role === 'manager'))
        throw new ApiError(
          'conflict',
          'Add a manager first (petstore staff add <name> --manager, or the role Manager in Settings): a manager keeps the staff list.',
        );
      pinProblem(pin, role);
      staff.add(valid, role, await hashPin(pin));
      return changed();
    },

    /** A manager removes a person (signed out, if they were). The last manager goes only after the counter staff. */
    removeStaff({ name }: { name: string }): CounterView {
      const person = staff.named(name);
      // A damaged PIN record guards nothing: removing it asks for no PIN (as the manager's always could).
      const damaged = readPinRecord(person.pin) === 'damaged';
      if (!damaged) managerLock.require('manage-staff');
      const problem = damaged ? null : onlyManagerProblem(staff.list(), person);
      if (problem !== null) throw new ApiError('conflict', problem);
      staff.remove(person.id);
      return changed();
    },

    /** A manager gives a person a new PIN; the wrong tries at the old one are forgotten. */
    async setStaffPin({ name, pin }: { name: string; pin: string }): Promise<CounterView> {
      managerLock.require('manage-staff');
      const person = staff.named(name);
      pinProblem(pin, person.role);
      staff.setPin(person.id, await hashPin(pin));
      return changed();
    },

    setIdleSignOut({ minutes }: { minutes: number }): CounterView {
      managerLock.require('set-idle-sign-out');
      settings.setIdleSignOutMinutes(minutes);
      return changed();
    },

    /**
     * Main's rule for a write from the window: when the list names counter staff, someone is
     * signed in (and the write keeps them signed in); otherwise it is refused, nothing written.
     */
    mustBeSignedIn(): void {
      if (counter.person() !== null) return counter.stillHere();
      if (!hasCounterStaff(staff.list())) return;
      throw new ReportedError({
        code: 'sign_in_required',
        message: 'Not done: sign in at the counter first, so that each change names who made it. Nothing was changed.',
        status: 403,
      });
    },
  };
}
