import { describe, expect, it } from 'vitest';
import { createIdempotencyStore, IDEMPOTENCY_KEY_RETENTION_MS } from '../../../src/main/server/idempotency';
import { useStore } from '../../helpers/store';

describe('Idempotency-Key records', () => {
  const open = useStore();

  /** Keys over a clock the test moves; `create` adds an animal and counts the creations. */
  function keysOverTime() {
    const { db, store } = open();
    const clock = { now: 1_000_000 };
    const keys = createIdempotencyStore(db, () => clock.now);
    const counter = { created: 0 };
    const create = () => {
      counter.created++;
      const pet = store.createPet({ name: 'Rex', categoryId: '1' });
      return { location: `/v1/pets/${pet.id}`, body: JSON.stringify(pet) };
    };
    return { db, keys, clock, counter, create };
  }

  it('are kept at least 24 hours, then purged', () => {
    const { keys, clock, counter, create } = keysOverTime();
    const first = keys.respond('k', 'request', create);
    clock.now += IDEMPOTENCY_KEY_RETENTION_MS; // exactly 24 hours later: still a replay
    expect(keys.purgeExpired()).toBe(0);
    expect(keys.respond('k', 'request', create)).toEqual({ ...first, replayed: true });
    clock.now += 1;
    expect(keys.purgeExpired()).toBe(1);
    expect(keys.respond('k', 'request', create).replayed).toBe(false);
    expect(counter.created).toBe(2);
  });

  it('past 24 hours a key is new again, purged or not; the expired are cleared as keys come', () => {
    const { db, keys, clock, counter, create } = keysOverTime();
    keys.respond('old', 'request', create);
    keys.respond('reused', 'request', create);
    clock.now += IDEMPOTENCY_KEY_RETENTION_MS + 1;
    // Never purged: still not a replay, and another request under it is no mismatch.
    expect(keys.respond('reused', 'another request', create).replayed).toBe(false);
    expect(counter.created).toBe(3);
    const stored = () => db.prepare('SELECT key FROM idempotency_keys ORDER BY key').pluck().all();
    expect(stored()).toEqual(['reused']); // 'old' cleared on the way
    expect(keys.respond('reused', 'another request', create).replayed).toBe(true);
  });

  it('are cleared oldest first, up to the first one not expired (a clock set back keeps what follows a while longer)', () => {
    const { db, keys, clock, counter, create } = keysOverTime();
    keys.respond('first', 'request', create);
    clock.now += 1_000;
    keys.respond('second', 'request', create);
    clock.now -= 10_000; // the clock is set back
    keys.respond('behind', 'request', create);
    clock.now += 1_000 + 10_000 + IDEMPOTENCY_KEY_RETENTION_MS; // 'first' and 'second' expired; 'behind' too
    expect(keys.purgeExpired()).toBe(3);
    clock.now += 5_000;
    keys.respond('ahead', 'request', create);
    clock.now -= 60_000;
    keys.respond('late', 'request', create);
    clock.now += 60_000 - 5_000 + IDEMPOTENCY_KEY_RETENTION_MS; // 'late' has expired, 'ahead' not yet
    expect(keys.purgeExpired()).toBe(0);
    expect(keys.respond('late', 'another request', create).replayed).toBe(false); // expired all the same
    expect(counter.created).toBe(6);
    expect(db.prepare('SELECT key FROM idempotency_keys ORDER BY rowid').pluck().all()).toEqual(['ahead', 'late']);
  });

  it('record nothing when the creation fails, so a retry can still succeed', () => {
    const { db } = open();
    const keys = createIdempotencyStore(db);
    expect(() =>
      keys.respond('k', 'request', () => {
        throw new Error('disk full');
      }),
    ).toThrow('disk full');
    expect(db.prepare('SELECT count(*) AS n FROM idempotency_keys').get()).toEqual({ n: 0 });
  });
});
