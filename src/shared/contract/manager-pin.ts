import { ENVIRONMENT_LABELS, type EnvironmentName } from './environments';

/** The manager's PIN: digits only (a counter PC's number pad), this many. Main checks it; the window says it. */
export const MANAGER_PIN_DIGITS = { min: 4, max: 12 } as const;

export const MANAGER_PIN_RULE = `${MANAGER_PIN_DIGITS.min} to ${MANAGER_PIN_DIGITS.max} digits`;

export const isManagerPin = (pin: string): boolean =>
  new RegExp(`^[0-9]{${MANAGER_PIN_DIGITS.min},${MANAGER_PIN_DIGITS.max}}$`).test(pin);

/** What a manager's PIN guards; an unlock is asked for one of these. */
export const MANAGER_TASK_NAMES = [
  'switch-environment',
  'set-address',
  'set-key',
  'move-key',
  'clear-key',
  'set-currency',
  'confirmations-off',
  'name-categories',
  'discard',
  'change-pin',
  'manage-staff',
  'set-idle-sign-out',
  'set-backup-folder',
  'restore-backup',
  'hold-updates',
  'set-update-feed',
] as const;
export type ManagerTask = (typeof MANAGER_TASK_NAMES)[number];

/**
 * What one unlock allows: one task, for one environment where the task has one. Main asks for it
 * (with manager_pin_required) and the window hands it back with the PIN.
 */
export interface ManagerPermit {
  task: ManagerTask;
  environment?: EnvironmentName;
}

/** A permit in words, for main's message and the PIN dialog: "Switching to Staging", "Setting Production's key". */
export function managerTaskInWords({ task, environment }: ManagerPermit): string {
  const label = environment === undefined ? 'a server' : ENVIRONMENT_LABELS[environment];
  const its = environment === undefined ? 'a server’s' : `${label}’s`;
  switch (task) {
    case 'switch-environment':
      return environment === 'local' ? 'Switching to the local store' : `Switching to ${label}`;
    case 'set-address':
      return `Changing ${its} address`;
    case 'set-key':
      return `Setting ${its} key`;
    case 'move-key':
      return `Sending ${its} key to its new address`;
    case 'clear-key':
      return `Removing ${its} key`;
    case 'set-currency':
      return `Changing the currency of ${environment === undefined ? 'an environment' : label}’s prices`;
    case 'confirmations-off':
      return 'Turning production confirmations off';
    case 'name-categories':
      return 'Naming categories';
    case 'discard':
      return `Discarding what waits to be sent to ${label}`;
    case 'change-pin':
      return 'Changing the PIN';
    case 'manage-staff':
      return 'Changing the staff or their PINs';
    case 'set-idle-sign-out':
      return 'Changing when the counter signs out by itself';
    case 'set-backup-folder':
      return 'Changing where backups are kept';
    case 'restore-backup':
      return `Restoring ${environment === undefined ? 'a' : `${label}’s`} backup`;
    case 'hold-updates':
      return 'Holding this counter on its version, or letting it update';
    case 'set-update-feed':
      return 'Changing where updates come from';
  }
}
