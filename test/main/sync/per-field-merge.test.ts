// Two counters changing one animal: changes of different fields merge without a person (the
// animal ends with both), the same field changed on both sides waits for one, and a merge neither
// loops nor makes a change twice. Real service, real replica files, real HTTP on 127.0.0.1.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Replica } from '../../../src/main/sync/replica';
import type { Pet, PetPatch } from '../../../src/shared/contract';
import { useCleanups } from '../../helpers/cleanups';
import { startServiceFront } from '../../helpers/service-front';
import { startFaultProxy } from '../../helpers/fault-proxy';
import { startService, type RunningService } from '../../helpers/http-service';
import { drain, openTestReplica, type SyncRunsIn } from '../../helpers/replica';
import { useTempDir } from '../../helpers/temp-dir';

const { track } = useCleanups();
const tempDir = useTempDir();

const shown = (replica: Replica, id: string) => {
  const found = replica.animals({ limit: 100 }).rows.find((r) => r.kind === 'pet' && r.pet.id === id);
  return found?.kind === 'pet' ? found : undefined;
};

/** Two counters' replicas of one server, each having read its animals, each behind a fault proxy of its own (its network). */
async function twoCounters(syncRunsIn: SyncRunsIn) {
  const service = track(await startService());
  const rex = service.store.createPet({ name: 'Rex', categoryId: '1', status: 'available' });
  // Each counter a data folder and a network of its own: two computers.
  const open = async (counter: string) => {
    const dataDir = join(tempDir(), counter);
    mkdirSync(dataDir);
    const network = track(await startFaultProxy(service.port));
    const { replica } = track(openTestReplica(dataDir, 'staging', network.baseUrl, syncRunsIn));
    await replica.walkInventory();
    return { replica, network };
  };
  const [first, second] = [await open('first'), await open('second')];
  return { service, rex, first: first.replica, second: second.replica, networks: [first.network, second.network] };
}

/** Both counters change the animal offline; the first's network comes back first, then the second's. */
async function offlineThenBack(
  { first, second, networks }: Awaited<ReturnType<typeof twoCounters>>,
  petId: string,
  [firsts, seconds]: [PetPatch, PetPatch],
) {
  for (const network of networks) network.setMode('reset');
  first.changePet(petId, firsts);
  second.changePet(petId, seconds);
  await Promise.all([first.engine.syncNow(), second.engine.syncNow()]);
  networks[0]!.setMode('pass');
  await drain(first);
  networks[1]!.setMode('pass');
  // Made to the revision the first counter's change moved on: 412.
  const pass = await second.engine.syncNow({ force: true });
  await drain(second);
  return pass;
}

