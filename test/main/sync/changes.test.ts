// Changes of the server's animals made here: kept durably, shown at once, sent exactly
// once in order per animal, through faults; conflicts with another counter kept for a person;
// a server without the extension detected. Real service, real replica files, real HTTP.
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RemoteError } from '../../../src/main/remote/remote-error';
import { createPetsTable } from '../../../src/main/database/pets-table';
import type { Replica } from '../../../src/main/sync/replica';
import { SINGLES_IN_FLIGHT } from '../../../src/main/sync/change-sender';
import { CHANGE_BATCHES_IN_FLIGHT } from '../../../src/main/sync/sync-engine';
import {
  fieldsServerDecides,
  localToday,
  pickFields,
  type Pet,
  type PetPatch,
  type PetStatus,
} from '../../../src/shared/contract';
import { NO_DEADLINES, POLL } from '../../helpers/bounds';
import { useCleanups } from '../../helpers/cleanups';
import { startServiceFront } from '../../helpers/service-front';
import { startFaultProxy, type Fault } from '../../helpers/fault-proxy';
import { startService, type RunningService } from '../../helpers/http-service';
import { drain, openTestReplica, type SyncRunsIn } from '../../helpers/replica';
import { useTempDir } from '../../helpers/temp-dir';

const { track } = useCleanups();
const tempDir = useTempDir();

const onServer = (service: RunningService, id: string) => service.store.getPet(id);
const row = (replica: Replica, id: string) => {
  const found = replica.animals({ limit: 100 }).rows.find((r) => r.kind === 'pet' && r.pet.id === id);
  return found?.kind === 'pet' ? found : undefined;
};
const seed = (service: RunningService, count: number): Pet[] =>
  Array.from({ length: count }, (_, i) =>
    service.store.createPet({ name: `Animal ${i}`, categoryId: '1', status: 'available' }),
  );

