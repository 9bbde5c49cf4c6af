// The right to send, between two senders over one real replica file (sender-lease.ts): each with
// its own connection, as two processes have.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/main/database/database';
import { REPLICA_MIGRATIONS } from '../../../src/main/database/migrations';
import { createSenderLease, SENDER_LEASE } from '../../../src/main/sync/sender-lease';
import { useCleanups } from '../../helpers/cleanups';
import { useTempDir } from '../../helpers/temp-dir';

const { track } = useCleanups();
const HOUR = 60 * 60 * 1000;

describe('the right to send one outbox', () => {
  const tempDir = useTempDir();

  /** Two senders over one file; the second's clocks are the test's to set. */
  function twoSenders(secondNow: () => number) {
    const file = join(tempDir(), 'replica-staging.db');
    const reclaimed: string[] = [];
    let monotonic = 0;
    const first = createSenderLease(track(openDatabase(file, REPLICA_MIGRATIONS)), {
      reclaim: () => reclaimed.push('first'),
    });
    const second = createSenderLease(track(openDatabase(file, REPLICA_MIGRATIONS)), {
      now: secondNow,
      monotonic: () => monotonic,
      reclaim: () => reclaimed.push('second'),
    });
    return { first, second, reclaimed, pass: (ms: number) => (monotonic += ms) };
  }

  it.each([
    ['15 s', SENDER_LEASE.staleMs],
    ['a day', 24 * HOUR],
  ])('a sender whose clock is %s ahead never takes the lease of a live sender that beats', (_ahead, aheadMs) => {
    const { first, second, reclaimed, pass } = twoSenders(() => Date.now() + aheadMs);
    expect(first.acquire()).toEqual({ held: true });
    for (let beat = 0; beat < 20; beat++) {
      expect(second.acquire()).toEqual({ held: false, holder: { pid: process.pid } });
      pass(SENDER_LEASE.heartbeatMs * 5); // longer than the silence allowed, as the second measures it
      first.heartbeat();
    }
    expect(second.acquire()).toEqual({ held: false, holder: { pid: process.pid } });
    expect(reclaimed).not.toContain('second');
  });

  it('a sender whose clock is behind takes over from one silent for the allowed time, by its own clock alone', () => {
    const { first, second, reclaimed, pass } = twoSenders(() => Date.now() - 24 * HOUR);
    expect(first.acquire()).toEqual({ held: true });
    expect(second.acquire()).toMatchObject({ held: false });
    pass(SENDER_LEASE.staleMs - 1);
    expect(second.acquire()).toMatchObject({ held: false });
    pass(1); // silent (hung) for the whole of it: taken over, and what it had on its way reclaimed
    expect(second.acquire()).toEqual({ held: true });
    expect(reclaimed).toContain('second');
    expect(first.acquire()).toMatchObject({ held: false }); // the first, back, waits its turn
  });

  it('a sender whose process has exited is taken over at once', () => {
    const { second, reclaimed } = twoSenders(Date.now);
    const file = join(tempDir(), 'replica-staging.db');
    const gone = createSenderLease(track(openDatabase(file, REPLICA_MIGRATIONS)), {
      pid: 2 ** 22 + 1, // above Linux's largest pid: no process has it
      reclaim: () => reclaimed.push('gone'),
    });
    expect(gone.acquire()).toEqual({ held: true });
    expect(second.acquire()).toEqual({ held: true });
    expect(reclaimed).toEqual(['gone', 'second']);
  });
});
