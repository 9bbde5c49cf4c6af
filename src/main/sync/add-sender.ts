import type { ClaimedEntry, Outbox } from './outbox';
import type { KindSender, SenderDeps } from './queue-drain';
import { failedOutcome } from './send-outcome';
import { contactOf } from './server-status';

/** Sends adds (createPet, POST), one request each; the answer is judged as any entry's (send-outcome.ts). */
export function createAddSender(outbox: Outbox, { delay, signal, report }: SenderDeps): KindSender<ClaimedEntry> {
  return {
    queue: outbox,
    async send(client, entry) {
      try {
        const pet = await client.createPet(entry.newPet, {
          idempotencyKey: entry.idempotencyKey,
          signal,
          act: entry.act,
        });
        report(contactOf(null));
        return { kind: 'accepted', entry, pet };
      } catch (error) {
        const outcome = failedOutcome(entry, error, delay);
        report(outcome.kind === 'retry' ? (outcome.contact ?? null) : contactOf(error));
        return outcome;
      }
    },
    accept: outbox.accept,
  };
}
