import type { EnvironmentName, RemoteEnvironment } from '../contract/environments';
import type { ConnectionState } from '../contract/sync';

/** Whether a key is set, since when, and for which origin: never the key itself, which stays in main. */
export interface KeyStatusView {
  set: boolean;
  setAt: string | null;
  /** The origin (scheme, host, port) the key is sent to, and nowhere else; null for a key of unknown origin. */
  origin: string | null;
  /** False when the address has moved to another origin: the key is not sent until a person confirms it. */
  forCurrentAddress: boolean;
  /** Why the keychain could not be read just now, in words (the rest is as last known); null when it could. */
  problem: string | null;
}

/** "Test connection": how the server stands after one request, in words. */
export interface ConnectionVerdictView {
  connection: ConnectionState;
  message: string;
}

/** A server environment's address (and where it came from) and its key's status. */
export interface EnvironmentSettingsView {
  environment: RemoteEnvironment;
  baseUrl: string | null;
  baseUrlSource: 'settings' | 'environment variable' | 'none';
  /** A preset address that was refused, and why. */
  baseUrlProblem: string | null;
  key: KeyStatusView;
}

export interface PreferencesView {
  confirmProductionAdds: boolean;
}

/**
 * The active environment, as main decided it. `revision` grows with every decision, so that the
 * window, which may hear of decisions both as answers and as events, keeps only the newest.
 */
export interface ActiveEnvironmentView {
  environment: EnvironmentName;
  revision: number;
  /** The ISO 4217 code its prices are in (a manager sets it in Settings): the window shows and reads prices in it. */
  currency: string;
}

/** The currency an environment's prices are in. */
export interface CurrencyView {
  environment: EnvironmentName;
  currency: string;
}

/** Whether a manager's PIN is set, whether a manager unlocked this app, and how long until a PIN is tried again. */
export interface ManagerLockView {
  pinSet: boolean;
  unlocked: boolean;
  retryAfterMs: number;
}
