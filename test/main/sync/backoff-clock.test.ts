// A retry is never further away than the delay it was given, whatever the computer's clock did
// meanwhile, and a clock set back costs the server at most one early retry of each entry. Our
// service behind the fault proxy on 127.0.0.1 (answering 503 with Retry-After: 1 s); the replica's
// clock is the test's.
import { describe, expect, it } from 'vitest';
import { useCleanups } from '../../helpers/cleanups';
import { openClockedReplica } from '../../helpers/clocked-replica';
import { startFaultProxy } from '../../helpers/fault-proxy';
import { startService } from '../../helpers/http-service';
import { useTempDir } from '../../helpers/temp-dir';
import { join } from 'node:path';
import { openDatabase } from '../../../src/main/database/database';
import { REPLICA_MIGRATIONS } from '../../../src/main/database/migrations';
import { createPetsTable } from '../../../src/main/database/pets-table';
import { createOutbox } from '../../../src/main/sync/outbox';
import type { Replica } from '../../../src/main/sync/replica';

const { track } = useCleanups();
const HOUR = 60 * 60 * 1000;
/** The delay a 503 with Retry-After: 1 gives an entry (the test replica's own backoff is milliseconds). */
const RETRY_AFTER_MS = 1_000;

const KINDS = [
  {
    kind: 'an add',
    async make(replica: Replica, baseUrl: string) {
      const entry = replica.outbox.add({ name: 'Ahead', categoryId: '1' }, baseUrl);
      await replica.engine.syncNow();
      return () => replica.outbox.get(entry.entryId)!;
    },
  },
  {
    kind: 'a change',
    async make(replica: Replica) {
      const [pet] = replica.animals({}).rows.flatMap((row) => (row.kind === 'pet' ? [row.pet] : []));
      const change = replica.changePet(pet!.id, { status: 'sold' })!; // sent by the pass it starts
      await replica.engine.syncNow(); // after that pass
      return () => replica.changeEntry(change.entryId)!;
    },
  },
];

describe('a retry set while the clock was an hour ahead', () => {
  const tempDir = useTempDir();

  it.each(KINDS.map((kind) => [kind.kind, kind] as const))(
    '%s: within its delay once the clock is back; one early retry at most, then the backoff again; then sent, once',
    async (_, { make }) => {
      const service = track(await startService());
      service.store.createPet({ name: 'Known', categoryId: '1', status: 'available' });
      const proxy = track(await startFaultProxy(service.port));
      const clock = { at: Date.now() };
      const replica = track(openClockedReplica(tempDir(), proxy.baseUrl, () => clock.at));
      await replica.walkInventory();
      const walked = proxy.forwarded;

      clock.at += HOUR;
      proxy.setMode('unavailable-503');
      const entry = await make(replica, proxy.baseUrl);
      expect(entry()).toMatchObject({ state: 'pending', attempts: 1 });
      const refused = () => proxy.seen['unavailable-503'];
      expect(refused()).toBe(1);

      clock.at -= HOUR;
      expect(replica.nextDueAt()! - clock.at).toBeLessThanOrEqual(RETRY_AFTER_MS);
      for (let pass = 0; pass < 3; pass++) await replica.engine.syncNow();
      expect(refused()).toBeLessThanOrEqual(2);
      expect(replica.nextDueAt()! - clock.at).toBeGreaterThan(0);
      expect(replica.nextDueAt()! - clock.at).toBeLessThanOrEqual(RETRY_AFTER_MS);

      proxy.setMode('pass');
      clock.at += RETRY_AFTER_MS;
      await replica.engine.syncNow();
      expect(entry()).toMatchObject({ state: 'accepted' });
      expect(proxy.forwarded - walked).toBe(1);
      expect(replica.nextDueAt()).toBeNull();
    },
  );

  it('set by an earlier version of the app, which kept no record of when: within its delay once the clock is back', () => {
    const file = join(tempDir(), 'replica-staging.db');
    const now = Date.now();
    const earlier = openDatabase(file, REPLICA_MIGRATIONS.slice(0, 9));
    earlier
      .prepare(
        `INSERT INTO outbox (environment, base_url, idempotency_key, name, category_id, state, attempts, next_attempt_at, created_at, updated_at)
         VALUES ('staging', 'http://127.0.0.1:9/v1', 'key-1', 'Ahead', 1, 'pending', 1, ?, ?, ?)`,
      )
      .run(now + HOUR + RETRY_AFTER_MS, now + HOUR, now + HOUR);
    earlier.close();

    const db = track(openDatabase(file, REPLICA_MIGRATIONS));
    const outbox = createOutbox(db, createPetsTable(db), 'staging', () => now);
    expect(outbox.nextDueAt()! - now).toBeLessThanOrEqual(RETRY_AFTER_MS);
    expect(outbox.claimDue(1)).toHaveLength(1);
  });
});
