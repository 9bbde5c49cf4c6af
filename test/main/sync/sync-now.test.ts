// "Sync now" (makeAllDue): what waits out a backoff is due at once; what is already due is left as it
// is, so that a queue of thousands is not rewritten, and synced to disk, before the first is sent.
import { createServerExtensions } from '../../../src/main/sync/server-extensions';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPLICA_MIGRATIONS } from '../../../src/main/database/migrations';
import { openDatabase } from '../../../src/main/database/database';
import { createPetsTable } from '../../../src/main/database/pets-table';
import { createOutbox } from '../../../src/main/sync/outbox';
import { createPetChanges } from '../../../src/main/sync/pet-changes';
import { useCleanups } from '../../helpers/cleanups';
import { useTempDir } from '../../helpers/temp-dir';

const { track } = useCleanups();
const tempDir = useTempDir();
const BASE_URL = 'http://127.0.0.1:9/v1';

function openQueues() {
  let clock = 1_000;
  const db = track(openDatabase(join(tempDir(), 'replica-staging.db'), REPLICA_MIGRATIONS));
  const pets = createPetsTable(db);
  const now = () => clock;
  return {
    db,
    pets,
    outbox: createOutbox(db, pets, 'staging', now),
    changes: createPetChanges(
      db,
      pets,
      createServerExtensions(db, () => null),
      'staging',
      now,
    ),
    later: (ms: number) => (clock += ms),
  };
}

type Queues = ReturnType<typeof openQueues>;

const rows = (queues: Queues, table: 'outbox' | 'pet_changes') =>
  queues.db
    .prepare<[], { next: number; updated: number }>(
      `SELECT next_attempt_at AS next, updated_at AS updated FROM ${table} ORDER BY id`,
    )
    .all();

const QUEUES = [
  {
    what: 'adds',
    table: 'outbox' as const,
    queue: (queues: Queues) => queues.outbox,
    fill: (queues: Queues) => {
      for (const name of ['Rex', 'Tom', 'Kit']) queues.outbox.add({ name, categoryId: '1' }, BASE_URL);
    },
  },
  {
    what: 'changes',
    table: 'pet_changes' as const,
    queue: (queues: Queues) => queues.changes,
    fill: (queues: Queues) => {
      const ids = ['1', '2', '3'];
      queues.pets.upsertPets(
        ids.map((id) => ({ id, name: `Animal ${id}`, categoryId: '1', status: 'available' as const, revision: 1 })),
      );
      for (const id of ids) queues.changes.change(id, { status: 'sold' }, BASE_URL);
    },
  },
];

describe('sync now', () => {
  it.each(QUEUES)(
    'makes the $what waiting out a backoff due, and leaves the rest untouched',
    ({ table, queue, fill }) => {
      const queues = openQueues();
      fill(queues);
      const [first] = queue(queues).claimDue(1);
      queues.later(10);
      queue(queues).retryLater(first!.entryId, 'unknown', 60_000, 'the server did not answer');
      queues.later(10);

      queue(queues).makeAllDue();
      expect(rows(queues, table)).toEqual([
        { next: 0, updated: 1_020 },
        { next: 0, updated: 1_000 },
        { next: 0, updated: 1_000 },
      ]);
      expect(queue(queues).claimDue(10)).toHaveLength(3);
    },
  );
});
