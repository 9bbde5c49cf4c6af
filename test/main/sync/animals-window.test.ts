// The animals screen's window of a server's animals and the adds made here: what a status filter
// counts is what it lists, and an add a server refused (never in the shop) is under All alone,
// where a person fixes or discards it. Real replica files; our service behind the fault proxy.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PetStatus } from '../../../src/shared/contract';
import { useCleanups } from '../../helpers/cleanups';
import { startFaultProxy } from '../../helpers/fault-proxy';
import { startService } from '../../helpers/http-service';
import { openTestReplica } from '../../helpers/replica';
import { useTempDir } from '../../helpers/temp-dir';
import type { Replica } from '../../../src/main/sync/replica';

const { track } = useCleanups();
const STATUSES: PetStatus[] = ['available', 'pending', 'sold'];

/** Each row's name, for every filter of the screen: All, then each status. */
function byFilter(replica: Replica) {
  return [undefined, ...STATUSES].map((status) => {
    const window = replica.animals({ limit: 500, ...(status ? { status } : {}) });
    const names = window.rows.map((row) => (row.kind === 'pet' ? row.pet.name : row.entry.name));
    return { status, total: window.total, count: window.counts[status ?? 'all'], names, rows: window.rows };
  });
}

describe('the animals window', () => {
  const tempDir = useTempDir();

  it('an add the server refused is counted and listed under All only, not under the status it was given', async () => {
    const service = track(await startService());
    service.store.createPet({ name: 'In the shop', categoryId: '1', status: 'available' });
    const proxy = track(await startFaultProxy(service.port));
    const { replica } = track(openTestReplica(tempDir(), 'staging', proxy.baseUrl));
    await replica.walkInventory();
    proxy.schedule(['reject-400']);
    replica.outbox.add({ name: 'Refused', categoryId: '1', status: 'available' }, proxy.baseUrl);
    await replica.engine.syncNow();
    proxy.setMode('reset'); // what is added now waits
    replica.outbox.add({ name: 'On its way', categoryId: '1', status: 'available' }, proxy.baseUrl);
    await replica.engine.syncNow();
    expect(replica.status()).toMatchObject({ refused: 1, waiting: 1 });

    const [all, available, pending, sold] = byFilter(replica);
    expect(all).toMatchObject({ total: 3, count: 3 });
    expect(all!.names.sort()).toEqual(['In the shop', 'On its way', 'Refused']);
    expect(available).toMatchObject({ total: 2, count: 2 });
    expect(available!.names.sort()).toEqual(['In the shop', 'On its way']);
    expect(replica.animals({}).counts).toEqual({ all: 3, available: 2, pending: 0, sold: 0 });
    expect([pending!.names, sold!.names]).toEqual([[], []]);
    expect(replica.listPets({ status: 'available' }).unsynced.map((entry) => entry.name)).toEqual(['On its way']);
  });

  it('under every filter, the count is the number of rows, and each row is of that status and not refused', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            status: fc.constantFrom<PetStatus | undefined>(undefined, ...STATUSES),
            fate: fc.constantFrom('waits', 'refused', 'held', 'accepted' as const),
          }),
          { maxLength: 30 },
        ),
        async (adds) => {
          const dataDir = join(tempDir(), `run-${run++}`);
          mkdirSync(dataDir);
          const handles = openTestReplica(dataDir, 'production', 'http://127.0.0.1:9/v1');
          const { replica } = handles;
          try {
            for (const [i, { status, fate }] of adds.entries()) {
              const baseUrl = handles.config.baseUrl;
              const entry = replica.outbox.add(
                { name: `Animal ${i}`, categoryId: '1', ...(status ? { status } : {}) },
                baseUrl,
              );
              if (fate === 'refused') replica.outbox.refuse(entry.entryId, 'refused');
              if (fate === 'held') replica.outbox.hold(entry.entryId, 'address changed');
              if (fate === 'accepted') {
                const pet = { id: String(1_000 + i), name: entry.name, categoryId: '1', ...(status ? { status } : {}) };
                replica.outbox.accept([{ entryId: entry.entryId, pet }]);
              }
            }
            for (const { status, total, count, rows } of byFilter(replica)) {
              expect(count).toBe(total);
              expect(rows).toHaveLength(total);
              if (status === undefined) expect(total).toBe(adds.length);
              for (const row of rows) {
                if (status !== undefined) {
                  expect(row.kind === 'pet' ? row.pet.status : row.entry.status).toBe(status);
                  expect(row.kind === 'entry' && row.entry.state).not.toBe('refused');
                }
              }
            }
          } finally {
            await handles.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
