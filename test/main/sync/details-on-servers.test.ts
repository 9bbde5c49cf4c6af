// An animal's details on a server's environment: sent to a server with the details extension, kept
// on this computer for one without it, never sent where they could be refused, and uploaded once
// the server takes them. Real HTTP on 127.0.0.1: our service, and the same behind a server of the
// interface alone (seed-only-proxy.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Replica } from '../../../src/main/sync/replica';
import { fieldsServerDecides, localToday, pickFields, type NewPet } from '../../../src/shared/contract';
import { useCleanups } from '../../helpers/cleanups';
import { startService, type RunningService } from '../../helpers/http-service';
import { drain, openTestReplica, type SyncRunsIn } from '../../helpers/replica';
import { startSeedOnlyProxy } from '../../helpers/seed-only-proxy';
import { useTempDir } from '../../helpers/temp-dir';

const { track } = useCleanups();
const tempDir = useTempDir();

const BISCUIT: NewPet = {
  name: 'Biscuit',
  categoryId: '1',
  status: 'available',
  price: 1250,
  sex: 'female',
  breed: 'Beagle',
  microchip: '985112345678903',
};

const onServer = (service: RunningService, id: string) => service.store.getPet(id);
const shown = (replica: Replica, id: string) => replica.shownPet(id);
const idOf = (replica: Replica, name: string) => {
  const row = replica.animals({ search: name }).rows.find((r) => r.kind === 'pet');
  if (row?.kind !== 'pet') throw new Error(`${name} is not listed`);
  return row.pet.id;
};

