// The Idempotency-Keys the outbox makes: UUIDv7, in the order they are made, so that a server's
// index of them grows at one end.
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from '../../../src/main/sync/idempotency-keys';
import { useCleanups } from '../../helpers/cleanups';
import { startService } from '../../helpers/http-service';
import { openTestReplica } from '../../helpers/replica';
import { useTempDir } from '../../helpers/temp-dir';

const { track } = useCleanups();
const tempDir = useTempDir();

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const expectMadeInOrder = (keys: string[], count: number) => {
  expect(keys).toHaveLength(count);
  for (const key of keys) expect(key).toMatch(UUID_V7);
  expect(new Set(keys).size).toBe(count);
  expect(keys.toSorted()).toEqual(keys);
};

describe('Idempotency-Keys', () => {
  it('are UUIDv7 that sort in the order made, many in the same millisecond too', () => {
    expectMadeInOrder(Array.from({ length: 5_000 }, newIdempotencyKey), 5_000);
  });

  it('the adds and changes a counter queues offline carry them, in the order made', async () => {
    const service = track(await startService());
    const animals = Array.from({ length: 20 }, (_, i) =>
      service.store.createPet({ name: `Animal ${i}`, categoryId: '1', status: 'available' }),
    );
    const { replica } = track(openTestReplica(tempDir(), 'staging', `${service.baseUrl}/v1`));
    await replica.walkInventory();
    await service.close(); // the server goes away: what follows waits in the outbox

    for (const [i, animal] of animals.entries()) {
      replica.createPet({ name: `Queued ${i}`, categoryId: '1' });
      replica.changePet(animal.id, { status: 'sold' });
    }
    const keys = (table: string) =>
      replica.db.prepare<[], string>(`SELECT idempotency_key FROM ${table} ORDER BY id`).pluck().all();
    expectMadeInOrder(keys('outbox'), 20);
    expectMadeInOrder(keys('pet_changes'), 20);
  });
});
