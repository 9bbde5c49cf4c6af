import { ApiError, REMOTE_ENVIRONMENTS, type RemoteEnvironment } from '../../shared/contract';
import type { KeyStatusView } from '../../shared/ipc/views';
import type { Settings } from '../config/settings';
import { RemoteError } from '../remote/remote-error';
import type { EnvironmentKeys } from '../secrets/environment-keys';
import { KeychainUnavailableError } from '../secrets/keychain';
import { unconfirmedKey } from '../sync/server-status';

/** What a person is asked before a key is sent to an origin it was not set for. */
export interface KeyOriginQuestion {
  environment: RemoteEnvironment;
  /** The origin the key was set for. */
  from: string | null;
  /** The origin of the environment's address now. */
  to: string;
}

/**
 * Asks a person, through a window of main's own (never the renderer's), whether to send a key to
 * another origin; true only for a yes. The CLI asks on the terminal.
 */
export type ConfirmKeyOrigin = (question: KeyOriginQuestion) => Promise<boolean>;

const originOf = (address: string | null): string | null => (address === null ? null : new URL(address).origin);

/**
 * Who may have a server's key: the remote client, for the origin the key was set for (or a person
 * confirmed it for) and no other. An address moved to another origin, by a person or by a
 * compromised window, never takes the key with it: the key is not sent until a person confirms it
 * (main's own dialog, the CLI's terminal), or sets a new one. The keychain says whether a key is
 * set; settings say when, and for which origin.
 */
export function createKeyAccess(keys: EnvironmentKeys, settings: Settings) {
  // Whether each key is in the keychain, as last read or set here; until read, the settings' record.
  const present = new Map<RemoteEnvironment, boolean>();
  // Why the keychain could not be read at the last look, per environment (the view says so).
  const unreadable = new Map<RemoteEnvironment, string>();
  const address = (environment: RemoteEnvironment) => settings.baseUrl(environment).url;

  // Keys set before keys had an origin were in use with the address they have now: bound to it, once.
  for (const environment of REMOTE_ENVIRONMENTS) {
    const origin = originOf(address(environment));
    if (settings.keySetAt(environment) !== null && settings.keyOrigin(environment) === null && origin !== null) {
      settings.setKeyOrigin(environment, origin);
    }
  }

  const keySet = (environment: RemoteEnvironment) =>
    present.get(environment) ?? settings.keySetAt(environment) !== null;
  const forCurrentAddress = (environment: RemoteEnvironment) => {
    const origin = originOf(address(environment));
    return origin !== null && settings.keyOrigin(environment) === origin;
  };

  return {
    /** Whether a key is set, and for the current address. Cheap: no keychain read. */
    state(environment: RemoteEnvironment): 'none' | 'unconfirmed' | 'ready' {
      return !keySet(environment) ? 'none' : forCurrentAddress(environment) ? 'ready' : 'unconfirmed';
    },

    /**
     * The key, for a request to `origin`: refused (nothing is sent) unless it is the origin the key
     * is bound to. Checked against the request's own origin, not the address setting, so that no
     * change of address between reading it and sending can take the key along.
     */
    async forRequest(environment: RemoteEnvironment, origin: string): Promise<string | null> {
      let key: string | null;
      try {
        key = await keys.get(environment);
      } catch (error) {
        if (!(error instanceof KeychainUnavailableError)) throw error;
        throw new RemoteError('keychain_unavailable', error.message, { mayHaveArrived: false });
      }
      present.set(environment, key !== null);
      // A key with no origin (put in the keychain by something else) is bound to none: it waits for a person too.
      if (key !== null && settings.keyOrigin(environment) !== origin) {
        throw new RemoteError('key_unconfirmed', unconfirmedKey(environment, origin), { mayHaveArrived: false });
      }
      return key;
    },

    /** Reads the keychain; returns whether the answer differs from what was believed (set or removed elsewhere). */
    async refresh(environment: RemoteEnvironment): Promise<boolean> {
      let set: boolean;
      try {
        set = await keys.has(environment);
      } catch (error) {
        if (!(error instanceof KeychainUnavailableError)) throw error;
        unreadable.set(environment, error.message);
        return false;
      }
      unreadable.delete(environment);
      const believed = keySet(environment);
      present.set(environment, set);
      return believed !== set;
    },

    view(environment: RemoteEnvironment): KeyStatusView {
      const set = keySet(environment);
      return {
        set,
        setAt: set ? settings.keySetAt(environment) : null,
        origin: set ? settings.keyOrigin(environment) : null,
        forCurrentAddress: set && forCurrentAddress(environment),
        problem: unreadable.get(environment) ?? null,
      };
    },

    /** A key for the environment's current address (there must be one: a key is kept for the address it is set for). */
    async set(environment: RemoteEnvironment, key: string): Promise<void> {
      const origin = originOf(address(environment));
      if (origin === null) {
        throw ApiError.fromFields('invalid_parameter', [
          {
            field: 'key',
            message: `cannot be set before the ${environment} address: a key is kept for the address it is set for, and sent nowhere else`,
          },
        ]);
      }
      await keys.set(environment, key, origin);
      present.set(environment, true);
    },

    async clear(environment: RemoteEnvironment): Promise<boolean> {
      const existed = await keys.clear(environment);
      present.set(environment, false);
      return existed;
    },

    /** The key, confirmed by a person for the current address (asked through `ask`); false when not confirmed. */
    async confirmForAddress(environment: RemoteEnvironment, ask: ConfirmKeyOrigin): Promise<boolean> {
      const to = originOf(address(environment));
      if (to === null || !(await keys.has(environment))) {
        throw new ApiError('conflict', `There is no ${environment} key and address to confirm: set them in Settings.`);
      }
      if (forCurrentAddress(environment)) return true;
      if (!(await ask({ environment, from: settings.keyOrigin(environment), to }))) return false;
      settings.setKeyOrigin(environment, to);
      return true;
    },
  };
}

export type KeyAccess = ReturnType<typeof createKeyAccess>;

/** The question, in words a person can answer: both addresses named, and what saying yes does. */
export function keyOriginQuestionInWords({ environment, from, to }: KeyOriginQuestion) {
  const host = new URL(to).host;
  return {
    message: `Send the ${environment} key to ${host}?`,
    detail:
      `The ${environment} key was set for ${from ?? 'an address this app does not know'}. The ${environment} address is now ${to}.\n\n` +
      `Say yes only if ${host} is your shop's ${environment} server: whoever runs it receives the key. ` +
      `If you did not change the address yourself, cancel and check Settings.`,
    confirmLabel: `Send the key to ${host}`,
    cancelLabel: 'Cancel',
  };
}