describe.each<SyncRunsIn>(['this thread', 'a sync thread'])('changes, the engine in %s', (syncRunsIn) => {
  it('a change made offline shows at once (under its new status, marked waiting) and reaches the server once when it is back', async () => {
    const service = track(await startService());
    const proxy = track(await startFaultProxy(service.port));
    const [rex] = seed(service, 1) as [Pet];
    const { replica } = track(openTestReplica(tempDir(), 'staging', proxy.baseUrl, syncRunsIn));
    await replica.walkInventory();
    proxy.setMode('reset'); // the network is down

    const change = replica.changePet(rex.id, { status: 'sold' });
    expect(change).toMatchObject({ state: 'pending', patch: { status: 'sold' }, base: { revision: 1 } });
    const sold = replica.animals({ status: 'sold' });
    expect(sold.rows.map((r) => r.kind === 'pet' && r.pet.id)).toEqual([rex.id]);
    expect(sold.counts).toMatchObject({ available: 0, sold: 1 });
    expect(row(replica, rex.id)?.change?.state).toMatch(/pending|sending|unknown/);
    await replica.engine.syncNow();
    expect(replica.status()).toMatchObject({ waiting: 1, connection: 'offline' });
    expect(onServer(service, rex.id).status).toBe('available');

    proxy.setMode('pass');
    await drain(replica);
    expect(onServer(service, rex.id)).toMatchObject({ status: 'sold', revision: 2 });
    // Sold today: the date is kept here, as this replica has not asked whether the server takes details.
    expect(row(replica, rex.id)).toEqual({
      kind: 'pet',
      pet: { ...rex, status: 'sold', revision: 2, soldOn: localToday() },
      detailsHere: true,
    });
    expect(replica.status()).toMatchObject({ waiting: 0, conflicts: 0, refused: 0, changes: 'supported' });
    expect(replica.db.prepare('SELECT count(*) FROM server_pets').pluck().get()).toBe(0);
  });

  it('through drops after commit, resets, 500/503/429 and slow answers: no change lost, none made twice, none overwritten', async () => {
    const service = track(await startService());
    const proxy = track(await startFaultProxy(service.port, 50));
    const animals = seed(service, 20);
    const { replica } = track(openTestReplica(tempDir(), 'staging', proxy.baseUrl, syncRunsIn));
    await replica.walkInventory();
    const statuses: PetStatus[] = ['available', 'pending', 'sold'];
    const expected = new Map(animals.map((pet) => [pet.id, { ...pet }]));
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            animal: fc.integer({ min: 0, max: animals.length - 1 }),
            status: fc.constantFrom(...statuses),
            rename: fc.boolean(),
          }),
          { minLength: 60, maxLength: 60 },
        ),
        (steps) => {
          for (const [i, { animal, status, rename }] of steps.entries()) {
            const pet = animals[animal]!;
            const patch: PetPatch = rename ? { status, name: `Renamed ${i}` } : { status };
            replica.changePet(pet.id, patch);
            Object.assign(expected.get(pet.id)!, patch);
          }
        },
      ),
      { numRuns: 1, seed: 18 },
    );
    const faults: Fault[] = ['drop-after-commit', 'reset', 'error-500', 'unavailable-503', 'too-many-429', 'slow'];
    proxy.schedule(Array.from({ length: 40 }, (_, i) => faults[i % faults.length]!));
    await drain(replica, 60_000);

    const acceptedPerPet = new Map(
      (
        replica.db
          .prepare(
            "SELECT CAST(pet_id AS TEXT) AS id, count(*) AS n FROM pet_changes WHERE state = 'accepted' AND answer_revision > coalesce(base_revision, 0) GROUP BY pet_id",
          )
          .all() as Array<{ id: string; n: number }>
      ).map(({ id, n }) => [id, n]),
    );
    for (const pet of animals) {
      const server = onServer(service, pet.id);
      const want = expected.get(pet.id)!;
      expect({ name: server.name, status: server.status }, `lost: animal ${pet.id}`).toEqual({
        name: want.name,
        status: want.status,
      });
      // Each accepted change changed something once: a change made twice would count twice.
      expect(server.revision, `duplicated: animal ${pet.id}`).toBe(1 + (acceptedPerPet.get(pet.id) ?? 0));
      // The date sold kept here follows the same rule as our service's own.
      expect(row(replica, pet.id)?.pet).toEqual(
        pickFields(server, fieldsServerDecides({ details: true, photos: false })),
      );
    }
    expect(replica.status()).toMatchObject({ waiting: 0, conflicts: 0, refused: 0 });
    expect(proxy.seen['drop-after-commit']).toBeGreaterThan(0);
  });

  it('a 401 mid-run pauses the changes (the key is rejected, nothing made) until the key is changed; then each is made once', async () => {
    const service = track(await startService());
    const proxy = track(await startFaultProxy(service.port));
    const [rex, max] = seed(service, 2) as [Pet, Pet];
    const handles = track(openTestReplica(tempDir(), 'staging', proxy.baseUrl, syncRunsIn));
    const { replica } = handles;
    await replica.walkInventory();
    proxy.setMode('unauthorized-401');
    replica.changePet(rex.id, { status: 'sold' });
    replica.changePet(max.id, { status: 'pending' });
    await replica.engine.syncNow();
    expect(replica.status()).toMatchObject({ connection: 'key_rejected', waiting: 2 });
    expect([onServer(service, rex.id).status, onServer(service, max.id).status]).toEqual(['available', 'available']);
    proxy.setMode('pass');
    replica.engine.keyChanged(); // a new key was set
    await drain(replica);
    expect(onServer(service, rex.id)).toMatchObject({ status: 'sold', revision: 2 });
    expect(onServer(service, max.id)).toMatchObject({ status: 'pending', revision: 2 });
  });

  it('two counters change the same animal offline: the second meets one conflict, shown with both versions; keep mine', async () => {
    const service = track(await startService());
    const [rex] = seed(service, 1) as [Pet];
    // Two computers: a data folder each.
    const computer = () => mkdtempSync(join(tempDir(), 'counter-'));
    const first = track(openTestReplica(computer(), 'staging', `${service.baseUrl}/v1`, syncRunsIn)).replica;
    const second = track(openTestReplica(computer(), 'staging', `${service.baseUrl}/v1`, syncRunsIn)).replica;
    await Promise.all([first.walkInventory(), second.walkInventory()]);
    await first.engine.stop(); // both offline, as far as sending goes: the second's engine waits
    second.changePet(rex.id, { status: 'pending', name: 'Rexie' });
    service.store.changePet(rex.id, { status: 'sold' }, '*'); // the first counter got through first

    await second.engine.syncNow();
    const conflict = second.changeEntries()[0]!;
    expect(conflict).toMatchObject({
      state: 'conflict',
      patch: { status: 'pending', name: 'Rexie' },
      base: { status: 'available', revision: 1 },
      theirs: { status: 'sold', revision: 2, name: 'Animal 0' },
    });
    expect(second.status()).toMatchObject({ conflicts: 1, waiting: 0 });
    // The row shows what the server has, marked; nothing was overwritten.
    expect(row(second, rex.id)).toMatchObject({
      pet: { status: 'sold', name: 'Animal 0' },
      change: { state: 'conflict' },
    });
    expect(onServer(service, rex.id)).toMatchObject({ status: 'sold', name: 'Animal 0', revision: 2 });

    second.resolveConflict(conflict.entryId, 'keep-mine');
    await drain(second);
    expect(onServer(service, rex.id)).toMatchObject({ status: 'pending', name: 'Rexie', revision: 3 });
    expect(second.status()).toMatchObject({ conflicts: 0, waiting: 0 });
    expect(row(second, rex.id)).toEqual({
      kind: 'pet',
      pet: { id: rex.id, name: 'Rexie', categoryId: '1', status: 'pending', revision: 3 },
    });
  });

  it('the same conflict resolved the other way: keep theirs leaves the server as it is and shows it', async () => {
    const service = track(await startService());
    const [rex] = seed(service, 1) as [Pet];
    const { replica } = track(openTestReplica(tempDir(), 'staging', `${service.baseUrl}/v1`, syncRunsIn));
    await replica.walkInventory();
    service.store.changePet(rex.id, { name: 'Rex the Second', status: 'pending' }, '*');
    replica.changePet(rex.id, { status: 'sold' });
    await drain(replica);
    const [conflict] = replica.changeEntries();
    expect(conflict).toMatchObject({ state: 'conflict', theirs: { name: 'Rex the Second' } });
    expect(row(replica, rex.id)?.pet).toMatchObject({ name: 'Rex the Second', status: 'pending' });

    expect(replica.resolveConflict(conflict!.entryId, 'keep-theirs')).toBeNull();
    await replica.engine.syncNow();
    expect(onServer(service, rex.id)).toMatchObject({ name: 'Rex the Second', status: 'pending', revision: 2 });
    expect(replica.changeEntries()).toEqual([]);
    expect(row(replica, rex.id)).toEqual({ kind: 'pet', pet: onServer(service, rex.id) });
  });
});

