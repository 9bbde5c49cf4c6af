// What the sync benchmarks share so that a drain runs as the desktop app runs it: the sync thread
// built into JavaScript, and the key read from the OS keychain (a private Secret Service here)
// through the app's key access, not handed over from memory.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DATABASE_FILE_NAME } from '../../src/main/config/data-dir';
import { createSettings } from '../../src/main/config/settings';
import { createKeyAccess } from '../../src/main/core/key-access';
import { createRemoteClient } from '../../src/main/remote/remote-client';
import { createEnvironmentKeys } from '../../src/main/secrets/environment-keys';
import { createKeychain } from '../../src/main/secrets/keychain';
import { openDatabase } from '../../src/main/database/database';
import { openReplica, type Replica } from '../../src/main/sync/replica';
import { startSyncThread } from '../../src/main/sync/start-sync-thread';
import type { SyncEngineOptions } from '../../src/main/sync/sync-engine';

const ROOT = join(import.meta.dirname, '../..');

/** The sync thread as the commands' build makes it (scripts/build-commands.mjs, before every `npm run bench`). */
export function builtSyncThread(): URL {
  const file = join(ROOT, 'out/commands/sync-thread.js');
  if (!existsSync(file))
    throw new Error(`${file} is not built: run npm run build:commands (npm run bench builds it first).`);
  return pathToFileURL(file);
}

/**
 * The app's staging replica in `dataDir`, for the server at `baseUrl` with `key` set for it in a
 * keychain of its own; its engine in the built sync thread (`syncThread`), or in this thread (null).
 */
export async function openAppReplica(options: {
  dataDir: string;
  baseUrl: string;
  key: string;
  tuning: Pick<SyncEngineOptions, 'batch' | 'concurrency' | 'changeBatches'>;
  syncThread: URL | null;
}): Promise<{ replica: Replica; close(): Promise<void> }> {
  const { dataDir, baseUrl, key, tuning, syncThread } = options;
  const appDatabase = join(dataDir, DATABASE_FILE_NAME);
  const appDb = openDatabase(appDatabase);
  const settings = createSettings(appDb, {});
  settings.setBaseUrl('staging', baseUrl);
  const keys = createEnvironmentKeys(createKeychain(`Petstore Desk bench ${randomUUID()}`), settings);
  const keyAccess = createKeyAccess(keys, settings);
  await keyAccess.set('staging', key);
  const apiKey = (origin: string) => keyAccess.forRequest('staging', origin);
  const replica = openReplica({
    dataDir,
    environment: 'staging',
    client: () => createRemoteClient({ environment: 'staging', baseUrl, apiKey }),
    currentBaseUrl: () => baseUrl,
    engine: tuning,
    syncElsewhere:
      syncThread === null
        ? undefined
        : () =>
            startSyncThread({
              environment: 'staging',
              dataDir,
              appDatabase,
              presets: {},
              tuning,
              apiKey,
              entry: syncThread,
            }),
  });
  return {
    replica,
    async close() {
      await replica.close();
      appDb.close();
    },
  };
}
