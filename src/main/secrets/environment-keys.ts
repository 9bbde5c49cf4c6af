import { ApiError, BEARER_TOKEN, BEARER_TOKEN_RULE, type RemoteEnvironment } from '../../shared/contract';
import type { Settings } from '../config/settings';
import type { Keychain } from './keychain';

export interface KeyStatus {
  set: boolean;
  /** When it was set (ISO 8601), as recorded by this app. */
  setAt: string | null;
}

/**
 * One bearer key per remote environment, in the OS keychain (account = environment name).
 * Only `get` returns a key, and only the remote client calls it: nothing here logs, stores
 * or returns a key anywhere else.
 */
export function createEnvironmentKeys(keychain: Keychain, settings: Settings, now: () => Date = () => new Date()) {
  return {
    async set(environment: RemoteEnvironment, key: string): Promise<void> {
      const trimmed = key.trim();
      if (!BEARER_TOKEN.test(trimmed))
        throw new ApiError('invalid_parameter', `The key must be a bearer token: ${BEARER_TOKEN_RULE}.`);
      await keychain.set(environment, trimmed);
      settings.recordKeySet(environment, now());
    },

    async clear(environment: RemoteEnvironment): Promise<boolean> {
      const deleted = await keychain.delete(environment);
      settings.recordKeySet(environment, null);
      return deleted;
    },

    async status(environment: RemoteEnvironment): Promise<KeyStatus> {
      const set = (await keychain.get(environment)) !== null;
      return { set, setAt: set ? settings.keySetAt(environment) : null };
    },

    get(environment: RemoteEnvironment): Promise<string | null> {
      return keychain.get(environment);
    },
  };
}

export type EnvironmentKeys = ReturnType<typeof createEnvironmentKeys>;