describe('versions held against older ones', () => {
  it('a walk page older than the version held (read before a change was accepted) does not bring the old one back', async () => {
    const service = track(await startService());
    const [rex] = seed(service, 1) as [Pet]; // revision 1 on the server
    const { replica } = track(openTestReplica(tempDir(), 'staging', `${service.baseUrl}/v1`));
    // As if this counter's change had been accepted as revision 5 while the page was on its way.
    createPetsTable(replica.db).upsertPets([{ ...rex, status: 'sold', revision: 5 }]);
    await replica.walkInventory();
    expect(row(replica, rex.id)?.pet).toMatchObject({ status: 'sold', revision: 5 });
    expect(replica.status().inventory.state).toBe('complete'); // seen in the walk all the same: not removed
    service.store.changePet(rex.id, { name: 'Newer' }, '*');
    for (let i = 0; i < 5; i++) service.store.changePet(rex.id, { name: `Newer ${i}` }, '*'); // revision 7
    await replica.walkInventory();
    expect(row(replica, rex.id)?.pet).toMatchObject({ name: 'Newer 4', status: 'available', revision: 7 });
  });
});

describe('changes folded and ordered', () => {
  it('changes of one animal not yet sent go as one; back to what the server has leaves nothing to send', async () => {
    const service = track(await startService());
    const proxy = track(await startFaultProxy(service.port));
    const [rex] = seed(service, 1) as [Pet];
    const { replica } = track(openTestReplica(tempDir(), 'staging', proxy.baseUrl));
    await replica.walkInventory();
    proxy.setMode('reset');
    await replica.engine.stop();
    const first = replica.changePet(rex.id, { status: 'sold' })!;
    const second = replica.changePet(rex.id, { name: 'Rexie' })!;
    expect(second.entryId).toBe(first.entryId);
    expect(second.patch).toEqual({ status: 'sold', soldOn: localToday(), name: 'Rexie' });
    expect(replica.changePet(rex.id, { name: 'Rexie' })).toBeNull(); // shows it already
    expect(replica.changePet(rex.id, { status: 'available', name: 'Animal 0' })).toBeNull(); // back: nothing to send
    expect(replica.changeEntries()).toEqual([]);
    expect(row(replica, rex.id)).toEqual({ kind: 'pet', pet: rex });
  });

  it('a change made while the one before it is on its way: each acceptance shows what is known, nothing is kept aside after', async () => {
    const service = track(await startService());
    const proxy = track(await startFaultProxy(service.port));
    const [rex, tom] = seed(service, 2) as [Pet, Pet];
    const { replica } = track(
      openTestReplica(tempDir(), 'staging', proxy.baseUrl, 'this thread', { timeouts: NO_DEADLINES }),
    );
    await replica.walkInventory();
    proxy.setMode('hold'); // each answer waits until the test releases it
    replica.changePet(rex.id, { status: 'sold' });
    replica.changePet(tom.id, { status: 'pending' });
    const pass = replica.engine.syncNow();
    await expect.poll(() => replica.changeEntries().map((entry) => entry.state), POLL).toEqual(['sending', 'sending']);
    replica.changePet(rex.id, { name: 'Rexie' }); // joins nothing: the first may be on the server already
    expect(replica.changeEntries()).toHaveLength(3);
    // The first two accepted (once their batch has reached the proxy); Rexie's waited for Rex's, and goes now.
    await expect.poll(() => proxy.held, POLL).toBe(1);
    proxy.release();
    await expect.poll(() => replica.changeEntries().map((entry) => entry.patch), POLL).toEqual([{ name: 'Rexie' }]);
    expect(row(replica, rex.id)?.pet).toMatchObject({ name: 'Rexie', status: 'sold' });
    expect(row(replica, tom.id)?.pet).toEqual({ ...tom, status: 'pending', revision: 2 });
    const keptAside = () => replica.db.prepare('SELECT CAST(id AS TEXT) FROM server_pets').pluck().all();
    expect(keptAside()).toEqual([rex.id]); // Rex's server version, under the change still on its way
    proxy.release();
    await pass;
    expect(onServer(service, rex.id)).toMatchObject({ name: 'Rexie', status: 'sold', revision: 3 });
    expect(row(replica, rex.id)?.pet).toEqual({
      ...rex,
      name: 'Rexie',
      status: 'sold',
      revision: 3,
      soldOn: localToday(),
    });
    expect(keptAside()).toEqual([]);
  });

  it("an answer older than the version read since (another counter's change listed first) does not hide that change", async () => {
    const service = track(await startService());
    const proxy = track(await startFaultProxy(service.port));
    const [rex] = seed(service, 1) as [Pet];
    const { replica } = track(
      openTestReplica(tempDir(), 'staging', proxy.baseUrl, 'this thread', { timeouts: NO_DEADLINES }),
    );
    await replica.walkInventory();
    proxy.schedule(['hold']); // the change is made at once (revision 2); its answer waits
    replica.changePet(rex.id, { name: 'Mine' });
    const pass = replica.engine.syncNow();
    await expect.poll(() => onServer(service, rex.id).name, POLL).toBe('Mine');
    service.store.changePet(rex.id, { name: 'Theirs' }, '*'); // another counter, after: revision 3
    await replica.walkInventory(); // listed before the answer to ours arrives
    proxy.release();
    await pass;
    expect(row(replica, rex.id)?.pet).toEqual({ ...rex, name: 'Theirs', revision: 3 });
    expect(replica.db.prepare('SELECT count(*) FROM server_pets').pluck().get()).toBe(0);
  });

  it('an animal still waiting to be added is corrected in its add; not once it may be on the server', async () => {
    const service = track(await startService());
    const proxy = track(await startFaultProxy(service.port));
    const { replica } = track(openTestReplica(tempDir(), 'staging', proxy.baseUrl));
    await replica.engine.stop();
    const entry = replica.createPet({ name: 'Tpyo', categoryId: '2', status: 'available' });
    expect(replica.correctEntry(entry.entryId, { name: 'Typo', categoryId: '2', status: 'sold' })).toMatchObject({
      name: 'Typo',
      status: 'sold',
      state: 'pending',
    });
    replica.db.prepare("UPDATE outbox SET state = 'unknown', maybe_sent = 1").run();
    expect(() => replica.correctEntry(entry.entryId, { name: 'Other', categoryId: '2' })).toThrow(
      /may already have reached/,
    );
  });

  it('a correction that meets its add on the way says so, as main finds the add when it arrives', async () => {
    const service = track(await startService());
    const proxy = track(await startFaultProxy(service.port));
    const { replica } = track(
      openTestReplica(tempDir(), 'staging', proxy.baseUrl, 'this thread', { timeouts: NO_DEADLINES }),
    );
    proxy.setMode('hold'); // on its way until the test ends
    const entry = replica.createPet({ name: 'Tpyo', categoryId: '2' });
    await expect.poll(() => replica.outbox.get(entry.entryId)?.state, POLL).toBe('sending');
    expect(() => replica.correctEntry(entry.entryId, { name: 'Typo', categoryId: '2' })).toThrow(
      'Tpyo is on its way to staging: correct it once the server has it.',
    );
    expect(() => replica.resend(entry.entryId, { name: 'Typo', categoryId: '2' })).toThrow(
      'Tpyo is on its way to staging: it can be corrected only once refused or held.',
    );
    replica.discard(entry.entryId);
    expect(() => replica.correctEntry(entry.entryId, { name: 'Typo', categoryId: '2' })).toThrow(
      'There is no staging outbox entry',
    );
    // Discarded twice (another process was first): not found, never "already on the server".
    expect(() => replica.discard(entry.entryId)).toThrow('There is no staging outbox entry');
    expect(() => replica.discard('c999')).toThrow('There is no staging outbox entry c999');
  });
});

