import type { RemoteEnvironment, ServerStatus, SyncOutcome } from '../../shared/contract';
import type { SyncPassResult } from '../sync/sync-engine';
import type { CoreParts } from './core-parts';

/** Entries in backoff due within this long are waited for by `syncUntilSettled`; later ones end it. */
const SETTLE_WAITS_UP_TO_MS = 30_000;

/** Sending what waits to a server, and how the server stands. */
export function createSyncUseCases({ inventory, server }: CoreParts) {
  return {
    /**
     * "Sync now": everything waiting is sent at once, backoff or not; then the server is asked for
     * its list, and which extensions it has (it may have gained one), so that what the outcome says
     * about the server comes from hearing from it.
     */
    async syncNow(environment: RemoteEnvironment): Promise<SyncOutcome & { pass: SyncPassResult }> {
      const remote = server(environment);
      const pass = await remote.syncPass({ force: true });
      await inventory(environment)
        .walkEveryAnimal()
        .catch(() => undefined); // its outcome is in the status
      await remote.learnExtensions({ again: true });
      return { sent: pass.accepted, refused: pass.refused, status: remote.status(), pass };
    },

    /**
     * One pass of what waits, backoff or not, and nothing else (no walk, no question of its
     * extensions): a command's own write, sent at once.
     */
    sendWaiting: (environment: RemoteEnvironment): Promise<SyncPassResult> =>
      server(environment).syncPass({ force: true }),

    /**
     * Sends until nothing waits or nothing more can be done now (the CLI's `sync`): entries whose
     * retry comes within 30 s are waited for; later ones, and changes waiting behind one a person
     * must decide on (`waitingBehind`), are left for the next run. A server that took the pass is then
     * asked which extensions it has, as "Sync now" does: the status says where details go.
     */
    async syncUntilSettled(
      environment: RemoteEnvironment,
      onProgress?: (progress: SyncPassResult) => void,
      /** Told before each wait for the next try, with how long it is (ms). */
      onWait?: (waitMs: number) => void,
    ) {
      const remote = server(environment);
      const unsubscribe = onProgress ? remote.onSyncProgress(onProgress) : undefined;
      try {
        let pass = await remote.syncPass({ force: true });
        for (;;) {
          const nextDue = remote.nextDueAt();
          if (pass.stoppedBecause !== null || nextDue === null || nextDue - Date.now() > SETTLE_WAITS_UP_TO_MS) break;
          const waitMs = Math.max(0, nextDue - Date.now());
          onWait?.(waitMs);
          await new Promise((resolve) => setTimeout(resolve, waitMs));
          pass = await remote.syncPass();
        }
        if (pass.stoppedBecause === null) await remote.learnExtensions({ again: true });
        return { pass, status: remote.status(), waitingBehind: remote.waitingBehind() };
      } finally {
        unsubscribe?.();
      }
    },

    serverStatus: (environment: RemoteEnvironment): ServerStatus => server(environment).status(),

    /**
     * Asks the server which of our extensions it has, unless it said so lately (a command's first
     * write to it: where the details go depends on it). A server out of reach leaves it unknown.
     */
    learnExtensions: (environment: RemoteEnvironment): Promise<void> => server(environment).learnExtensions(),

    /**
     * The animals' details kept on this computer, sent to the server now that it takes them (it is
     * asked again first): how many animals'.
     */
    async uploadKeptDetails(environment: RemoteEnvironment): Promise<{ queued: number }> {
      const remote = server(environment);
      await remote.learnExtensions({ again: true });
      return { queued: remote.uploadKeptDetails() };
    },
  };
}
