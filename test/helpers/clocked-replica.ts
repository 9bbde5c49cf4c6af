import { createRemoteClient } from '../../src/main/remote/remote-client';
import { openReplica, type Replica } from '../../src/main/sync/replica';
import { TEST_API_KEY } from './http-service';

/**
 * A replica over a real file whose engine (in this thread) reads the time from `now`: a clock the
 * test sets ahead or back. Tuned as openTestReplica's (millisecond backoff, short deadlines).
 */
export function openClockedReplica(dataDir: string, baseUrl: string, now: () => number): Replica {
  return openReplica({
    dataDir,
    environment: 'staging',
    client: () =>
      createRemoteClient({
        environment: 'staging',
        baseUrl,
        apiKey: async () => TEST_API_KEY,
        timeouts: { responseMs: 2_000, totalMs: 4_000 },
      }),
    currentBaseUrl: () => baseUrl,
    now,
    engine: { backoff: { baseMs: 5, capMs: 50 } },
  });
}
