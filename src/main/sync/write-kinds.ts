import type { RemoteEnvironment } from '../../shared/contract';
import type { SqliteDatabase } from '../database/database';
import type { PetsTable } from '../database/pets-table';
import { createAddSender } from './add-sender';
import { createChangeSender } from './change-sender';
import { createOutbox } from './outbox';
import { createPetChanges } from './pet-changes';
import { createSalesToSend } from './sales-to-send';
import type { AnyKindSender, SenderDeps } from './queue-drain';
import type { ServerExtensions } from './server-extensions';

// The kinds of write a replica queues (see write-queue.ts), in the order a pass sends them: adds
// first, as a change is only ever to an animal the server already has. A new kind is a line in each.

/** Each kind's queue over one replica file. */
export function openWriteQueues(
  db: SqliteDatabase,
  pets: PetsTable,
  extensions: ServerExtensions,
  environment: RemoteEnvironment,
  now: () => number = Date.now,
) {
  return {
    outbox: createOutbox(db, pets, environment, now, () => extensions.takesHistory()),
    changes: createPetChanges(db, pets, extensions, environment, now),
    sales: createSalesToSend(db, extensions),
  };
}
export type WriteQueues = ReturnType<typeof openWriteQueues>;

export const eachQueue = ({ outbox, changes }: Pick<WriteQueues, 'outbox' | 'changes'>) => [outbox, changes];

/** Each kind's sender for one pass (a sender learns of its server as the pass goes). */
export const sendersFor = ({ outbox, changes, sales }: WriteQueues, deps: SenderDeps): AnyKindSender[] => [
  createAddSender(outbox, deps),
  createChangeSender(changes, deps, sales),
];

/** Whatever a sender that is gone left on its way, in every queue (see sender-lease.ts). */
export function reclaimFromGoneSender(queues: WriteQueues): void {
  for (const queue of eachQueue(queues)) queue.reclaimFromGoneSender();
}

/** When the next entry of any kind a sync could send is due (ms since epoch; at most now when due), or null. */
export function nextDueAt(queues: WriteQueues): number | null {
  const times = eachQueue(queues)
    .map((queue) => queue.nextDueAt())
    .filter((at) => at !== null);
  return times.length === 0 ? null : Math.min(...times);
}

/** What waits in every queue, as the server status counts it. */
export function countAll(queues: WriteQueues) {
  const all = { waiting: 0, held: 0, refused: 0, conflicts: 0 };
  for (const queue of eachQueue(queues)) {
    const counts = queue.counts();
    all.waiting += counts.waiting;
    all.held += counts.held;
    all.refused += counts.refused;
    all.conflicts += counts.conflicts;
  }
  return all;
}