describe.each<SyncRunsIn>(['this thread', 'a sync thread'])('details, the engine in %s', (syncRunsIn) => {
  it('a server with the extension is sent them with the animal and its changes, and decides them', async () => {
    const service = track(await startService());
    const { replica } = track(openTestReplica(tempDir(), 'staging', `${service.baseUrl}/v1`, syncRunsIn));
    await replica.learnExtensions();
    expect(replica.status().details).toEqual({ server: 'takes', photos: 'takes', keptHere: 0 });

    replica.createPet(BISCUIT);
    await drain(replica);
    await replica.walkInventory();
    const id = idOf(replica, 'Biscuit');
    expect(onServer(service, id)).toMatchObject({ price: 1250, sex: 'female', breed: 'Beagle' });
    expect(replica.animals({ search: 'beagle' }).total).toBe(1);

    replica.changePet(id, { price: 1500, status: 'sold' });
    await drain(replica);
    expect(onServer(service, id)).toMatchObject({ price: 1500, status: 'sold', soldOn: localToday() });

    service.store.changePet(id, { breed: 'Harrier', price: null }, '*'); // another counter, on the server
    await replica.walkInventory();
    expect(shown(replica, id)).toMatchObject({ breed: 'Harrier', status: 'sold' });
    expect(shown(replica, id)?.price).toBeUndefined();
    expect(replica.animals({ search: 'harrier' }).total).toBe(1);
    expect(replica.status().details.keptHere).toBe(0);
  });

  it('a server without it never sees them: they are kept here, survive its answers, and go up once it takes them', async () => {
    const service = track(await startService());
    const seedOnly = track(await startSeedOnlyProxy(service.port));
    const { replica } = track(openTestReplica(tempDir(), 'staging', seedOnly.baseUrl, syncRunsIn));
    await replica.learnExtensions();
    expect(replica.status().details).toEqual({ server: 'lacks', photos: 'lacks', keptHere: 0 });

    replica.createPet(BISCUIT);
    await drain(replica);
    await replica.walkInventory();
    const id = idOf(replica, 'Biscuit');
    expect(onServer(service, id).price).toBeUndefined(); // never sent
    expect(shown(replica, id)).toMatchObject({ price: 1250, sex: 'female', breed: 'Beagle' });
    expect(replica.status().details).toEqual({ server: 'lacks', photos: 'lacks', keptHere: 1 });

    // Details alone: kept at once, nothing to send. With a status: the status goes, the date stays.
    expect(replica.changePet(id, { breed: 'Collie' })).toBeNull();
    expect(replica.animals({ search: 'collie' }).total).toBe(1);
    replica.changePet(id, { status: 'sold' });
    await drain(replica);
    expect(onServer(service, id).status).toBe('sold');
    expect(onServer(service, id).breed).toBeUndefined();
    await replica.walkInventory();
    await replica.refresh({ status: 'sold' });
    expect(shown(replica, id)).toMatchObject({ status: 'sold', soldOn: localToday(), breed: 'Collie', price: 1250 });
    expect(seedOnly.refusedForDetails).toBe(0);

    expect(() => replica.uploadKeptDetails()).toThrow(/has not said it takes animals' details/);
    seedOnly.gainDetails();
    await replica.learnExtensions({ again: true });
    expect(replica.status().details).toEqual({ server: 'takes', photos: 'takes', keptHere: 1 });
    // Until they are uploaded, the server's answers (without them) leave them as they are.
    await replica.walkInventory();
    expect(shown(replica, id)).toMatchObject({ breed: 'Collie', price: 1250 });

    expect(replica.uploadKeptDetails()).toBe(1);
    expect(replica.status().details.keptHere).toBe(0);
    await drain(replica);
    expect(onServer(service, id)).toMatchObject({
      breed: 'Collie',
      price: 1250,
      sex: 'female',
      microchip: BISCUIT.microchip,
      soldOn: localToday(),
    });
    await replica.walkInventory();
    expect(shown(replica, id)).toMatchObject({ breed: 'Collie', price: 1250, soldOn: localToday() });
  });

  it('details removed while kept here are removed on the server too when they go up', async () => {
    const service = track(await startService());
    const seedOnly = track(await startSeedOnlyProxy(service.port));
    seedOnly.gainDetails();
    const { replica } = track(openTestReplica(tempDir(), 'staging', seedOnly.baseUrl, syncRunsIn));
    await replica.learnExtensions();
    replica.createPet({ ...BISCUIT, treatment: 'Kennel cough', notes: 'Shy.' });
    await drain(replica);
    await replica.walkInventory();
    const id = idOf(replica, 'Biscuit');
    expect(onServer(service, id)).toMatchObject({ treatment: 'Kennel cough', notes: 'Shy.', price: 1250 });

    seedOnly.loseDetails(); // put back to a version without them, for a while
    await replica.learnExtensions({ again: true });
    expect(replica.changePet(id, { treatment: null, notes: null, price: 1500 })).toBeNull(); // kept here
    expect(shown(replica, id)).not.toHaveProperty('treatment');

    seedOnly.gainDetails();
    await replica.learnExtensions({ again: true });
    expect(replica.uploadKeptDetails()).toBe(1);
    await drain(replica);
    const server = onServer(service, id);
    expect(server).toMatchObject({ price: 1500, breed: 'Beagle' });
    expect(server).not.toHaveProperty('treatment');
    expect(server).not.toHaveProperty('notes');
  });

  it('a change whose status goes but is kept theirs takes its details with it', async () => {
    const service = track(await startService());
    const seedOnly = track(await startSeedOnlyProxy(service.port));
    const rex = service.store.createPet({ name: 'Rex', categoryId: '1', status: 'available' });
    const { replica } = track(openTestReplica(tempDir(), 'staging', seedOnly.baseUrl, syncRunsIn));
    await replica.learnExtensions();
    await replica.walkInventory();
    service.store.changePet(rex.id, { status: 'pending' }, '*'); // another counter first
    replica.changePet(rex.id, { status: 'sold', notes: 'Paid in cash.' });
    expect(shown(replica, rex.id)).toMatchObject({ status: 'sold', soldOn: localToday(), notes: 'Paid in cash.' });
    await replica.engine.syncNow({ force: true });
    const [conflict] = replica.changeEntries();
    expect(conflict).toMatchObject({ state: 'conflict' });
    replica.resolveConflict(conflict!.entryId, 'keep-theirs');
    expect(shown(replica, rex.id)).toEqual(onServer(service, rex.id));
    expect(replica.status().details.keptHere).toBe(0);
  });
});

describe('the details filtered by, on a server', () => {
  it('narrow the waiting adds and the counts as they narrow the animals', async () => {
    const service = track(await startService());
    service.store.createPet({ name: 'Listed', categoryId: '1', status: 'available', sex: 'male' });
    const { replica } = track(openTestReplica(tempDir(), 'staging', `${service.baseUrl}/v1`));
    await replica.learnExtensions();
    await replica.walkInventory();
    await replica.engine.stop(); // the adds wait
    replica.createPet({ name: 'Waiting her', categoryId: '1', status: 'available', sex: 'female' });
    replica.createPet({ name: 'Waiting treated', categoryId: '1', status: 'available', treatment: 'Drops' });
    const females = replica.animals({ sex: 'female' });
    expect(females.rows.map((row) => (row.kind === 'entry' ? row.entry.name : row.pet.name))).toEqual(['Waiting her']);
    expect(females.counts).toMatchObject({ all: 1, available: 1 });
    const males = replica.animals({ sex: 'male' });
    expect(males.rows.map((row) => (row.kind === 'entry' ? row.entry.name : row.pet.name))).toEqual(['Listed']);
    expect(males.total).toBe(1);
    const treated = replica.animals({ underTreatment: true });
    expect(treated.rows.map((row) => (row.kind === 'entry' ? row.entry.name : row.pet.name))).toEqual([
      'Waiting treated',
    ]);
    expect(replica.animals({}).total).toBe(3);
  });
});

describe('an animal under treatment, on a server', () => {
  it('is not marked sold: refused at once, with the treatment named, and nothing queued', async () => {
    const service = track(await startService());
    const rex = service.store.createPet({ name: 'Rex', categoryId: '1', status: 'available' });
    const { replica } = track(openTestReplica(tempDir(), 'staging', `${service.baseUrl}/v1`));
    await replica.learnExtensions();
    await replica.walkInventory();
    replica.changePet(rex.id, { treatment: 'Antibiotics until Friday' });
    expect(() => replica.changePet(rex.id, { status: 'sold' })).toThrow(/under veterinary treatment.*Antibiotics/);
    expect(replica.changeEntries().map((entry) => entry.patch)).toEqual([{ treatment: 'Antibiotics until Friday' }]);
  });
});

describe('details kept here, at random', () => {
  it('whatever the order of changes and syncs, none reaches a server without them, and once uploaded the server has what this counter shows', async () => {
    const service = track(await startService());
    const seedOnly = track(await startSeedOnlyProxy(service.port));
    const animals = ['Ada', 'Bo', 'Cy', 'Di'].map((name) =>
      service.store.createPet({ name, categoryId: '1', status: 'available' }),
    );
    const { replica } = track(openTestReplica(tempDir(), 'staging', seedOnly.baseUrl));
    await replica.learnExtensions();
    await replica.walkInventory();
    const step = fc.record({
      animal: fc.integer({ min: 0, max: animals.length - 1 }),
      patch: fc.record(
        {
          status: fc.constantFrom('available', 'pending', 'sold'),
          name: fc.constantFrom('Rex', 'Tom', 'Kit'),
          price: fc.option(fc.integer({ min: 0, max: 99_999 })),
          breed: fc.option(fc.constantFrom('Beagle', 'Collie', 'Siamese')),
          notes: fc.option(fc.constantFrom('Bites.', 'Shy.')),
        },
        { requiredKeys: [] },
      ),
      sync: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 30 }), async (steps) => {
        for (const { animal, patch, sync } of steps) {
          replica.changePet(animals[animal]!.id, patch);
          if (sync) await replica.engine.syncNow({ force: true });
        }
      }),
      { numRuns: 3, seed: 33 },
    );
    await drain(replica);
    expect(seedOnly.refusedForDetails).toBe(0);
    for (const { id } of animals) expect(onServer(service, id).price).toBeUndefined();

    seedOnly.gainDetails();
    await replica.learnExtensions({ again: true });
    replica.uploadKeptDetails();
    await drain(replica);
    await replica.walkInventory();
    for (const { id } of animals) {
      const server = pickFields(onServer(service, id), fieldsServerDecides({ details: true, photos: false }));
      expect(shown(replica, id), `animal ${id}`).toEqual(server);
    }
  });
});
