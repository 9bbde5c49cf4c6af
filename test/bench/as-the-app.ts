// What the sync benchmarks share so that a drain runs as the desktop app runs it: the sync thread
// built as the app ships it, and the key read from the OS keychain (a private Secret Service here)
// through the app's key access, not handed over from memory.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Settings } from '../../src/main/config/settings';
import { createKeyAccess } from '../../src/main/core/key-access';
import { createEnvironmentKeys } from '../../src/main/secrets/environment-keys';
import { createKeychain } from '../../src/main/secrets/keychain';
import type { RemoteEnvironment } from '../../src/shared/contract';

const ROOT = join(import.meta.dirname, '../..');

/** Builds the main bundle (`electron-vite build`) and answers the sync thread's entry in it. */
export function builtSyncThread(): URL {
  execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'pipe' });
  return pathToFileURL(join(ROOT, 'out/main/sync-thread.js'));
}

/** Sets `key` for the environment's address in a keychain of its own; answers the app's read of it for a request. */
export async function keyAsTheAppReadsIt(
  settings: Settings,
  environment: RemoteEnvironment,
  key: string,
): Promise<(origin: string) => Promise<string | null>> {
  const keys = createEnvironmentKeys(createKeychain(`Petstore Desk bench ${randomUUID()}`), settings);
  const keyAccess = createKeyAccess(keys, settings);
  await keyAccess.set(environment, key);
  return (origin) => keyAccess.forRequest(environment, origin);
}