/** A pet store without the extension: our service for the interface's operations, PATCH answered as `status`. */
/**
 * A server before our service's extensions, in front of it: without changes (`lacks: 'changes'`:
 * PATCH and the batch answered `status`) or without the batch alone (`lacks: 'batch'`: PATCH passed on);
 * with `lacks: 'nothing'`, our service as it is, its requests counted.
 */
async function serverWithoutChanges(
  service: RunningService,
  status: 404 | 405 | 501,
  lacks: 'changes' | 'batch' | 'nothing' = 'changes',
) {
  let patches = 0;
  let batches = 0;
  const front = await startServiceFront(service.port, (req, res) => {
    const batch = req.method === 'POST' && req.url === '/v1/pet-changes';
    if (batch) batches++;
    if (req.method === 'PATCH') patches++;
    if ((batch && lacks !== 'nothing') || (req.method === 'PATCH' && lacks === 'changes')) {
      res.writeHead(status, { 'content-type': 'application/json', ...(status === 405 ? { allow: 'GET, HEAD' } : {}) });
      res.end(JSON.stringify({ code: 'no', message: `answered ${status}`, status }));
      return true;
    }
    return false;
  });
  return { ...front, patches: () => patches, batches: () => batches };
}

describe('a change discarded while on its way', () => {
  it('whatever the answer (here a conflict), the pass records nothing of it and goes on', async () => {
    const service = track(await startService());
    const proxy = track(await startFaultProxy(service.port));
    const [rex] = seed(service, 1) as [Pet];
    const dataDir = tempDir();
    const { replica } = track(openTestReplica(dataDir, 'staging', proxy.baseUrl));
    await replica.walkInventory();
    await replica.engine.stop();
    service.store.changePet(rex.id, { name: 'Changed first' }, '*');
    // A stopped engine does not start again: the app opened anew, as after a restart.
    const reopened = track(
      openTestReplica(dataDir, 'staging', proxy.baseUrl, 'this thread', { timeouts: NO_DEADLINES }),
    );
    proxy.schedule(['hold']); // its answer (a conflict) waits until the test releases it
    const change = reopened.replica.changePet(rex.id, { status: 'sold' })!;
    await expect.poll(() => reopened.replica.changeEntry(change.entryId)?.state, POLL).toBe('sending');
    expect(reopened.replica.discard(change.entryId)).toEqual({ discarded: true, mayBeOnServer: true });
    await expect.poll(() => proxy.held, POLL).toBe(1);
    proxy.release();
    await reopened.replica.engine.syncNow();
    expect(reopened.replica.changeEntries()).toEqual([]);
    expect(reopened.replica.status()).toMatchObject({ conflicts: 0, problem: null });
    expect(onServer(service, rex.id)).toMatchObject({ name: 'Changed first', status: 'available' });
  });
});

