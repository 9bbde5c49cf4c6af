import { randomUUID } from 'node:crypto';
import { openPetstoreCore, type CoreOptions, type PetstoreCore } from '../../../src/main/core/petstore-core';
import { createKeychain } from '../../../src/main/secrets/keychain';
import { useCleanups } from '../../helpers/cleanups';
import { useTempDir } from '../../helpers/temp-dir';

/**
 * Cores over a fresh data folder and a keychain service of their own, closed after each test
 * (`open` again for a restart over the same folder).
 */
export function useTestCore() {
  const tempDir = useTempDir();
  const { track, later } = useCleanups();
  function open(options: Partial<CoreOptions> = {}): PetstoreCore {
    const core = openPetstoreCore({
      dataDir: tempDir(),
      env: {},
      keychain: createKeychain(`Petstore Desk test ${randomUUID()}`),
      ...options,
    });
    later(() => core.close());
    return core;
  }
  return { open, tempDir, track, later };
}
