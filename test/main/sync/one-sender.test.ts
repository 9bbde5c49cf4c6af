// One sender per outbox, progress kept, a clean stop: real replica files shared by two engines,
// our service behind the fault proxy on 127.0.0.1, real processes' pids.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openPetstoreCore } from '../../../src/main/core/petstore-core';
import { createKeychain } from '../../../src/main/secrets/keychain';
import { builtCommand, commandEnv } from '../../helpers/built-commands';
import { NO_DEADLINES, POLL } from '../../helpers/bounds';
import { useCleanups } from '../../helpers/cleanups';
import { startFaultProxy } from '../../helpers/fault-proxy';
import { startService, TEST_API_KEY } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';
import { drain, openTestReplica, type SyncRunsIn } from '../../helpers/replica';
import { SYNC_BATCH } from '../../../src/main/sync/sync-engine';
import { SENDER_LEASE } from '../../../src/main/sync/sender-lease';
import { openClockedReplica } from '../../helpers/clocked-replica';
import { useTempDir } from '../../helpers/temp-dir';

const { track, later } = useCleanups();

/** The states of the outbox entries in a replica file, read by a connection of the test's own. */
function states(dataDir: string): Record<string, number> {
  const file = new Database(join(dataDir, 'replica-staging.db'), { readonly: true });
  try {
    const rows = file.prepare('SELECT state, count(*) AS n FROM outbox GROUP BY state').all() as Array<{
      state: string;
      n: number;
    }>;
    return Object.fromEntries(rows.map(({ state, n }) => [state, n]));
  } finally {
    file.close();
  }
}

/** A pid no process has any more: a child that has exited. */
const goneProcess = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe.each<SyncRunsIn>(['this thread', 'a sync thread'])(
  'the outbox has one sender at a time, the engine in %s',
  (syncRunsIn) => {
    const tempDir = useTempDir();

    it('a second engine on the same file, its clock the same or 15 s ahead, sends nothing while the first holds the right to send; nothing goes twice', async () => {
      const service = track(await startService());
      const proxy = track(await startFaultProxy(service.port));
      const dataDir = tempDir();
      const first = track(openTestReplica(dataDir, 'staging', proxy.baseUrl, syncRunsIn, { timeouts: NO_DEADLINES }));
      for (let i = 0; i < 40; i++) first.replica.outbox.add({ name: `Once ${i}`, categoryId: '1' }, proxy.baseUrl);
      proxy.setMode('hold'); // the first sender's answers wait until the test releases them
      const sending = first.replica.engine.syncNow();
      await expect.poll(() => states(dataDir)['sending'] ?? 0, POLL).toBeGreaterThan(0);
      const second = track(openTestReplica(dataDir, 'staging', proxy.baseUrl, syncRunsIn)); // opening reclaims nothing
      expect(states(dataDir)['unknown'] ?? 0).toBe(0);
      const refused = await second.replica.engine.syncNow({ force: true });
      expect(refused).toMatchObject({ accepted: 0, stoppedBecause: 'elsewhere' });
      expect(second.replica.status().otherSender).toEqual({ pid: process.pid });
      // Its clock ahead by the silence a sender is allowed: the first's last heartbeat looks that old to it.
      const ahead = track(openClockedReplica(dataDir, proxy.baseUrl, () => Date.now() + SENDER_LEASE.staleMs));
      expect(await ahead.engine.syncNow({ force: true })).toMatchObject({ accepted: 0, stoppedBecause: 'elsewhere' });
      proxy.setMode('pass');
      proxy.release();
      await sending;
      await drain(first.replica);
      expect(proxy.forwarded).toBe(40); // each entry sent exactly once, by one sender
      expect((service.db.prepare('SELECT count(*) AS n FROM pets').get() as { n: number }).n).toBe(40);
    });

    it("what a gone sender left on its way is taken over and sent; a live one's is left alone", async () => {
      const service = track(await startService());
      const dataDir = tempDir();
      const handles = track(openTestReplica(dataDir, 'staging', `${service.baseUrl}/v1`, syncRunsIn));
      for (let i = 0; i < 3; i++)
        handles.replica.outbox.add({ name: `Left ${i}`, categoryId: '1' }, `${service.baseUrl}/v1`);
      const file = new Database(join(dataDir, 'replica-staging.db'));
      later(() => file.close());
      const claimBy = (pid: number) => {
        file.prepare("UPDATE outbox SET state = 'sending'").run();
        file
          .prepare(
            'INSERT INTO sender (id, owner, pid, heartbeat_at) VALUES (1, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, pid = excluded.pid, heartbeat_at = excluded.heartbeat_at',
          )
          .run(`${pid}:other`, pid, Date.now());
      };
      // A live process (this test's parent, the test runner) holds it, with a fresh heartbeat: hands off.
      claimBy(process.ppid);
      expect((await handles.replica.engine.syncNow({ force: true })).stoppedBecause).toBe('elsewhere');
      expect(states(dataDir)).toEqual({ sending: 3 });
      // Its process has exited: taken over, the entries sent again with their keys (they may have gone out).
      claimBy(goneProcess());
      await drain(handles.replica);
      expect(states(dataDir)).toEqual({ accepted: 3 });
      expect((service.db.prepare('SELECT count(*) AS n FROM pets').get() as { n: number }).n).toBe(3);
    });

    it('acceptances are recorded as they arrive, not when the whole batch has answered', async () => {
      const service = track(await startService());
      const proxy = track(await startFaultProxy(service.port));
      const dataDir = tempDir();
      const handles = track(openTestReplica(dataDir, 'staging', proxy.baseUrl, syncRunsIn, { timeouts: NO_DEADLINES }));
      for (let i = 0; i < 16; i++) handles.replica.outbox.add({ name: `Early ${i}`, categoryId: '1' }, proxy.baseUrl);
      proxy.schedule([...Array(8).fill('pass'), ...Array(8).fill('hold')]);
      let passDone = false;
      const pass = handles.replica.engine.syncNow().finally(() => (passDone = true));
      await expect.poll(() => states(dataDir)['accepted'] ?? 0, POLL).toBe(8);
      // On disk while the other half is still on its way: their answers have not been relayed yet.
      expect(states(dataDir)).toEqual({ accepted: 8, sending: 8 });
      expect(passDone).toBe(false);
      // Every held request has reached the proxy (a release lets go of those that have, only).
      await expect.poll(() => proxy.held, POLL).toBe(8);
      proxy.release();
      await pass;

      expect(states(dataDir)).toEqual({ accepted: 16 });
    });

    it('one slow answer holds up no other: the next batch is claimed and sent while it is on its way', async () => {
      const service = track(await startService());
      const proxy = track(await startFaultProxy(service.port));
      const dataDir = tempDir();
      const handles = track(openTestReplica(dataDir, 'staging', proxy.baseUrl, syncRunsIn, { timeouts: NO_DEADLINES }));
      const entries = SYNC_BATCH + 36;
      for (let i = 0; i < entries; i++)
        handles.replica.outbox.add({ name: `Flow ${i}`, categoryId: '1' }, proxy.baseUrl);
      proxy.schedule(['hold']);
      let passDone = false;
      const pass = handles.replica.engine.syncNow().finally(() => (passDone = true));
      // Every other entry, of this batch and the next, is on disk before the held one is answered.
      await expect.poll(() => states(dataDir)['accepted'] ?? 0, POLL).toBe(entries - 1);
      expect(states(dataDir)).toEqual({ accepted: entries - 1, sending: 1 });
      expect(passDone).toBe(false);
      await expect.poll(() => proxy.held, POLL).toBe(1);
      proxy.release();
      await pass;
      expect(states(dataDir)).toEqual({ accepted: entries });
    });

    it('a clean stop calls off what is in flight without waiting for its answers, and leaves nothing on its way', async () => {
      const service = track(await startService());
      const proxy = track(await startFaultProxy(service.port));
      const dataDir = tempDir();
      const handles = openTestReplica(dataDir, 'staging', proxy.baseUrl, syncRunsIn, { timeouts: NO_DEADLINES });
      for (let i = 0; i < 100; i++) handles.replica.outbox.add({ name: `Quit ${i}`, categoryId: '1' }, proxy.baseUrl);
      proxy.setMode('hold'); // no answer comes while the test runs
      void handles.replica.engine.syncNow().catch(() => undefined);
      await expect.poll(() => states(dataDir)['sending'] ?? 0, POLL).toBeGreaterThan(0);
      await handles.close(); // a stop that waited for an answer would never end
      const after = states(dataDir);
      expect(after['sending'] ?? 0).toBe(0);
      expect((after['unknown'] ?? 0) + (after['pending'] ?? 0)).toBe(100);
      const file = new Database(join(dataDir, 'replica-staging.db'), { readonly: true });
      expect(file.prepare('SELECT count(*) AS n FROM sender').get()).toEqual({ n: 0 }); // the right to send given up
      file.close();
    });
  },
);

