import {
  newPetSchema,
  parseOrThrow,
  type ChangeEntry,
  type DiscardOutcome,
  type OutboxEntry,
  type RemoteEnvironment,
} from '../../shared/contract';
import type { CoreParts } from './core-parts';

/** What waits to be sent to a server (adds and changes), and a person's decisions on it. */
export function createEntryUseCases({ server, managerLock }: CoreParts) {
  return {
    /** A change of an animal still waiting to be added to a server: the add carries it. */
    correctEntry: (environment: RemoteEnvironment, entryId: string, pet: unknown): OutboxEntry =>
      server(environment).correctEntry(entryId, pet),

    /** A person's choice on a change that met another counter's: keep theirs, or send this one to their version. */
    resolveConflict: (
      environment: RemoteEnvironment,
      entryId: string,
      choice: 'keep-mine' | 'keep-theirs',
    ): ChangeEntry | null => server(environment).resolveConflict(entryId, choice),

    /** Send a refused animal again (corrected with `fixed`), or a held one to the server's current address; a change, again. */
    resendEntry(environment: RemoteEnvironment, entryId: string, fixed?: unknown): OutboxEntry | ChangeEntry {
      const pet = fixed === undefined ? undefined : parseOrThrow(newPetSchema('app'), fixed, 'invalid_body', 'body');
      return server(environment).resend(entryId, pet);
    },

    discardEntry(environment: RemoteEnvironment, entryId: string): DiscardOutcome {
      managerLock.require('discard', environment);
      return server(environment).discard(entryId);
    },

    /** An entry as it was before a person's decision on it, while that can be taken back. */
    setAsideEntry: (environment: RemoteEnvironment, entryId: string): OutboxEntry | ChangeEntry | undefined =>
      server(environment).setAside(entryId),

    /** Undo of a person's decision on an entry (a discard, a resend, a conflict decided): see set-aside.ts. */
    restoreEntry: (environment: RemoteEnvironment, entryId: string): OutboxEntry | ChangeEntry =>
      server(environment).restore(entryId),

    outboxEntries: (environment: RemoteEnvironment): OutboxEntry[] => server(environment).outboxEntries(),

    outboxEntry: (environment: RemoteEnvironment, entryId: string): OutboxEntry | undefined =>
      server(environment).outboxEntry(entryId),

    /** Changes made here not yet accepted by the server, oldest first. */
    changeEntries: (environment: RemoteEnvironment): ChangeEntry[] => server(environment).changeEntries(),

    changeEntry: (environment: RemoteEnvironment, entryId: string): ChangeEntry | undefined =>
      server(environment).changeEntry(entryId),
  };
}
