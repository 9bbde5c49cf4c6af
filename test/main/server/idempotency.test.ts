import { describe, expect, it } from 'vitest';
import { createIdempotencyStore, IDEMPOTENCY_KEY_RETENTION_MS } from '../../../src/main/server/idempotency';
import { useStore } from '../../helpers/store';

describe('Idempotency-Key records', () => {
  const open = useStore();

  it('are kept at least 24 hours, then purged', () => {
    const { db, store } = open();
    let now = 1_000_000;
    const keys = createIdempotencyStore(db, () => now);
    let created = 0;
    const create = () => {
      created++;
      const pet = store.createPet({ name: 'Rex', categoryId: '1' });
      return { location: `/v1/pets/${pet.id}`, body: JSON.stringify(pet) };
    };
    const first = keys.respond('k', 'request', create);
    now += IDEMPOTENCY_KEY_RETENTION_MS; // exactly 24 hours later: still a replay
    expect(keys.purgeExpired()).toBe(0);
    expect(keys.respond('k', 'request', create)).toEqual({ ...first, replayed: true });
    now += 1;
    expect(keys.purgeExpired()).toBe(1);
    expect(keys.respond('k', 'request', create).replayed).toBe(false);
    expect(created).toBe(2);
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
