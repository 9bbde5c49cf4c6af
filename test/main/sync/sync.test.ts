import { describe, expect, it } from 'vitest';
import { startFaultProxy, type Fault, type FaultProxy } from '../../helpers/fault-proxy';
import { startService, TEST_API_KEY, type RunningService } from '../../helpers/http-service';
import { freePort } from '../../helpers/processes';
import { drain, openTestReplica, type ReplicaHandles, type SyncRunsIn } from '../../helpers/replica';
import { useTempDir } from '../../helpers/temp-dir';
import { NO_DEADLINES, POLL } from '../../helpers/bounds';
import { useCleanups } from '../../helpers/cleanups';
import { SYNC_BATCH, SYNC_CONCURRENCY } from '../../../src/main/sync/sync-engine';

const { track } = useCleanups();

function serverNames(service: RunningService): Map<string, number> {
  const rows = service.db.prepare('SELECT name, count(*) AS n FROM pets GROUP BY name').all() as Array<{
    name: string;
    n: number;
  }>;
  return new Map(rows.map(({ name, n }) => [name, n]));
}

function expectReplicaMatchesServer({ replica }: ReplicaHandles, service: RunningService) {
  const server = service.db.prepare('SELECT CAST(id AS TEXT) AS id, name FROM pets ORDER BY id').all();
  const local = replica.db.prepare('SELECT CAST(id AS TEXT) AS id, name FROM pets ORDER BY id').all();
  expect(local).toEqual(server);
  const accepted = replica.db
    .prepare("SELECT count(*) AS n FROM outbox WHERE state = 'accepted' AND server_id IS NOT NULL")
    .get() as { n: number };
  expect(accepted.n).toBe(server.length);
}

