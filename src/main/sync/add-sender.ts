import type { Pet, RemoteEnvironment } from '../../shared/contract';
import type { RemoteClient } from '../remote/remote-client';
import { groupAcceptances } from './accept-group';
import type { ClaimedEntry, Outbox } from './outbox';
import { failedOutcome, notSentOutcome, type Outcome, type RetryDelay } from './send-outcome';
import { contactOf, type Contact } from './server-status';
import type { SyncPassResult } from './sync-engine';

export interface AddSenderOptions {
  environment: RemoteEnvironment;
  outbox: Outbox;
  delay: RetryDelay;
  signal: AbortSignal;
  /** What a send says about the server, for the server status. */
  report(contact: Contact | null): void;
}

/** Sends adds (createPet, POST) and records what each outcome means for its entry. */
export function createAddSender({ environment, outbox, delay, signal, report }: AddSenderOptions) {
  async function send(client: RemoteClient, entry: ClaimedEntry): Promise<Outcome> {
    if (signal.aborted) return notSentOutcome(entry);
    // The client that sends is the one compared: an address changed mid-pass can never redirect an entry.
    if (client.baseUrl !== entry.baseUrl) return { kind: 'moved', entry, to: client.baseUrl };
    try {
      const pet = await client.createPet(entry.newPet, { idempotencyKey: entry.idempotencyKey, signal });
      report(contactOf(null));
      return { kind: 'accepted', entry, pet };
    } catch (error) {
      const outcome = failedOutcome(entry, error, delay);
      report(outcome.kind === 'retry' ? (outcome.contact ?? null) : contactOf(error));
      return outcome;
    }
  }

  /** Records each outcome as it arrives, the acceptances in groups (see accept-group.ts). */
  function recorder(result: SyncPassResult) {
    let stoppedBy: Contact | null = null;
    const accepted = groupAcceptances((group: Array<{ entryId: string; pet: Pet }>) => {
      outbox.accept(group);
      result.accepted += group.length;
    });
    const record = (outcome: Outcome) => {
      switch (outcome.kind) {
        case 'accepted':
          return accepted.add({ entryId: outcome.entry.entryId, pet: outcome.pet });
        case 'rejected':
          outbox.reject(outcome.entry.entryId, outcome.reason, outcome.fields);
          result.rejected++;
          return;
        case 'moved':
          result.held++;
          return outbox.needsConfirmation(
            outcome.entry.entryId,
            `The ${environment} address changed from ${outcome.entry.baseUrl} to ${outcome.to ?? 'none'} after this animal was added: confirm to send it to the new address, or discard it.`,
          );
        case 'retry':
          outbox.retryLater(outcome.entry.entryId, outcome.state, outcome.delayMs, outcome.error);
          result.retryLater++;
          if (outcome.stop && result.stoppedBecause === null) {
            result.stoppedBecause = outcome.stop;
            stoppedBy = outcome.contact ?? null;
          }
      }
    };
    return { record, flush: accepted.flush, stoppedBy: () => stoppedBy };
  }

  return { send, recorder };
}
