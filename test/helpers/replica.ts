import { join } from 'node:path';
import { DATABASE_FILE_NAME } from '../../src/main/config/data-dir';
import { createSettings } from '../../src/main/config/settings';
import { createRemoteClient } from '../../src/main/remote/remote-client';
import { openDatabase } from '../../src/main/database/database';
import { openReplica, type Replica } from '../../src/main/sync/replica';
import { startSyncThread } from '../../src/main/sync/start-sync-thread';
import type { RemoteEnvironment } from '../../src/shared/contract';
import { TEST_API_KEY } from './http-service';

export interface ReplicaHandles {
  replica: Replica;
  /** Change to point the environment elsewhere, or to change the key, as Settings would. */
  config: { baseUrl: string; key: string };
  close(): Promise<void>;
}

/** Where the sync engine runs: in the test's thread, or in a sync thread as in the desktop app. */
export type SyncRunsIn = 'this thread' | 'a sync thread';

const TUNING = { backoff: { baseMs: 5, capMs: 50 } };
const TIMEOUTS = { responseMs: 2_000, totalMs: 4_000 };

/**
 * A replica over a real file, its engine tuned for tests (millisecond backoff, short deadlines).
 * With a sync thread, the address lives in the app database's settings, as in the app.
 */
export function openTestReplica(
  dataDir: string,
  environment: RemoteEnvironment,
  baseUrl: string,
  syncRunsIn: SyncRunsIn = 'this thread',
  /**
   * apiKey: in place of `config.key` (a keychain that fails); entry: another build of the sync
   * thread than the run's (the app's); timeouts: in place of the short deadlines, for answers a test
   * holds back; via: the address this replica's requests go to, in place of the server's own (a
   * proxy of its own in front of the same server, as each process has its own network).
   */
  options: { apiKey?: () => Promise<string | null>; entry?: URL; timeouts?: typeof TIMEOUTS; via?: string } = {},
): ReplicaHandles {
  const appDatabase = join(dataDir, DATABASE_FILE_NAME);
  const appDb = openDatabase(appDatabase);
  const settings = createSettings(appDb, {});
  settings.setBaseUrl(environment, baseUrl);
  let key = TEST_API_KEY;
  const config = {
    get baseUrl() {
      return settings.baseUrl(environment).url!;
    },
    set baseUrl(url: string) {
      settings.setBaseUrl(environment, url);
    },
    get key() {
      return key;
    },
    set key(value: string) {
      key = value;
    },
  };
  const apiKey = options.apiKey ?? (async () => key);
  const timeouts = options.timeouts ?? TIMEOUTS;
  const replica = openReplica({
    dataDir,
    environment,
    client: () => createRemoteClient({ environment, baseUrl: options.via ?? config.baseUrl, apiKey, timeouts }),
    currentBaseUrl: () => config.baseUrl,
    engine: TUNING,
    syncElsewhere:
      syncRunsIn === 'a sync thread'
        ? () =>
            startSyncThread({
              environment,
              dataDir,
              appDatabase,
              presets: {},
              tuning: TUNING,
              timeouts,
              apiKey,
              entry: options.entry,
            })
        : undefined,
  });
  return {
    replica,
    config,
    async close() {
      await replica.close();
      appDb.close();
    },
  };
}

/** Sync passes ("sync now") until nothing waits or `deadlineMs` passes. */
export async function drain(replica: Replica, deadlineMs = 30_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  // Adds and changes alike.
  while (replica.status().waiting > 0) {
    if (Date.now() > end) throw new Error(`outbox not drained: ${JSON.stringify(replica.status())}`);
    await replica.engine.syncNow({ force: true });
    if (replica.status().waiting > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
