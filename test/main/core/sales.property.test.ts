// Property-based: whatever a counter does to its animals in the local store (sell with or without
// terms, set any status, undo its latest change, correct a price), every animal shown sold has
// exactly one sale standing and no other animal has one, and the takings are those sales. A fresh
// core over a real SQLite file for each run; fast-check prints the seed and the shortest failing run.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { openPetstoreCore, type PetstoreCore } from '../../../src/main/core/petstore-core';
import { salesBetween } from '../../../src/main/database/orders-table';
import { openDatabase } from '../../../src/main/database/database';
import { createKeychain } from '../../../src/main/secrets/keychain';
import { DATABASE_FILE_NAME } from '../../../src/main/config/data-dir';
import { PET_STATUSES } from '../../../src/shared/contract';
import { join } from 'node:path';
import { useTempDir } from '../../helpers/temp-dir';

const tempDir = useTempDir();
const ANIMALS = 3;

type Step =
  | { kind: 'sell'; animal: number; price?: number; buyerName?: string }
  | { kind: 'status'; animal: number; status: (typeof PET_STATUSES)[number] | null }
  | { kind: 'undo'; animal: number }
  | { kind: 'price'; animal: number; price: number };

const animal = fc.integer({ min: 0, max: ANIMALS - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record(
    { kind: fc.constant('sell' as const), animal, price: fc.nat(10_000), buyerName: fc.constantFrom('Bea', 'Zoë') },
    { requiredKeys: ['kind', 'animal'] },
  ),
  fc.record({ kind: fc.constant('status' as const), animal, status: fc.constantFrom(...PET_STATUSES, null) }),
  fc.record({ kind: fc.constant('undo' as const), animal }),
  fc.record({ kind: fc.constant('price' as const), animal, price: fc.nat(10_000) }),
);

/** Runs a step as the window would; a refusal (already sold, nothing to undo) changes nothing and is fine. */
function run(core: PetstoreCore, ids: string[], next: Step): void {
  const id = ids[next.animal]!;
  try {
    if (next.kind === 'sell') {
      const { kind: _kind, animal: _animal, ...terms } = next;
      core.sellPet('local', id, terms);
    } else if (next.kind === 'status') core.changePet('local', id, { status: next.status });
    else if (next.kind === 'price') core.changePet('local', id, { price: next.price });
    else {
      const newest = core.petHistory('local', id, { limit: 1 }).entries[0];
      if (newest !== undefined) core.undoChange('local', id, newest.seq);
    }
  } catch (error) {
    expect(error).toMatchObject({ code: expect.stringMatching(/^(conflict|precondition_failed)$/) });
  }
}

it('every animal shown sold has exactly one sale standing, and the takings are those', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { maxLength: 14 }), async (steps) => {
      const dataDir = mkdtempSync(join(tempDir(), 'run-')); // a fresh data folder for each run
      const core = openPetstoreCore({
        dataDir,
        env: {},
        keychain: createKeychain(`Petstore Desk test ${randomUUID()}`),
      });
      try {
        const ids = Array.from({ length: ANIMALS }, (_, i) => {
          const added = core.addPet('local', {
            name: `Pet ${i}`,
            categoryId: '1',
            status: 'available',
            price: 100 * i,
          });
          return (added as { pet: { id: string } }).pet.id;
        });
        for (const next of steps) {
          run(core, ids, next);
          const standing = core.listOrders('local', { limit: 500 }).sales.filter((sale) => sale.takenBackAt === null);
          for (const id of ids) {
            const sold = core.shownPet('local', id)!.status === 'sold';
            expect(
              standing.filter((sale) => sale.petId === id),
              `animal ${id}`,
            ).toHaveLength(sold ? 1 : 0);
          }
        }
      } finally {
        await core.close();
      }
      const db = openDatabase(join(dataDir, DATABASE_FILE_NAME));
      try {
        const takings = salesBetween(db, 0, Number.MAX_SAFE_INTEGER);
        const sold = db.prepare<[], number>(`SELECT count(*) FROM pets WHERE status = 'sold'`).pluck().get();
        expect(takings).toHaveLength(sold!);
      } finally {
        db.close();
      }
    }),
    { numRuns: 40 },
  );
});
