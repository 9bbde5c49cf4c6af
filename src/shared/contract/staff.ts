import { z } from 'zod';
import { describeValue } from './describe-value';
import { MANAGER_PIN_DIGITS } from './manager-pin';
import { nameProblem } from './pet';

/**
 * The shop's staff: who may sign in at the counter, each with a personal PIN, and what they may do.
 * A manager's tasks are those the manager's PIN guards; a signed-in manager counts as unlocked for
 * them, a staff member does not.
 */
export const STAFF_ROLES = ['staff', 'manager'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * A staff member's PIN: short, typed at the counter many times a day. A manager's may be as long
 * as the manager's PIN always could (so a PIN set before staff existed still fits).
 */
export const STAFF_PIN_DIGITS = { min: 4, max: 8 } as const;

export const pinDigits = (role: StaffRole) => (role === 'manager' ? MANAGER_PIN_DIGITS : STAFF_PIN_DIGITS);

export const pinRule = (role: StaffRole) => `${pinDigits(role).min} to ${pinDigits(role).max} digits`;

export const isPinFor = (pin: string, role: StaffRole): boolean =>
  new RegExp(`^[0-9]{${pinDigits(role).min},${pinDigits(role).max}}$`).test(pin);

/** A name as the sign-in dialog lists it, the history keeps it and the command line takes it. */
export const STAFF_NAME_MAX_LENGTH = 40;
/** A list a manager reads at a glance; the sign-in dialog gives the first nine a number key. */
export const STAFF_MAX = 50;

/** Two names are one person's when a person reads them alike: "ana" is "Ana". */
export const staffNameKey = (name: string) => name.trim().normalize('NFC').toLocaleLowerCase('en');

/** A person's name: a pet name's rules, shorter (trimmed, visible, no control characters). */
export const staffNameSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'is required' : `must be a string, got ${describeValue(issue.input)}`,
  })
  .transform((name, ctx) => {
    const trimmed = name.trim().normalize('NFC');
    const problem = nameProblem(trimmed, STAFF_NAME_MAX_LENGTH);
    if (problem === null) return trimmed;
    ctx.addIssue({ code: 'custom', message: problem, input: name });
    return z.NEVER;
  });

/** After this long with nothing done at the counter, main signs the person out (a manager sets it). */
export const IDLE_SIGN_OUT_MINUTES = { min: 1, max: 240, default: 5 } as const;

export const isIdleSignOutMinutes = (minutes: number) =>
  Number.isInteger(minutes) && minutes >= IDLE_SIGN_OUT_MINUTES.min && minutes <= IDLE_SIGN_OUT_MINUTES.max;

/** One person of the list, as the window and the command line see them: never their PIN. */
export interface StaffMember {
  name: string;
  role: StaffRole;
}

/**
 * Who is at the counter, as main decided it: the list (in the order they were added, which gives
 * the sign-in dialog's number keys), who is signed in, whether a write from the window needs
 * someone signed in (the list names counter staff), and after how long main signs them out.
 */
export interface CounterView {
  staff: StaffMember[];
  signedIn: StaffMember | null;
  signInRequired: boolean;
  idleSignOutMinutes: number;
}
