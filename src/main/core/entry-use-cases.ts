import {
  newPetSchema,
  parseOrThrow,
  type ChangeEntry,
  type DiscardOutcome,
  type OutboxEntry,
  type RemoteEnvironment,
  type ServerStatus,
  type SyncOutcome,
} from '../../shared/contract';
import type { SyncPassResult } from '../sync/sync-engine';
import type { CoreParts } from './core-parts';

/** Entries in backoff due within this long are waited for by `syncUntilSettled`; later ones end it. */
const SETTLE_WAITS_UP_TO_MS = 30_000;

/** What waits to be sent to a server (adds and changes), a person's decisions on it, and sync. */
export function createEntryUseCases({ replica, managerLock }: CoreParts) {
  return {
    /** A change of an animal still waiting to be added to a server: the add carries it. */
    editEntry: (environment: RemoteEnvironment, entryId: string, pet: unknown): OutboxEntry =>
      replica(environment).editEntry(entryId, pet),

    /** A person's choice on a change that met another counter's: keep theirs, or send this one to their version. */
    resolveConflict: (
      environment: RemoteEnvironment,
      entryId: string,
      choice: 'keep-mine' | 'take-theirs',
    ): ChangeEntry | null => replica(environment).resolveConflict(entryId, choice),

    /** Send a refused animal again (corrected with `fixed`), or a held one to the server's current address; a change, again. */
    resendEntry(environment: RemoteEnvironment, entryId: string, fixed?: unknown): OutboxEntry | ChangeEntry {
      const pet = fixed === undefined ? undefined : parseOrThrow(newPetSchema('app'), fixed, 'invalid_body', 'body');
      return replica(environment).resend(entryId, pet);
    },

    discardEntry(environment: RemoteEnvironment, entryId: string): DiscardOutcome {
      managerLock.require('discard', environment);
      return replica(environment).discard(entryId);
    },

    outboxEntries: (environment: RemoteEnvironment): OutboxEntry[] => replica(environment).outbox.list(),

    outboxEntry: (environment: RemoteEnvironment, entryId: string): OutboxEntry | undefined =>
      replica(environment).outbox.get(entryId),

    /** Changes made here not yet accepted by the server, oldest first. */
    changeEntries: (environment: RemoteEnvironment): ChangeEntry[] => replica(environment).changeEntries(),

    changeEntry: (environment: RemoteEnvironment, entryId: string): ChangeEntry | undefined =>
      replica(environment).changeEntry(entryId),

    /**
     * "Sync now": everything waiting is sent at once, backoff or not; then the server is asked for
     * its list, so that what the outcome says about the server comes from hearing from it.
     */
    async syncNow(environment: RemoteEnvironment): Promise<SyncOutcome & { pass: SyncPassResult }> {
      const remote = replica(environment);
      const pass = await remote.engine.syncNow({ force: true });
      await remote.walkInventory().catch(() => undefined); // its outcome is in the status
      return { sent: pass.accepted, rejected: pass.rejected, status: remote.status(), pass };
    },

    /**
     * Sends until nothing waits or nothing more can be done now (the CLI's `sync`): entries whose
     * retry comes within 30 s are waited for; later ones, and changes waiting behind one a person
     * must decide on (`waitingBehind`), are left for the next run.
     */
    async syncUntilSettled(environment: RemoteEnvironment, onProgress?: (progress: SyncPassResult) => void) {
      const remote = replica(environment);
      if (onProgress) remote.engine.events.on('progress', onProgress);
      try {
        let pass = await remote.engine.syncNow({ force: true });
        for (;;) {
          const nextDue = remote.nextDueAt();
          if (pass.stoppedBecause !== null || nextDue === null || nextDue - Date.now() > SETTLE_WAITS_UP_TO_MS) break;
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextDue - Date.now())));
          pass = await remote.engine.syncNow();
        }
        return { pass, status: remote.status(), waitingBehind: remote.waitingBehind() };
      } finally {
        if (onProgress) remote.engine.events.off('progress', onProgress);
      }
    },

    serverStatus: (environment: RemoteEnvironment): ServerStatus => replica(environment).status(),
  };
}