describe.each<SyncRunsIn>(['this thread', 'a sync thread'])(
  'one animal, two counters, the engine in %s',
  (syncRunsIn) => {
    it('changes of different fields made offline merge without a person: the animal ends with both', async () => {
      const counters = await twoCounters(syncRunsIn);
      const { service, rex, first, second } = counters;
      const pass = await offlineThenBack(counters, rex.id, [{ status: 'sold' }, { name: 'Rexie' }]);
      expect(pass).toMatchObject({ accepted: 1, refused: 0 }); // merged and sent in the same pass, never refused
      expect(service.store.getPet(rex.id)).toMatchObject({ name: 'Rexie', status: 'sold', revision: 3 });
      for (const replica of [first, second]) {
        expect(replica.changeEntries()).toEqual([]);
        expect(replica.status()).toMatchObject({ conflicts: 0, waiting: 0, refused: 0 });
      }
      const both = { name: 'Rexie', status: 'sold', categoryId: '1', revision: 3 };
      expect(shown(second, rex.id)).toMatchObject({ kind: 'pet', pet: both });
      await first.walkInventory();
      expect(shown(first, rex.id)).toMatchObject({ kind: 'pet', pet: both });
    });

    it('the same field changed on both sides is one conflict, with both values in its reason; nothing is overwritten', async () => {
      const counters = await twoCounters(syncRunsIn);
      const { service, rex, second } = counters;
      await offlineThenBack(counters, rex.id, [{ status: 'sold' }, { status: 'pending', name: 'Rexie' }]);
      const [conflict, ...others] = second.changeEntries();
      expect(others).toEqual([]);
      expect(conflict).toMatchObject({
        state: 'conflict',
        patch: { status: 'pending', name: 'Rexie' },
        base: { status: 'available', revision: 1 },
        theirs: { status: 'sold', name: 'Rex', revision: 2 },
        lastError: expect.stringContaining('status: sold there, pending in this change'),
      });
      expect(conflict!.lastError).not.toContain('name:'); // they left the name: it is not in conflict
      expect(second.status()).toMatchObject({ conflicts: 1, waiting: 0 });
      expect(service.store.getPet(rex.id)).toMatchObject({ name: 'Rex', status: 'sold', revision: 2 });
      expect(shown(second, rex.id)).toMatchObject({
        pet: { status: 'sold', name: 'Rex' },
        change: { state: 'conflict' },
      });
    });

    it('both set the same value: that field agrees, and the change goes without a person', async () => {
      const counters = await twoCounters(syncRunsIn);
      const { service, rex, second } = counters;
      await offlineThenBack(counters, rex.id, [{ status: 'sold' }, { status: 'sold', name: 'Rexie' }]);
      expect(second.changeEntries()).toEqual([]);
      expect(service.store.getPet(rex.id)).toMatchObject({ name: 'Rexie', status: 'sold', revision: 3 });
    });

    it('a merged change whose answer is lost after the server made it is made once (sent again under its key)', async () => {
      const { service, rex, first, second, networks } = await twoCounters(syncRunsIn);
      first.changePet(rex.id, { status: 'sold' });
      await drain(first);
      // The first answer (412) arrives; the change sent again to their version is made, and its answer lost.
      networks[1]!.schedule(['pass', 'drop-after-commit']);
      second.changePet(rex.id, { name: 'Rexie' });
      await drain(second);
      expect(networks[1]!.seen['drop-after-commit']).toBe(1);
      expect(service.store.getPet(rex.id)).toMatchObject({ name: 'Rexie', status: 'sold', revision: 3 });
      expect(second.status()).toMatchObject({ conflicts: 0, waiting: 0 });
    });
  },
);

/**
 * Our service behind another counter that always changes the animal first: before each change
 * request reaches the service, the animal's name is changed there (another field than the
 * change's), as a commit of its own. Ten times at most: a sender that loops then meets no one, and
 * the test says how many it sent. With `batch` false, the batch is answered 404, so each change
 * goes as its own PATCH.
 */
async function busyCounter(service: RunningService, petId: string, { batch }: { batch: boolean }) {
  let changesSent = 0;
  const front = await startServiceFront(service.port, (req, res) => {
    const isBatch = req.method === 'POST' && req.url === '/v1/pet-changes';
    if (isBatch && !batch) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'not_found', message: 'no such operation', status: 404 }));
      return true;
    }
    if ((isBatch || req.method === 'PATCH') && ++changesSent <= 10) {
      service.store.changePet(petId, { name: `Busy ${changesSent}` }, '*');
    }
    return false;
  });
  return { ...front, changesSent: () => changesSent };
}

describe('a merge does not loop', () => {
  it.each([
    ['in batches', true],
    ['one PATCH each', false],
  ])(
    'an animal someone always changes first (%s): one automatic re-base, then it waits for a person',
    async (_, batch) => {
      const service = track(await startService());
      const rex: Pet = service.store.createPet({ name: 'Rex', categoryId: '1', status: 'available' });
      const busy = track(await busyCounter(service, rex.id, { batch }));
      const { replica } = track(openTestReplica(tempDir(), 'staging', busy.baseUrl));
      await replica.walkInventory();
      replica.changePet(rex.id, { status: 'sold' });
      await replica.engine.syncNow();
      await replica.engine.syncNow(); // a later pass sends nothing more: the conflict waits for a person

      expect(busy.changesSent()).toBe(2);
      const [conflict] = replica.changeEntries();
      expect(conflict).toMatchObject({
        state: 'conflict',
        base: { name: 'Busy 1', revision: 2 }, // re-based once, on the first version met
        theirs: { name: 'Busy 2', revision: 3 },
      });
      expect(replica.status()).toMatchObject({ conflicts: 1, waiting: 0 });
      expect(service.store.getPet(rex.id)).toMatchObject({ status: 'available', revision: 3 });

      // A person's keep-mine sends it to their version again (and it meets the busy counter once more).
      replica.resolveConflict(conflict!.entryId, 'keep-mine');
      await replica.engine.syncNow();
      expect(busy.changesSent()).toBe(4);
      expect(replica.changeEntries()[0]).toMatchObject({ state: 'conflict', theirs: { name: 'Busy 4' } });
    },
  );
});