describe.each<SyncRunsIn>(['this thread', 'a sync thread'])(
  'offline first: outbox and sync, the engine in %s',
  (syncRunsIn) => {
    const tempDir = useTempDir();

    it('200 animals added with the server down reach it exactly once when it starts; the replica matches; nothing waits', async () => {
      const port = await freePort();
      const handles = openTestReplica(tempDir(), 'staging', `http://127.0.0.1:${port}/v1`, syncRunsIn);
      track(handles);
      await handles.replica.engine.syncNow(); // nothing to send, and the server never heard from
      expect(handles.replica.status().lastSyncedAt).toBeNull();
      const names = Array.from({ length: 200 }, (_, i) => `Offline ${i}`);
      for (const name of names) {
        const entry = handles.replica.createPet({ name, categoryId: '7', status: 'available' });
        expect(entry.state).toBe('pending');
      }
      await handles.replica.engine.syncNow();
      expect(handles.replica.status()).toMatchObject({ connection: 'offline', waiting: 200 });
      expect(handles.replica.listPets({ limit: 100 }).unsynced.map((entry) => entry.name)).toEqual(names.slice(0, 100)); // shown at once, oldest first, one page

      const service = track(await startService({ port }));
      await drain(handles.replica);
      const onServer = serverNames(service);
      expect(onServer.size).toBe(200);
      for (const name of names) expect(onServer.get(name)).toBe(1);
      expectReplicaMatchesServer(handles, service);
      expect(handles.replica.status()).toMatchObject({
        connection: 'online',
        waiting: 0,
        refused: 0,
        problem: null,
        lastSyncedAt: expect.any(String),
      });
    });

    it('through a proxy that drops answers after commit, resets, answers 500/503/429, slows and garbles: nothing lost, nothing duplicated', async () => {
      const service = track(await startService());
      const proxy: FaultProxy = track(await startFaultProxy(service.port));
      const handles = openTestReplica(tempDir(), 'staging', proxy.baseUrl, syncRunsIn);
      track(handles);
      const faults: Fault[] = [
        'drop-after-commit',
        'reset',
        'error-500',
        'unavailable-503',
        'too-many-429',
        'invalid-json',
        'slow',
        'pass',
      ];
      // Faults for the first 150 requests, chosen at random with a fixed seed; then the network heals.
      let seed = 42;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      proxy.schedule(Array.from({ length: 150 }, () => faults[Math.floor(random() * faults.length)]!));
      const names = Array.from({ length: 100 }, (_, i) => `Faulty ${i}`);
      for (const name of names) handles.replica.createPet({ name, categoryId: '3' });
      await drain(handles.replica, 60_000);

      expect(proxy.seen['drop-after-commit']).toBeGreaterThan(5);
      expect(proxy.seen['invalid-json']).toBeGreaterThan(5);
      const onServer = serverNames(service);
      expect(onServer.size).toBe(100);
      for (const name of names) expect(onServer.get(name), name).toBe(1);
      expectReplicaMatchesServer(handles, service);
    });

    it('a 401 mid-run pauses sync for the environment until the key is changed, then it resumes', async () => {
      const service = track(await startService());
      const proxy = track(await startFaultProxy(service.port));
      const handles = openTestReplica(tempDir(), 'staging', proxy.baseUrl, syncRunsIn);
      track(handles);
      proxy.schedule(['pass', 'pass', 'unauthorized-401', 'unauthorized-401', 'unauthorized-401', 'unauthorized-401']);
      const { replica } = handles;
      // One at a time, so the order of outcomes is the order of requests.
      for (let i = 0; i < 10; i++) replica.outbox.add({ name: `Keyed ${i}`, categoryId: '1' }, proxy.baseUrl);
      const first = await replica.engine.syncNow();
      expect(first.stoppedBecause).toBe('key_rejected');
      expect(replica.status()).toMatchObject({
        connection: 'key_rejected',
        problem: { code: 'key_rejected', message: expect.stringContaining('rejected the key') },
      });
      expect((await replica.engine.syncNow({ force: true })).stoppedBecause).toBe('key_rejected'); // stays paused
      const sentBeforeKeyChange = proxy.forwarded;
      proxy.schedule([]);
      replica.engine.keyChanged();
      await drain(replica);
      expect(proxy.forwarded).toBeGreaterThan(sentBeforeKeyChange);
      expect(serverNames(service).size).toBe(10);
      expect(replica.status()).toMatchObject({ connection: 'online', problem: null });
    });

    it('a 401 to a request sent with the old key, arriving after the key was changed, does not pause sync', async () => {
      const service = track(await startService());
      const proxy = track(await startFaultProxy(service.port));
      const handles = track(
        openTestReplica(tempDir(), 'staging', proxy.baseUrl, syncRunsIn, { timeouts: NO_DEADLINES }),
      );
      const { replica } = handles;
      handles.config.key = 'the-old-wrong-key-12345';
      proxy.schedule(['hold']); // the answer (401, from the service) is held back
      replica.outbox.add({ name: 'Sent with the old key', categoryId: '1' }, proxy.baseUrl);
      const first = replica.engine.syncNow();
      await expect.poll(() => proxy.held, POLL).toBe(1); // answered, unheard, with the old key
      handles.config.key = TEST_API_KEY; // a person sets the right key meanwhile
      replica.engine.keyChanged();
      proxy.release();
      await first;
      await drain(replica);
      expect(serverNames(service).get('Sent with the old key')).toBe(1);
    });

    it("a refused animal is kept with the server's reason, blocks none behind it, and can be fixed and resent or discarded", async () => {
      const service = track(await startService());
      const proxy = track(await startFaultProxy(service.port));
      const { replica } = track(openTestReplica(tempDir(), 'staging', proxy.baseUrl, syncRunsIn));
      const entries = ['Refused', 'Behind 1', 'Behind 2', 'Refused too'].map((name) =>
        replica.outbox.add({ name, categoryId: '1' }, proxy.baseUrl),
      );
      proxy.schedule(['reject-400', 'pass', 'pass', 'reject-400']);
      await drain(replica);
      const [refused, , , refusedToo] = entries.map((entry) => replica.outbox.get(entry.entryId)!);
      expect(refused).toMatchObject({ state: 'refused', lastError: 'injected 400' });
      expect([...serverNames(service).keys()].sort()).toEqual(['Behind 1', 'Behind 2']);
      expect(replica.status()).toMatchObject({ waiting: 0, refused: 2 });
      expect(replica.listPets().unsynced.map((entry) => entry.state)).toEqual(['refused', 'refused']);

      expect(replica.resend(refused!.entryId, { name: 'Fixed', categoryId: '2' })).toMatchObject({
        state: expect.stringMatching(/^(pending|sending)$/), // on its way at once when the engine runs here
        name: 'Fixed',
      });
      await drain(replica);
      expect(replica.outbox.get(refused!.entryId)).toMatchObject({ state: 'accepted', name: 'Fixed' });
      expect(replica.discard(refusedToo!.entryId)).toEqual({ discarded: true, mayBeOnServer: false });
      expect(replica.outbox.get(refusedToo!.entryId)).toBeUndefined();
      expect([...serverNames(service).keys()].sort()).toEqual(['Behind 1', 'Behind 2', 'Fixed']);
      expect(replica.status()).toMatchObject({ waiting: 0, refused: 0 });
      expect(replica.discard(refused!.entryId)).toEqual({ discarded: false, mayBeOnServer: true });
    });

    it('an animal discarded while on its way: main answers that the server may have it (it does), and never sends it again', async () => {
      const service = track(await startService());
      const proxy = track(await startFaultProxy(service.port));
      const { replica } = track(
        openTestReplica(tempDir(), 'staging', proxy.baseUrl, syncRunsIn, { timeouts: NO_DEADLINES }),
      );
      proxy.schedule(['hold']); // its answer waits until the test releases it
      const entry = replica.createPet({ name: 'On its way', categoryId: '1' });
      await expect.poll(() => replica.outbox.get(entry.entryId)?.state, POLL).toBe('sending');
      expect(replica.discard(entry.entryId)).toEqual({ discarded: true, mayBeOnServer: true });
      await expect.poll(() => serverNames(service).get('On its way'), POLL).toBe(1);
      proxy.release();
      await replica.engine.syncNow(); // after the pass that sent it, whose answer finds nothing to record
      expect(replica.outbox.list()).toEqual([]);
      expect(serverNames(service).get('On its way')).toBe(1);
      expect(replica.status()).toMatchObject({ waiting: 0, refused: 0, problem: null });
    });

    it("keeps environments apart: staging entries never reach production, even when staging's address is changed to production's", async () => {
      const production = track(await startService());
      const stagingPort = await freePort(); // staging is down
      const dir = tempDir();
      const staging = openTestReplica(dir, 'staging', `http://127.0.0.1:${stagingPort}/v1`, syncRunsIn);
      track(staging);
      const prod = openTestReplica(dir, 'production', `${production.baseUrl}/v1`, syncRunsIn);
      track(prod);
      for (let i = 0; i < 5; i++) staging.replica.createPet({ name: `Staging only ${i}`, categoryId: '1' });
      await staging.replica.engine.syncNow();

      staging.config.baseUrl = `${production.baseUrl}/v1`; // someone points staging at production's address
      await staging.replica.engine.syncNow({ force: true });
      expect(serverNames(production).size).toBe(0);
      const waiting = staging.replica.outbox.unsynced();
      expect(waiting.map((entry) => entry.state)).toEqual(Array(5).fill('held'));
      expect(waiting[0]!.lastError).toContain(
        `changed from http://127.0.0.1:${stagingPort}/v1 to ${production.baseUrl}/v1`,
      );
      expect(staging.replica.status().held).toBe(5);

      prod.replica.createPet({ name: 'Production animal', categoryId: '1' });
      await drain(prod.replica);
      expect([...serverNames(production).keys()]).toEqual(['Production animal']);
      expect(staging.replica.listPets().pets).toEqual([]); // the replicas never mix
      expect(prod.replica.listPets().unsynced).toEqual([]);

      // A person confirms one entry for the new address: only that one is sent.
      expect(staging.replica.resend(waiting[0]!.entryId)).toMatchObject({
        state: expect.stringMatching(/^(pending|sending)$/), // on its way at once when the engine runs here
        baseUrl: staging.config.baseUrl,
      });
      await drain(staging.replica);
      expect([...serverNames(production).keys()].sort()).toEqual(['Production animal', 'Staging only 0']);
    });

    it('an address changed while a pass sends: nothing goes to the new one; at most the batch under way still goes where it was made for', async () => {
      const staging = track(await startService());
      const production = track(await startService());
      const proxy = track(await startFaultProxy(staging.port, 50));
      proxy.setMode('slow');
      const handles = track(openTestReplica(tempDir(), 'staging', proxy.baseUrl, syncRunsIn));
      for (let i = 0; i < 300; i++) handles.replica.createPet({ name: `Made for staging ${i}`, categoryId: '1' });
      const pass = handles.replica.engine.syncNow();
      await expect.poll(() => serverNames(staging).size, { interval: 5, timeout: 10_000 }).toBeGreaterThan(0);
      handles.config.baseUrl = `${production.baseUrl}/v1`;
      const sentBefore = serverNames(staging).size + SYNC_CONCURRENCY; // those on their way too
      await pass;
      await drain(handles.replica);
      expect(serverNames(production).size).toBe(0);
      const sent = serverNames(staging).size;
      expect(sent).toBeLessThanOrEqual(sentBefore + SYNC_BATCH);
      expect(handles.replica.status()).toMatchObject({ waiting: 0, held: 300 - sent });
    });

    it("reads answer at once from the replica with their freshness; a refresh stores the server's animals", async () => {
      const service = track(await startService());
      const { replica } = track(openTestReplica(tempDir(), 'staging', `${service.baseUrl}/v1`, syncRunsIn));
      service.store.createPet({ name: 'Known to the server', categoryId: '9', status: 'sold' });
      expect(replica.listPets({ status: 'sold' })).toMatchObject({ pets: [], listedAt: null, source: 'replica' });
      const asked = Date.now();
      const fresh = await replica.refresh({ status: 'sold' });
      expect(fresh).toMatchObject({ source: 'server', pets: [{ name: 'Known to the server', status: 'sold' }] });
      expect(Date.parse(fresh.listedAt!)).toBeGreaterThanOrEqual(asked);
      await service.close(); // the server goes away
      expect(replica.listPets({ status: 'sold' })).toMatchObject({
        pets: [{ name: 'Known to the server' }],
        listedAt: fresh.listedAt,
        source: 'replica',
      });
      await expect(replica.refresh({ status: 'sold' })).rejects.toMatchObject({ kind: 'unreachable' });
      expect(replica.status()).toMatchObject({ connection: 'offline', lastContactAt: expect.any(String) });
    });
  },
);
