import type { CounterView, StaffMember } from '../../shared/contract';
import { ReportedError } from '../app-error';
import type { Settings } from '../config/settings';
import type { SqliteDatabase } from '../database/database';
import { hasCounterStaff, type StaffTable } from '../database/staff-table';
import { readPinRecord } from './pin-hash';
import { slowedTries } from './pin-tries';

/** How often main looks whether the person signed in has been idle too long. */
const IDLE_CHECK_MS = 1_000;

export interface CounterParts {
  db: SqliteDatabase;
  staff: StaffTable;
  settings: Settings;
  now: () => number;
  /** Told whenever who is at the counter, or the list, changed (the window shows it). */
  changed: (view: CounterView) => void;
}

/**
 * Who is signed in at the counter: main's decision, kept in main's memory only (a restart signs
 * everyone out), told to the window as it changes. A person signs in with their own PIN, slowed
 * after wrong tries as the manager's is (pin-tries.ts), and is signed out by main after the idle
 * time a manager sets; what they were doing in the window stays there.
 */
export function createCounterSignIn({ db, staff, settings, now, changed }: CounterParts) {
  let signedIn: { id: number; member: StaffMember; lastSeen: number } | null = null;
  let watch: ReturnType<typeof setInterval> | undefined;

  const idleMs = () => settings.idleSignOutMinutes() * 60_000;

  function stopWatching(): void {
    clearInterval(watch);
    watch = undefined;
  }

  /** Whether the person signed in is still on the list as they signed in (another process, the CLI, may have removed them). */
  const stillOnTheList = ({ id, member }: { id: number; member: StaffMember }) => staff.byId(id)?.role === member.role;

  /** The person signed in, unless idle too long or taken off the list: then main signs them out, and says so. */
  function current(): StaffMember | null {
    if (signedIn !== null && (now() - signedIn.lastSeen >= idleMs() || !stillOnTheList(signedIn))) {
      signedIn = null;
      stopWatching();
      changed(view());
    }
    return signedIn?.member ?? null;
  }

  function view(): CounterView {
    const list = staff.list();
    return {
      staff: list.map(({ name, role }) => ({ name, role })),
      signedIn: current(),
      signInRequired: hasCounterStaff(list),
      idleSignOutMinutes: settings.idleSignOutMinutes(),
    };
  }

  return {
    view,

    /** The person at the counter, named in each animal's history; null when nobody is signed in. */
    person: current,

    managerAtCounter: (): boolean => current()?.role === 'manager',

    /** A staff member signs in with their PIN (a wrong one counted against them, and slowed). */
    async signIn(name: string, pin: string): Promise<CounterView> {
      const person = staff.named(name);
      const record = readPinRecord(person.pin);
      if (record === 'damaged')
        throw new ReportedError({
          code: 'unusable_file',
          message: `${person.name}'s PIN kept in ${db.name} is damaged or was not written by Petstore Desk; nobody was signed in. A manager gives ${person.name} a new PIN (Settings, or petstore staff set-pin).`,
          status: 500,
        });
      await slowedTries(db, now, staff.tries(person.id), {
        wrongCode: 'staff_pin_wrong',
        waitCode: 'staff_pin_wait',
        wrong: `That is not ${person.name}'s PIN.`,
      }).check(pin, [record]);
      signedIn = { id: person.id, member: { name: person.name, role: person.role }, lastSeen: now() };
      stopWatching();
      watch = setInterval(current, IDLE_CHECK_MS);
      watch.unref?.();
      changed(view());
      return view();
    },

    signOut(): CounterView {
      if (signedIn !== null) {
        signedIn = null;
        stopWatching();
        changed(view());
      }
      return view();
    },

    /** The person is still at the counter (a key, a click, a write): the idle time starts again. */
    stillHere(): void {
      if (current() !== null) signedIn!.lastSeen = now();
    },

    /** The list changed: someone removed (or whose role changed) is signed out; the window is told. */
    staffChanged(): void {
      if (signedIn !== null && !stillOnTheList(signedIn)) {
        signedIn = null;
        stopWatching();
      }
      changed(view());
    },

    close: stopWatching,
  };
}

export type CounterSignIn = ReturnType<typeof createCounterSignIn>;
