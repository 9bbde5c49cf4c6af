import { describePatch, type Pet, type RemoteEnvironment } from '../../shared/contract';
import type { RemoteClient } from '../remote/remote-client';
import { RemoteError } from '../remote/remote-error';
import type { ClaimedChange, PetChanges } from './pet-changes';
import { failedOutcome, type PassStop, type RetryDelay } from './send-outcome';
import { contactOf, type Contact } from './server-status';

/** What one send of a change means for it. */
export type ChangeOutcome =
  | { kind: 'accepted'; entry: ClaimedChange; pet: Pet }
  | { kind: 'conflict'; entry: ClaimedChange; theirs: Pet | null; reason: string }
  | { kind: 'unsupported'; entry: ClaimedChange; reason: string }
  | { kind: 'rejected'; entry: ClaimedChange; reason: string; fields?: Array<{ field: string; message: string }> }
  | { kind: 'moved'; entry: ClaimedChange; to: string | null }
  | {
      kind: 'retry';
      entry: ClaimedChange;
      state: 'pending' | 'unknown';
      delayMs: number;
      error: string;
      stop?: PassStop;
      contact?: Contact | null;
    };

/** The HTTP status of a server's answer, when the failure is one. */
const answeredStatus = (error: unknown): number | undefined =>
  error instanceof RemoteError && (error.kind === 'service_error' || error.kind === 'not_the_contract')
    ? error.details.status
    : undefined;

/** Statuses with which a server says it has no such operation (RFC 9110: 405 Method Not Allowed, 501 Not Implemented). */
const NO_SUCH_OPERATION = new Set([405, 501]);

export interface ChangeSenderOptions {
  environment: RemoteEnvironment;
  changes: PetChanges;
  delay: RetryDelay;
  signal: AbortSignal;
  /** What a send says about the server, for the server status. */
  report(contact: Contact | null): void;
}

/** Sends changes of animals (PATCH, our extension) and records what each outcome means; one for each pass. */
export function createChangeSender({ environment, changes, delay, signal, report }: ChangeSenderOptions) {
  const unsupportedReason = (baseUrl: string, status: number) =>
    `The ${environment} server (${baseUrl}) does not take changes to animals (it answered ${status}): this change was not made there. Discard it, or make it on the server some other way.`;

  /** A 404 means "no such animal" from a server with the extension, "no such operation" from one without: getPet tells. */
  async function after404(client: RemoteClient, entry: ClaimedChange): Promise<ChangeOutcome> {
    try {
      await client.getPet(entry.petId, { signal });
      return { kind: 'unsupported', entry, reason: unsupportedReason(entry.baseUrl, 404) };
    } catch (error) {
      if (answeredStatus(error) === 404) {
        return {
          kind: 'rejected',
          entry,
          reason: `Animal ${entry.petId} is no longer on the ${environment} server; the change (${describePatch(entry.patch)}) cannot be made.`,
        };
      }
      return failedOutcome(entry, error, delay);
    }
  }

  // Servers this sender found without the extension: what it was handed for them is not sent.
  // (Finding one marks every change waiting for it, so none is claimed for it afterwards.)
  const unsupportedHere = new Map<string, string>();

  async function send(client: RemoteClient, entry: ClaimedChange): Promise<ChangeOutcome> {
    if (client.baseUrl !== entry.baseUrl) return { kind: 'moved', entry, to: client.baseUrl };
    const found = unsupportedHere.get(entry.baseUrl);
    if (found !== undefined) return { kind: 'unsupported', entry, reason: found };
    try {
      const pet = await client.changePet(entry.petId, entry.patch, {
        revision: entry.revision,
        idempotencyKey: entry.idempotencyKey,
        signal,
      });
      report(contactOf(null));
      return { kind: 'accepted', entry, pet };
    } catch (error) {
      const status = answeredStatus(error);
      if (status !== undefined) report(contactOf(null)); // it answered: it is there, and took the key
      if (status === 412 && error instanceof RemoteError && error.kind === 'service_error') {
        const theirs = error.details.current ?? (await client.getPet(entry.petId, { signal }).catch(() => null));
        return {
          kind: 'conflict',
          entry,
          theirs,
          reason: `Someone changed animal ${entry.petId} on ${environment} first: keep theirs, or send yours to their version.`,
        };
      }
      if (status !== undefined && NO_SUCH_OPERATION.has(status)) {
        return { kind: 'unsupported', entry, reason: unsupportedReason(entry.baseUrl, status) };
      }
      if (status === 404) return after404(client, entry);
      const outcome = failedOutcome(entry, error, delay);
      if (status === undefined) report(outcome.kind === 'retry' ? (outcome.contact ?? null) : contactOf(error));
      return outcome;
    }
  }

  /** Acceptances, in one transaction: the server has them. */
  function recordAccepted(accepted: ReadonlyArray<{ entryId: string; pet: Pet; baseUrl: string }>): void {
    changes.accept(accepted);
    for (const baseUrl of new Set(accepted.map((done) => done.baseUrl))) changes.noteSupported(baseUrl);
  }

  /** Records an outcome at once. */
  function record(outcome: ChangeOutcome): void {
    const { entry } = outcome;
    switch (outcome.kind) {
      case 'accepted':
        return recordAccepted([{ entryId: entry.entryId, pet: outcome.pet, baseUrl: entry.baseUrl }]);
      case 'conflict':
        changes.noteSupported(entry.baseUrl);
        return changes.conflict(entry.entryId, outcome.theirs, outcome.reason);
      case 'unsupported':
        unsupportedHere.set(entry.baseUrl, outcome.reason);
        return changes.unsupported(entry.baseUrl, outcome.reason);
      case 'rejected':
        return changes.reject(entry.entryId, outcome.reason, outcome.fields);
      case 'moved':
        return changes.needsConfirmation(
          entry.entryId,
          `The ${environment} address changed from ${entry.baseUrl} to ${outcome.to ?? 'none'} after this change was made: confirm to send it to the new address, or discard it.`,
        );
      case 'retry':
        return changes.retryLater(entry.entryId, outcome.state, outcome.delayMs, outcome.error);
    }
  }

  return { send, record, recordAccepted };
}
