import { ApiError, apiKeyProblem, type RemoteEnvironment } from '../../shared/contract';
import type { Settings } from '../config/settings';
import type { Keychain } from './keychain';

/**
 * One bearer key per remote environment, in the OS keychain (account = environment name).
 * Only `get` returns a key, and only the remote client calls it: nothing here logs, stores
 * or returns a key anywhere else. Whether one is set is `has`.
 */
export function createEnvironmentKeys(keychain: Keychain, settings: Settings, now: () => Date = () => new Date()) {
  return {
    /**
     * Checks the key (trimmed) as the server's header needs it, then keeps it in the keychain, for
     * the origin of the address it is set for (it is sent nowhere else; see the core's apiKey).
     */
    async set(environment: RemoteEnvironment, key: string, origin: string): Promise<void> {
      const trimmed = key.trim();
      const problem = apiKeyProblem(trimmed);
      if (problem !== null) throw ApiError.fromFields('invalid_parameter', [{ field: 'key', message: problem }]);
      await keychain.set(environment, trimmed);
      settings.recordKeySet(environment, { at: now(), origin });
    },

    async clear(environment: RemoteEnvironment): Promise<boolean> {
      const deleted = await keychain.delete(environment);
      settings.recordKeySet(environment, null);
      return deleted;
    },

    async has(environment: RemoteEnvironment): Promise<boolean> {
      return (await keychain.get(environment)) !== null;
    },

    get(environment: RemoteEnvironment): Promise<string | null> {
      return keychain.get(environment);
    },
  };
}

export type EnvironmentKeys = ReturnType<typeof createEnvironmentKeys>;