describe('a server without the extension', () => {
  it.each([404, 405, 501] as const)(
    'answering %i: said in words, the change kept (the server version shown) until discarded, none offered again until the address changes',
    async (status) => {
      const service = track(await startService());
      const [rex] = seed(service, 1) as [Pet];
      const lacking = track(await serverWithoutChanges(service, status));
      const handles = track(openTestReplica(tempDir(), 'production', lacking.baseUrl));
      const { replica } = handles;
      await replica.walkInventory();
      replica.changePet(rex.id, { status: 'sold' });
      await replica.engine.syncNow();
      const [kept] = replica.changeEntries();
      expect(kept).toMatchObject({ state: 'unsupported', lastError: expect.stringMatching(/does not take changes/) });
      expect(replica.status()).toMatchObject({ changes: 'unsupported', refused: 1, waiting: 0 });
      expect(row(replica, rex.id)).toMatchObject({ pet: { status: 'available' }, change: { state: 'unsupported' } });
      let refused: unknown;
      try {
        replica.changePet(rex.id, { name: 'Other' });
      } catch (error) {
        refused = error;
      }
      expect(refused).toBeInstanceOf(RemoteError);
      expect((refused as RemoteError).kind).toBe('changes_unsupported');
      expect(onServer(service, rex.id).status).toBe('available');

      expect(replica.discard(kept!.entryId)).toEqual({ discarded: true, mayBeOnServer: false });
      expect(replica.status()).toMatchObject({ refused: 0 });
      handles.config.baseUrl = `${service.baseUrl}/v1`; // another address: asked again
      expect(replica.status().changes).toBe('unknown');
      replica.changePet(rex.id, { status: 'sold' });
      await drain(replica);
      expect(onServer(service, rex.id).status).toBe('sold');
    },
  );

  it('is asked once: of the changes waiting for it, only those already on their way are sent', async () => {
    const service = track(await startService());
    const animals = seed(service, 3 * SINGLES_IN_FLIGHT);
    const lacking = track(await serverWithoutChanges(service, 405));
    const { replica } = track(openTestReplica(tempDir(), 'production', lacking.baseUrl));
    await replica.walkInventory();
    for (const pet of animals) replica.changePet(pet.id, { status: 'sold' });
    await replica.engine.syncNow();
    expect(replica.changeEntries().map((entry) => entry.state)).toEqual(animals.map(() => 'unsupported'));
    expect(lacking.batches()).toBe(1);
    expect(lacking.patches()).toBeLessThanOrEqual(SINGLES_IN_FLIGHT);
  });

  it.each([404, 405, 501] as const)(
    'with changes but no batch (%i): every change made once, one PATCH each, the batch asked once a pass',
    async (status) => {
      const service = track(await startService());
      const animals = seed(service, 150);
      const older = track(await serverWithoutChanges(service, status, 'batch'));
      const { replica } = track(openTestReplica(tempDir(), 'staging', older.baseUrl));
      await replica.walkInventory();
      for (const pet of animals) replica.changePet(pet.id, { status: 'sold', name: `${pet.name}!` });
      await drain(replica);
      expect(replica.changeEntries()).toEqual([]);
      for (const pet of animals) expect(onServer(service, pet.id)).toMatchObject({ status: 'sold', revision: 2 });
      expect(older.patches()).toBe(animals.length);
      expect(older.batches()).toBeLessThanOrEqual(CHANGE_BATCHES_IN_FLIGHT);
      expect(replica.status()).toMatchObject({ changes: 'supported', waiting: 0, refused: 0 });
    },
  );

  it('with the batch, a drain of 150 changes is a few requests (up to 64 changes each), each change made once', async () => {
    const service = track(await startService());
    const animals = seed(service, 150);
    const ours = track(await serverWithoutChanges(service, 404, 'nothing'));
    const { replica } = track(openTestReplica(tempDir(), 'staging', ours.baseUrl));
    await replica.walkInventory();
    for (const pet of animals) replica.changePet(pet.id, { status: 'pending' });
    await drain(replica);
    for (const pet of animals) expect(onServer(service, pet.id)).toMatchObject({ status: 'pending', revision: 2 });
    expect([ours.batches(), ours.patches()]).toEqual([3, 0]);
  });

  it('a 404 for an animal the server no longer has refuses the change with that reason (it supports changes)', async () => {
    const service = track(await startService());
    const [rex] = seed(service, 1) as [Pet];
    const { replica } = track(openTestReplica(tempDir(), 'staging', `${service.baseUrl}/v1`));
    await replica.walkInventory();
    service.db.prepare('DELETE FROM pets WHERE id = ?').run(rex.id);
    replica.changePet(rex.id, { status: 'sold' });
    await replica.engine.syncNow();
    expect(replica.changeEntries()[0]).toMatchObject({
      state: 'refused',
      lastError: expect.stringMatching(/no longer on the staging server/),
    });
    expect(replica.status().changes).toBe('unknown');
  });
});
