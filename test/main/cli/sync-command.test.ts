// `petstore sync` ends, and says what waits, whatever waits: the built command against our real
// service behind the fault proxy on 127.0.0.1.
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { useCli } from '../../helpers/cli';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy';
import { startService, TEST_API_KEY, type RunningService } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';
import { startSeedOnlyProxy } from '../../helpers/seed-only-proxy';

let service: RunningService;
let proxy: FaultProxy;
beforeAll(async () => {
  service = await startService();
  proxy = await startFaultProxy(service.port);
});
afterAll(async () => {
  await proxy.close();
  await service.close();
});

/** Far more than a sync of one change takes on a loaded machine; a sync still running then never ends. */
const ENDS_WITHIN_MS = 30_000;

describe('petstore sync', () => {
  const { run } = useCli();

  itWithKeyring(
    'ends when a change waits behind a conflict of the same animal: exit 1, saying what waits and why',
    async () => {
      await run(['env', 'set-url', 'staging', proxy.baseUrl]);
      await run(['key', 'set', 'staging'], { stdin: TEST_API_KEY });
      const rex = service.store.createPet({ name: 'Waiting Rex', categoryId: '5', status: 'available' });
      await run(['pets', 'list', '--all', '--env', 'staging']); // the replica has it

      proxy.setMode('reset'); // offline
      expect((await run(['pets', 'edit', rex.id, '--name', 'Rex here', '--env', 'staging'])).code).toBe(0);
      proxy.setMode('pass');
      service.store.changePet(rex.id, { name: 'Rex there', status: 'pending' }, '*'); // another counter, first: the same field
      const conflicted = await run(['sync', '--env', 'staging'], { killAfterMs: ENDS_WITHIN_MS });
      expect(conflicted.code).toBe(1);
      expect(conflicted.out).toContain('staging: 0 waiting, 0 refused, 0 to confirm, 1 conflict to choose.');

      const queued = await run(['pets', 'set-status', rex.id, 'sold', '--env', 'staging']);
      expect(queued.code).toBe(0);
      expect(queued.out).toMatch(/waits behind change c\d+ of the same animal, a conflict for you to choose/);
      expect(queued.out).not.toContain('by the next sync');
      const synced = await run(['sync', '--env', 'staging'], { killAfterMs: ENDS_WITHIN_MS });
      expect(synced.err).not.toContain('still running');
      expect(synced.code).toBe(1);
      expect(synced.out).toContain('staging: 1 waiting, 0 refused, 0 to confirm, 1 conflict to choose.');
      expect(synced.err).toContain(
        '1 change waits behind another of the same animal that needs you (a conflict to choose, a refusal or an address to confirm): it is sent once that one is decided.',
      );
      expect(service.store.getPet(rex.id)).toMatchObject({ name: 'Rex there', status: 'pending' });
      // Decided: both go, in order, and the next sync has nothing left.
      const [conflict] = JSON.parse((await run(['outbox', 'list', '--json', '--env', 'staging'])).out) as Array<{
        entryId: string;
      }>;
      expect((await run(['outbox', 'keep-mine', conflict!.entryId, '--env', 'staging'])).code).toBe(0);
      expect(await run(['sync', '--env', 'staging'], { killAfterMs: ENDS_WITHIN_MS })).toMatchObject({ code: 0 });
      expect(service.store.getPet(rex.id)).toMatchObject({ name: 'Rex here', status: 'sold' });
    },
    3 * ENDS_WITHIN_MS,
  );

  itWithKeyring(
    'details kept here for a server without them are said, and sent with --upload-details once it takes them',
    async () => {
      const seedOnly = await startSeedOnlyProxy(service.port);
      try {
        await run(['env', 'set-url', 'staging', seedOnly.baseUrl]);
        await run(['key', 'set', 'staging'], { stdin: TEST_API_KEY });
        await run(['pets', 'list', '--env', 'staging']); // asks which extensions it has: none
        const add = ['pets', 'add', '--env', 'staging', '--name', 'Kept Kit', '--category', '2', '--breed', 'Siamese'];
        expect((await run(add)).code).toBe(0);
        const kept = await run(['sync', '--env', 'staging'], { killAfterMs: ENDS_WITHIN_MS });
        expect(kept.err).toContain(
          'One animal’s details are kept on this computer only: the staging server does not take them.',
        );
        expect(seedOnly.refusedForDetails).toBe(0);
        const refused = await run(['sync', '--upload-details', '--env', 'staging']);
        expect(refused.code).not.toBe(0);
        expect(refused.err).toContain("has not said it takes animals' details");

        seedOnly.gainDetails();
        const sent = await run(['sync', '--upload-details', '--env', 'staging'], { killAfterMs: ENDS_WITHIN_MS });
        expect(sent).toMatchObject({
          code: 0,
          out: expect.stringContaining('Sending one animal’s details kept on this computer.'),
        });
        const onServer = service.store.listPets({ limit: 100 }).find((pet) => pet.name === 'Kept Kit');
        expect(onServer).toMatchObject({ breed: 'Siamese' });
      } finally {
        await seedOnly.close();
      }
    },
    3 * ENDS_WITHIN_MS,
  );
  itWithKeyring(
    'the first add to a server never asked takes its details with it; details kept here are said at the add and the edit',
    async () => {
      await run(['env', 'set-url', 'staging', proxy.baseUrl]);
      await run(['key', 'set', 'staging'], { stdin: TEST_API_KEY });
      const priced = ['pets', 'add', '--env', 'staging', '--name', 'Priced Pup', '--category', '2', '--price', '12.50'];
      const added = await run(priced, { killAfterMs: ENDS_WITHIN_MS });
      expect(added).toMatchObject({ code: 0, err: '' });
      expect(service.store.listPets({ limit: 100 }).find((pet) => pet.name === 'Priced Pup')).toMatchObject({
        price: 1250,
      });

      const seedOnly = await startSeedOnlyProxy(service.port);
      try {
        await run(['env', 'set-url', 'staging', seedOnly.baseUrl]);
        await run(['key', 'set', 'staging'], { stdin: TEST_API_KEY });
        const bred = ['pets', 'add', '--env', 'staging', '--name', 'Bred Kit', '--category', '2', '--breed', 'Siamese'];
        const keptAdd = await run(bred, { killAfterMs: ENDS_WITHIN_MS });
        const said =
          'Its details are kept on this computer only: staging does not take them; petstore sync --upload-details --env staging sends them once it does.';
        expect(keptAdd).toMatchObject({ code: 0, err: said });
        const kit = service.store.listPets({ limit: 100 }).find((pet) => pet.name === 'Bred Kit')!;
        expect(kit.breed).toBeUndefined();
        const keptEdit = await run(['pets', 'edit', kit.id, '--env', 'staging', '--breed', 'Burmese']);
        expect(keptEdit).toMatchObject({ code: 0, out: said });
      } finally {
        await seedOnly.close();
      }
    },
    3 * ENDS_WITHIN_MS,
  );
  itWithKeyring(
    "a command's add is sent at once, and nothing else is asked: not the server's every page",
    async () => {
      await run(['env', 'set-url', 'staging', proxy.baseUrl]);
      await run(['key', 'set', 'staging'], { stdin: TEST_API_KEY });
      const many = Array.from({ length: 250 }, (_, i) =>
        service.store.createPet({ name: `Many ${i}`, categoryId: '3' }),
      );
      await run(['pets', 'list', '--all', '--env', 'staging']); // every page here once
      await run(['pets', 'add', '--env', 'staging', '--name', 'First of the day', '--category', '3']);
      const before = proxy.forwarded;
      const added = await run(['pets', 'add', '--env', 'staging', '--name', 'One more', '--category', '3']);
      expect(added).toMatchObject({ code: 0, out: expect.stringMatching(/^Added to staging as id \d+\.$/) });
      expect(proxy.forwarded - before).toBe(1); // the add's POST
      const edited = await run(['pets', 'set-status', many[7]!.id, 'pending', '--env', 'staging']);
      expect(edited.code).toBe(0);
      expect(proxy.forwarded - before).toBe(2); // and the change's
    },
    3 * ENDS_WITHIN_MS,
  );
  itWithKeyring(
    'says when it waits for the next try of a server that asked for time, then ends once sent',
    async () => {
      await run(['env', 'set-url', 'staging', proxy.baseUrl]);
      await run(['key', 'set', 'staging'], { stdin: TEST_API_KEY });
      await run(['pets', 'list', '--env', 'staging']);
      proxy.setMode('reset'); // offline: the add waits
      expect((await run(['pets', 'add', '--env', 'staging', '--name', 'Patient Pup', '--category', '3'])).code).toBe(0);
      proxy.setMode('pass');
      proxy.schedule(['unavailable-503', 'unavailable-503']); // Retry-After: 1, twice
      const synced = await run(['sync', '--env', 'staging'], { killAfterMs: ENDS_WITHIN_MS });
      expect(synced.code).toBe(0);
      expect(synced.out).toMatch(/ {2}next try in \d+ s \(Ctrl\+C stops; what waits is kept\)/);
      expect(synced.out).toContain('staging: 0 waiting, 0 refused');
      expect(service.db.prepare("SELECT count(*) FROM pets WHERE name = 'Patient Pup'").pluck().get()).toBe(1);
    },
    3 * ENDS_WITHIN_MS,
  );
  itWithKeyring(
    'a key set again keeps what the server said it takes: an edit made offline then keeps its details on their way',
    async () => {
      await run(['env', 'set-url', 'staging', proxy.baseUrl]);
      await run(['key', 'set', 'staging'], { stdin: TEST_API_KEY });
      const pup = service.store.createPet({ name: 'Keyed Pup', categoryId: '3', treatment: 'Kennel cough' });
      await run(['pets', 'list', '--all', '--env', 'staging']); // it is here; asks which extensions it has
      await run(['key', 'set', 'staging'], { stdin: TEST_API_KEY }); // the same server, its key set again
      proxy.setMode('reset'); // offline
      const edited = await run(['pets', 'edit', pup.id, '--env', 'staging', '--no-treatment', '--price', '15']);
      proxy.setMode('pass');
      expect(edited).toMatchObject({
        code: 0,
        out: expect.stringContaining('it will be sent to staging by the next sync'),
      });
      expect(edited.out + edited.err).not.toContain('kept on this computer only');
      expect(await run(['sync', '--env', 'staging'], { killAfterMs: ENDS_WITHIN_MS })).toMatchObject({ code: 0 });
      const onServer = service.store.getPet(pup.id);
      expect(onServer).toMatchObject({ price: 1500 });
      expect(onServer).not.toHaveProperty('treatment');
    },
    3 * ENDS_WITHIN_MS,
  );
  itWithKeyring(
    'sync asks a server never asked what it takes, and says details kept here wait for --upload-details: exit 1',
    async () => {
      await run(['env', 'set-url', 'staging', proxy.baseUrl]);
      await run(['key', 'set', 'staging'], { stdin: TEST_API_KEY });
      proxy.setMode('reset'); // offline before it was ever asked: the details stay here
      const add = ['pets', 'add', '--env', 'staging', '--name', 'Unasked Kit', '--category', '2', '--breed', 'Manx'];
      expect(await run(add)).toMatchObject({
        code: 0,
        err: expect.stringContaining('kept on this computer only: staging has not said it takes them'),
      });
      proxy.setMode('pass');
      const synced = await run(['sync', '--env', 'staging'], { killAfterMs: ENDS_WITHIN_MS });
      expect(synced.err).not.toContain('does not take them');
      expect(synced).toMatchObject({
        code: 1,
        err: expect.stringContaining(
          'One animal’s details are kept on this computer only, and the staging server takes them now: send them with petstore sync --upload-details --env staging.',
        ),
      });
      const sent = await run(['sync', '--upload-details', '--env', 'staging'], { killAfterMs: ENDS_WITHIN_MS });
      expect(sent.code).toBe(0);
      const kit = service.db.prepare("SELECT breed FROM pets WHERE name = 'Unasked Kit'").get();
      expect(kit).toEqual({ breed: 'Manx' });
    },
    3 * ENDS_WITHIN_MS,
  );
  itWithKeyring(
    'pets add --json prints the animal as the server took it, ids as JSON integers; one still waiting, its outbox entry',
    async () => {
      await run(['env', 'set-url', 'staging', proxy.baseUrl]);
      await run(['key', 'set', 'staging'], { stdin: TEST_API_KEY });
      const added = await run(['pets', 'add', '--env', 'staging', '--name', 'Json Pup', '--category', '4', '--json']);
      expect(added.code).toBe(0);
      expect(added.out).toMatch(/^\{"id":\d+,"name":"Json Pup","categoryId":4\b/);
      proxy.setMode('reset'); // offline
      const waiting = await run(['pets', 'add', '--env', 'staging', '--name', 'Json Kit', '--category', '4', '--json']);
      proxy.setMode('pass');
      expect(JSON.parse(waiting.out)).toMatchObject({ state: 'unknown', name: 'Json Kit', serverId: null }); // it may have arrived
    },
    3 * ENDS_WITHIN_MS,
  );
  itWithKeyring(
    'a sale the server refused is shown as made here, not as the animal’s, until a person decides on it',
    async () => {
      await run(['env', 'set-url', 'staging', proxy.baseUrl]);
      await run(['key', 'set', 'staging'], { stdin: TEST_API_KEY });
      const pup = service.store.createPet({ name: 'Treated Pup', categoryId: '3', status: 'available', price: 1499 });
      await run(['pets', 'list', '--all', '--env', 'staging']);
      service.store.changePet(pup.id, { treatment: 'Ear drops' }, '*'); // on the server, not yet seen here
      const sold = await run(['pets', 'sell', pup.id, '--buyer-name', 'Bea', '--env', 'staging']);
      expect(sold.code).toBe(1);
      const shown = await run(['pets', 'show', pup.id, '--env', 'staging']);
      expect(shown.out).toMatch(/^Status:\s+available$/m);
      expect(shown.out).toMatch(
        /^Sale here:\s+\S*14\.99\S*, to Bea \(not on staging: the animal shows available; see petstore outbox list --env staging\)$/m,
      );
      expect(shown.out).not.toMatch(/^Sold for:/m);
    },
    3 * ENDS_WITHIN_MS,
  );
});
