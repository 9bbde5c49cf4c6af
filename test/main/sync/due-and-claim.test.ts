// What the queues say is due is what a claim takes, and a retry is never further away than the delay
// it was given, whatever happened to the entries or to the clock: every loop that waits for the next
// due time (the CLI's sync, the engine's timer) ends, and none waits on a clock set back. Random
// sequences of what the engine and a person do to adds and changes, over a real replica file.
import { createServerExtensions } from '../../../src/main/sync/server-extensions';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/main/database/database';
import { REPLICA_MIGRATIONS } from '../../../src/main/database/migrations';
import { createPetsTable } from '../../../src/main/database/pets-table';
import { createOutbox } from '../../../src/main/sync/outbox';
import { createPetChanges } from '../../../src/main/sync/pet-changes';
import type { PetStatus } from '../../../src/shared/contract';
import { useTempDir } from '../../helpers/temp-dir';

const BASE_URL = 'http://127.0.0.1:9/v1';
const HOUR = 60 * 60 * 1000;
/** The longest delay a step gives an entry. */
const MAX_DELAY = 5 * 60_000;
const ANIMALS = ['1', '2', '3'];
const STATUSES: PetStatus[] = ['available', 'pending', 'sold'];

type Outcome = 'accept' | 'refuse' | 'retry' | 'hold' | 'conflict';
type Step =
  | { kind: 'add' }
  | { kind: 'change'; animal: number; status: PetStatus }
  | { kind: 'claim'; queue: 'adds' | 'changes'; outcome: Outcome; delay: number }
  | { kind: 'person'; queue: 'adds' | 'changes'; pick: number; action: 'resend' | 'discard' }
  | { kind: 'clock'; by: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'add' as const }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('change' as const),
      animal: fc.nat({ max: ANIMALS.length - 1 }),
      status: fc.constantFrom(...STATUSES),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('claim' as const),
      queue: fc.constantFrom('adds' as const, 'changes' as const),
      outcome: fc.constantFrom<Outcome>('accept', 'refuse', 'retry', 'hold', 'conflict'),
      delay: fc.integer({ min: 1, max: MAX_DELAY }),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('person' as const),
      queue: fc.constantFrom('adds' as const, 'changes' as const),
      pick: fc.nat(),
      action: fc.constantFrom('resend' as const, 'discard' as const),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('clock' as const),
      by: fc.oneof(fc.integer({ min: 0, max: MAX_DELAY }), fc.constantFrom(HOUR, -HOUR, -1)),
    }),
    weight: 2,
  },
);

describe('what is due, and when', () => {
  const tempDir = useTempDir();

  it('is what a claim takes, and never further away than the delay given, for adds and changes, whatever the clock does', () => {
    let run = 0;
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 60, size: 'max' }), (steps) => {
        const db = openDatabase(join(tempDir(), `replica-${run++}.db`), REPLICA_MIGRATIONS);
        try {
          let clock = Date.UTC(2025, 0, 6, 9);
          let revision = 1;
          let serverId = 100;
          const now = () => clock;
          const pets = createPetsTable(db);
          pets.upsertPets(ANIMALS.map((id) => ({ id, name: `Animal ${id}`, categoryId: '1', status: 'available' })));
          const outbox = createOutbox(db, pets, 'staging', now);
          const changes = createPetChanges(
            db,
            pets,
            createServerExtensions(db, () => null),
            'staging',
            now,
          );
          const queues = { adds: outbox, changes } as const;

          for (const s of steps) {
            switch (s.kind) {
              case 'add':
                outbox.add({ name: `Added ${serverId}`, categoryId: '1' }, BASE_URL);
                break;
              case 'change':
                changes.change(ANIMALS[s.animal]!, { status: s.status }, BASE_URL);
                break;
              case 'clock':
                clock += s.by;
                break;
              case 'person': {
                const open = s.queue === 'adds' ? outbox.unsynced() : changes.list();
                const entry = open[s.pick % Math.max(1, open.length)];
                if (entry === undefined) break;
                if (s.action === 'discard') queues[s.queue].discard(entry.entryId);
                else queues[s.queue].resend(entry.entryId, BASE_URL);
                break;
              }
              case 'claim': {
                const queue = queues[s.queue];
                const due = queue.nextDueAt();
                let held = 0;
                const claimed = queue.claimDue(1, (count) => (held += count));
                expect(claimed.length + held > 0, `due at ${due}, now ${clock}`).toBe(due !== null && due <= clock);
                for (const entry of claimed) {
                  if (s.outcome === 'retry') queue.retryLater(entry.entryId, 'pending', s.delay, 'no answer');
                  else if (s.outcome === 'hold') queue.hold(entry.entryId, 'address changed');
                  else if (s.outcome === 'refuse') queue.refuse(entry.entryId, 'refused');
                  else if (s.outcome === 'conflict' && 'petId' in entry)
                    changes.conflict(entry.entryId, null, 'changed first');
                  else if ('petId' in entry) {
                    const pet = {
                      id: entry.petId,
                      name: `Animal ${entry.petId}`,
                      categoryId: '1',
                      revision: ++revision,
                    };
                    changes.accept([{ entryId: entry.entryId, pet }]);
                  } else outbox.accept([{ entryId: entry.entryId, pet: { id: String(serverId++), ...entry.newPet } }]);
                }
                break;
              }
            }
            for (const queue of [outbox, changes]) {
              const due = queue.nextDueAt();
              if (due !== null) expect(due - clock).toBeLessThanOrEqual(MAX_DELAY);
            }
          }
        } finally {
          db.close();
        }
      }),
      { numRuns: 100 },
    );
  });
});
