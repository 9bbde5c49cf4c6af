// A server that answers 429 or 503 with Retry-After asks not to be sent to before then. The
// backoff already waits for it; a person's "Sync now" (a forced pass) skips the backoff, but not
// the server's own wait: what waits goes once it is over, then at once. Our service behind the
// fault proxy on 127.0.0.1; the replica's clock is the test's.
import { describe, expect, it } from 'vitest';
import { useCleanups } from '../../helpers/cleanups';
import { openClockedReplica } from '../../helpers/clocked-replica';
import { startFaultProxy, type Fault } from '../../helpers/fault-proxy';
import { startService } from '../../helpers/http-service';
import { useTempDir } from '../../helpers/temp-dir';

const { track } = useCleanups();
const RETRY_AFTER_S = 120;

describe("a forced pass and a server's Retry-After", () => {
  const tempDir = useTempDir();

  it.each<Fault>(['too-many-429', 'unavailable-503'])(
    '%s: "Sync now" sends nothing until the wait is over; then what waited goes, once',
    async (fault) => {
      const service = track(await startService());
      const proxy = track(await startFaultProxy(service.port));
      const clock = { at: Date.now() };
      const replica = track(openClockedReplica(tempDir(), proxy.baseUrl, () => clock.at));
      proxy.setRetryAfter(RETRY_AFTER_S);
      proxy.setMode(fault);

      const entry = replica.outbox.add({ name: 'Patience', categoryId: '1' }, proxy.baseUrl);
      await replica.engine.syncNow();
      expect(proxy.seen[fault]).toBe(1);
      expect(replica.outbox.get(entry.entryId)).toMatchObject({
        state: 'pending',
        attempts: 1,
        lastError: expect.stringMatching(/ It asked for a pause of 2 min: what waits goes after it\.$/),
      });

      clock.at += (RETRY_AFTER_S / 2) * 1000;
      expect(await replica.engine.syncNow({ force: true })).toMatchObject({ accepted: 0 });
      expect(proxy.seen[fault]).toBe(1); // not asked again within its wait
      expect(replica.outbox.get(entry.entryId)).toMatchObject({ state: 'pending', attempts: 1 });

      clock.at += (RETRY_AFTER_S / 2) * 1000 + 1;
      proxy.setMode('pass');
      expect(await replica.engine.syncNow({ force: true })).toMatchObject({ accepted: 1 });
      expect(replica.outbox.get(entry.entryId)).toMatchObject({ state: 'accepted', attempts: 2 });
      expect(service.db.prepare('SELECT count(*) AS n FROM pets WHERE name = ?').get('Patience')).toEqual({ n: 1 });
    },
  );

  it('a wait the backoff set on its own is still skipped by "Sync now"', async () => {
    const service = track(await startService());
    const proxy = track(await startFaultProxy(service.port));
    const clock = { at: Date.now() };
    const replica = track(openClockedReplica(tempDir(), proxy.baseUrl, () => clock.at));
    proxy.setMode('error-500'); // no Retry-After: the backoff alone decides

    const entry = replica.outbox.add({ name: 'Eager', categoryId: '1' }, proxy.baseUrl);
    await replica.engine.syncNow();
    expect(replica.outbox.get(entry.entryId)).toMatchObject({ state: 'unknown', attempts: 1 });
    proxy.setMode('pass');
    expect(await replica.engine.syncNow({ force: true })).toMatchObject({ accepted: 1 });
  });
});
