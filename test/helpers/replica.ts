import { createRemoteClient } from '../../src/main/remote/remote-client';
import { openReplica, type Replica } from '../../src/main/sync/replica';
import type { RemoteEnvironment } from '../../src/shared/contract';
import { TEST_API_KEY } from './http-service';

export interface ReplicaHandles {
  replica: Replica;
  /** Change to point the environment elsewhere, or to change the key, as Settings would. */
  config: { baseUrl: string; key: string };
}

/** A replica over a real file, its engine tuned for tests (millisecond backoff, short deadlines). */
export function openTestReplica(dataDir: string, environment: RemoteEnvironment, baseUrl: string): ReplicaHandles {
  const config = { baseUrl, key: TEST_API_KEY };
  const replica = openReplica({
    dataDir,
    environment,
    client: () =>
      createRemoteClient({ environment, baseUrl: config.baseUrl, apiKey: async () => config.key, timeouts: { responseMs: 2_000, totalMs: 4_000 } }),
    currentBaseUrl: () => config.baseUrl,
    engine: { backoff: { baseMs: 5, capMs: 50 } },
  });
  return { replica, config };
}

/** Sync passes ("sync now") until nothing waits or `deadlineMs` passes. */
export async function drain(replica: Replica, deadlineMs = 30_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (replica.outbox.counts().pending > 0) {
    if (Date.now() > end) throw new Error(`outbox not drained: ${JSON.stringify(replica.outbox.counts())}`);
    await replica.engine.syncNow({ force: true });
    if (replica.outbox.counts().pending > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
