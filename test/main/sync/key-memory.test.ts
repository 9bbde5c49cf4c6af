// A send whose answer was lost is sent again under its Idempotency-Key only while the server can
// be trusted to remember that key; after that (a weekend away, a clock set on or back) the entry
// is held for a person, who checks the server first. Our service behind the fault proxy, on
// 127.0.0.1; the replica's clock is the test's.
import { describe, expect, it } from 'vitest';
import { POLL } from '../../helpers/bounds';
import { useCleanups } from '../../helpers/cleanups';
import { openClockedReplica } from '../../helpers/clocked-replica';
import { startFaultProxy } from '../../helpers/fault-proxy';
import { startService } from '../../helpers/http-service';
import { useTempDir } from '../../helpers/temp-dir';

const { track } = useCleanups();
const HOUR = 60 * 60 * 1000;

/** An add whose only send reached the server, whose answer was lost on the way back. */
async function unansweredAdd(dataDir: string) {
  const service = track(await startService());
  const proxy = track(await startFaultProxy(service.port));
  const clock = { at: Date.now() };
  const replica = track(openClockedReplica(dataDir, proxy.baseUrl, () => clock.at));
  const entry = replica.outbox.add({ name: 'Weekend', categoryId: '1' }, proxy.baseUrl);
  proxy.schedule(['drop-after-commit']);
  await replica.engine.syncNow();
  expect(replica.outbox.get(entry.entryId)).toMatchObject({ state: 'unknown' });
  const sentAt = new Date(clock.at).toLocaleDateString('en-GB', { weekday: 'long' });
  const animals = () => service.db.prepare("SELECT count(*) AS n FROM pets WHERE name = 'Weekend'").get();
  return { service, proxy, clock, replica, entry, sentAt, animals };
}

describe('an outcome unknown for longer than a server remembers a key', () => {
  const tempDir = useTempDir();

  it('a day and more later, the add is not sent again: it is held, saying why, and counted as held, not waiting', async () => {
    const { proxy, clock, replica, entry, sentAt, animals } = await unansweredAdd(tempDir());
    const forwarded = proxy.forwarded;
    clock.at += 25 * HOUR;
    const pass = await replica.engine.syncNow({ force: true });
    expect(proxy.forwarded).toBe(forwarded); // nothing sent
    expect(pass).toMatchObject({ accepted: 0, held: 1 });
    const held = replica.outbox.get(entry.entryId)!;
    expect(held.state).toBe('held');
    expect(held.lastError).toMatch(
      new RegExp(`^Sent on ${sentAt} .* with no answer; the staging server may already have it`),
    );
    expect(held.lastError).toMatch(/Check the server's list, then resend it or discard it\.$/);
    expect(replica.status()).toMatchObject({ waiting: 0, held: 1 });
    // A person found it is not there and sends it anyway: it goes, and is not held again for the old send.
    replica.resend(entry.entryId);
    await replica.engine.syncNow();
    expect(replica.outbox.get(entry.entryId)).toMatchObject({ state: 'accepted' });
    expect(animals()).toEqual({ n: 1 }); // our service still knew the key
  });

  it("within the server's memory of the key, the add is sent again under it, and answered as the first time", async () => {
    const { clock, replica, entry, animals } = await unansweredAdd(tempDir());
    clock.at += 22 * HOUR;
    expect(await replica.engine.syncNow({ force: true })).toMatchObject({ accepted: 1, held: 0 });
    expect(replica.outbox.get(entry.entryId)).toMatchObject({ state: 'accepted' });
    expect(animals()).toEqual({ n: 1 });
  });

  it('a clock set back since the send says nothing of how long ago it was: the add is held', async () => {
    const { proxy, clock, replica, entry } = await unansweredAdd(tempDir());
    const forwarded = proxy.forwarded;
    clock.at -= 2 * HOUR;
    expect(await replica.engine.syncNow({ force: true })).toMatchObject({ accepted: 0, held: 1 });
    expect(proxy.forwarded).toBe(forwarded);
    expect(replica.outbox.get(entry.entryId)).toMatchObject({
      state: 'held',
      lastError: expect.stringMatching(/this computer's clock has been set back since/),
    });
  });

  it('a change sent with no answer a day and more ago is held too, not sent again', async () => {
    const service = track(await startService());
    const proxy = track(await startFaultProxy(service.port));
    const clock = { at: Date.now() };
    const replica = track(openClockedReplica(tempDir(), proxy.baseUrl, () => clock.at));
    const pet = service.store.createPet({ name: 'Changed', categoryId: '1', status: 'available' });
    await replica.walkInventory();
    proxy.schedule(['drop-after-commit']);
    const change = replica.changePet(pet.id, { status: 'sold' })!; // sent by the pass it starts
    await expect.poll(() => replica.changeEntry(change.entryId)?.state, POLL).toBe('unknown');
    const forwarded = proxy.forwarded;
    clock.at += 25 * HOUR;
    expect(await replica.engine.syncNow({ force: true })).toMatchObject({ accepted: 0, held: 1 });
    expect(proxy.forwarded).toBe(forwarded);
    expect(replica.changeEntry(change.entryId)).toMatchObject({
      state: 'held',
      lastError: expect.stringMatching(/with no answer; the staging server may already have made this change/),
    });
    expect(replica.status()).toMatchObject({ waiting: 0, held: 1 });
  });
});
