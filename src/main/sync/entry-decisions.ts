import {
  ApiError,
  newPetSchema,
  parseOrThrow,
  type ChangeEntry,
  type DiscardOutcome,
  type NewPet,
  type OutboxEntry,
  type RemoteEnvironment,
} from '../../shared/contract';
import { RemoteError } from '../remote/remote-error';
import type { Outbox } from './outbox';
import { changesUnsupported, isChangeEntryId, type PetChanges } from './pet-changes';
import { eachQueue } from './write-kinds';

export const detailsNotTaken = (environment: RemoteEnvironment, baseUrl: string) =>
  new ApiError(
    'conflict',
    `The ${environment} server (${baseUrl}) has not said it takes animals' details; they stay on this computer. Sync now to ask it again, and upload them once it takes them.`,
  );

export const noAddress = (environment: RemoteEnvironment) =>
  new RemoteError(
    'no_address',
    `No address is set for ${environment}. Set it in Settings or with: petstore env set-url ${environment} <url>`,
  );

export interface EntryDecisionsOptions {
  environment: RemoteEnvironment;
  outbox: Outbox;
  changes: PetChanges;
  currentBaseUrl: () => string | null;
  /** Something waits to be sent: the status and the window hear of it, the engine sends. */
  nudge(): void;
  /** Something was decided and nothing is to be sent: the status and the window hear of it. */
  told(): void;
}

/** A person's decisions on the adds and changes made here: correct, resend or confirm, choose in a conflict, discard. */
export function createEntryDecisions({
  environment,
  outbox,
  changes,
  currentBaseUrl,
  nudge,
  told,
}: EntryDecisionsOptions) {
  /** A person's resend of a change: refused, held or unsupported before (a conflict is decided with resolveConflict). */
  function resendChange(entryId: string, baseUrl: string, fixed: unknown): ChangeEntry {
    const entry = changes.get(entryId);
    if (entry === undefined) throw new ApiError('not_found', `There is no ${environment} change ${entryId}.`);
    if (fixed !== undefined) {
      throw new ApiError('invalid_body', `Change ${entryId} is sent as it was made; make a new change to correct it.`);
    }
    if (entry.state === 'conflict') {
      throw new ApiError('conflict', `Change ${entryId} met another counter's change: keep theirs or yours first.`);
    }
    if (changes.support(baseUrl) === 'unsupported') throw changesUnsupported(environment, baseUrl);
    const done = changes.resend(entryId, baseUrl);
    if (done === 'accepted') {
      throw new ApiError('conflict', `Change ${entryId} is already on ${environment}; there is nothing to send.`);
    }
    nudge();
    return changes.get(entryId)!;
  }

  return {
    /**
     * A correction of an animal still waiting to be added here: it joins the add, which goes as one.
     * Not once it may have reached the server (it would no longer be the same add under its key).
     */
    correctEntry(entryId: string, fixed: unknown): OutboxEntry {
      const valid = parseOrThrow(newPetSchema('app'), fixed, 'invalid_body', 'body');
      if (!outbox.correct(entryId, valid)) {
        // Read after the attempt: the sync thread may have claimed it since the window showed it.
        const entry = outbox.get(entryId);
        if (entry === undefined) throw new ApiError('not_found', `There is no ${environment} outbox entry ${entryId}.`);
        throw new ApiError(
          'conflict',
          entry.state === 'accepted'
            ? `${entry.name} is already on ${environment}: change it there, as any animal.`
            : entry.state === 'sending'
              ? `${entry.name} is on its way to ${environment}: correct it once the server has it.`
              : `${entry.name} may already have reached ${environment} (a send went unanswered): change it once the server has it.`,
        );
      }
      nudge();
      return outbox.get(entryId)!;
    },

    /** A person's choice on a change that met another counter's: theirs stays, or this one goes to their version. */
    resolveConflict(entryId: string, choice: 'keep-mine' | 'keep-theirs'): ChangeEntry | null {
      const entry = changes.get(entryId);
      if (entry === undefined) throw new ApiError('not_found', `There is no ${environment} change ${entryId}.`);
      if (entry.state !== 'conflict') {
        throw new ApiError(
          'conflict',
          `Change ${entryId} is not in conflict (it is ${entry.state}); there is nothing to choose.`,
        );
      }
      if (choice === 'keep-theirs') changes.discard(entryId);
      else changes.resend(entryId, entry.baseUrl);
      nudge();
      return changes.get(entryId) ?? null;
    },

    /** A person's resend (see outbox.resend); the engine is nudged. Throws when there is nothing to send. */
    resend(entryId: string, fixed?: NewPet): OutboxEntry | ChangeEntry {
      const baseUrl = currentBaseUrl();
      if (baseUrl === null) throw noAddress(environment);
      if (isChangeEntryId(entryId)) return resendChange(entryId, baseUrl, fixed);
      const done = outbox.resend(entryId, baseUrl, fixed);
      if (done === 'on its way') {
        throw new ApiError(
          'conflict',
          `${outbox.get(entryId)?.name ?? `Entry ${entryId}`} is on its way to ${environment}: it can be corrected only once refused or held.`,
        );
      }
      if (done === 'not found') throw new ApiError('not_found', `There is no ${environment} outbox entry ${entryId}.`);
      if (done === 'accepted')
        throw new ApiError('conflict', `Entry ${entryId} is already on ${environment}; there is nothing to send.`);
      nudge();
      return outbox.get(entryId)!;
    },

    /** An entry as it was before a person's decision on it, while that decision can be taken back. */
    setAside(entryId: string): OutboxEntry | ChangeEntry | undefined {
      return eachQueue({ outbox, changes })
        .find((kind) => kind.owns(entryId))
        ?.setAside(entryId);
    },

    /**
     * A person's decision on an entry taken back (a discard, a resend, a conflict decided): the entry
     * as it was before it, with its Idempotency-Key, unless a send of it has begun since.
     */
    restore(entryId: string): OutboxEntry | ChangeEntry {
      const queue = eachQueue({ outbox, changes }).find((kind) => kind.owns(entryId));
      const was = queue?.setAside(entryId) ?? queue?.get(entryId);
      const outcome = queue?.restore(entryId) ?? 'forgotten';
      const what = was === undefined ? 'That decision' : 'patch' in was ? `The change of ${was.base.name}` : was.name;
      if (outcome === 'forgotten')
        throw new ApiError('conflict', `Not undone: ${what} can no longer be taken back here. Nothing was changed.`);
      if (outcome === 'sent since')
        throw new ApiError(
          'conflict',
          `Not undone: ${what} has been sent to ${environment} since. Change the animal back from its row.`,
        );
      nudge();
      return queue!.get(entryId)!;
    },

    /** A person's "discard": the entry is never sent (see DiscardOutcome for what the server may have). */
    discard(entryId: string): DiscardOutcome {
      const queue = eachQueue({ outbox, changes }).find((kind) => kind.owns(entryId));
      const discarded = queue?.discard(entryId) ?? { discarded: false, mayBeOnServer: true };
      // Not removed: it is there and accepted, or not there at all (another process discarded it first).
      if (!discarded.discarded && queue?.get(entryId) === undefined)
        throw new ApiError('not_found', `There is no ${environment} outbox entry ${entryId}.`);

      if (discarded.discarded) told();
      return discarded;
    },
  };
}