describe('across processes', () => {
  const tempDir = useTempDir();

  itWithKeyring("the CLI's sync leaves the app's outbox to the app while it sends: nothing is sent twice", async () => {
    const service = track(await startService());
    const proxy = track(await startFaultProxy(service.port, 200));
    const dataDir = tempDir();
    const keychainService = `one sender ${process.pid}`;
    const core = openPetstoreCore({ dataDir, env: {}, keychain: createKeychain(keychainService), syncInThread: true });
    later(() => core.close());
    await core.setBaseUrl('staging', proxy.baseUrl);
    await core.setKey('staging', TEST_API_KEY);
    proxy.setMode('slow');
    for (let i = 0; i < 30; i++) core.addPet('staging', { name: `App ${i}`, categoryId: '1' });
    core.startSync(); // the app's sync thread takes the right to send, and keeps it
    await expect.poll(() => states(dataDir)['accepted'] ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    const cli = spawnSync(process.execPath, [builtCommand('petstore'), 'sync', '--env', 'staging'], {
      encoding: 'utf8',
      env: commandEnv({ PETSTORE_DATA_DIR: dataDir, PETSTORE_KEYCHAIN_SERVICE: keychainService }),
    });
    expect(cli.stderr).toMatch(
      /Another Petstore Desk process on this computer \(pid \d+\) is sending the staging outbox/,
    );
    proxy.setMode('pass');
    await expect.poll(() => states(dataDir), { timeout: 20_000 }).toEqual({ accepted: 30 });
    expect(proxy.forwarded).toBe(30);
    await core.clearKey('staging');
  });
});
