import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseLossless } from 'lossless-json';
import { useCli, runCliProcess } from '../../helpers/cli';
import { startService, TEST_API_KEY, type RunningService } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';

let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

describe('npm run cli', () => {
  const { run, dataDir } = useCli();

  it('env show: local by default, with what is missing', async () => {
    const shown = await run(['env', 'show']);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain('Active environment: local');
    expect(shown.out).toContain('staging:     no address');
    const json = await run(['env', 'show', '--json']);
    const nothingSet = {
      url: null,
      urlSource: 'none',
      keySet: false,
      keySetAt: null,
      keyOrigin: null,
      keyForCurrentAddress: false,
      keyProblem: null,
    };
    expect(JSON.parse(json.out)).toEqual({
      active: 'local',
      environments: { production: nothingSet, staging: nothingSet },
    });
  });

  it('env show without a keychain: the addresses still, and the key said unknown, in words', async () => {
    expect((await run(['env', 'set-url', 'staging', 'https://staging.shop.example/v1'])).code).toBe(0);
    // No session bus: keytar reaches no keychain.
    const env = { DBUS_SESSION_BUS_ADDRESS: '', DISPLAY: '' };
    const shown = await run(['env', 'show'], { env });
    expect(shown.code).toBe(0);
    expect(shown.out).toMatch(
      /staging: {5}https:\/\/staging\.shop\.example\/v1; key unknown: the system keychain cannot be read \(No OS keychain/,
    );
    const json = JSON.parse((await run(['env', 'show', '--json'], { env })).out);
    expect(json.environments.staging).toMatchObject({
      url: 'https://staging.shop.example/v1',
      keyProblem: expect.stringMatching(/^No OS keychain is available/),
    });
  });

  it('doctor without a keychain: a note for a shop on the local store alone, a problem once a server is set', async () => {
    const env = { DBUS_SESSION_BUS_ADDRESS: '', DISPLAY: '' };
    expect((await run(['pets', 'add', '--name', 'Rex', '--category', '1'], { env })).code).toBe(0);
    const localOnly = await run(['doctor'], { env });
    expect(localOnly.code).toBe(0);
    expect(localOnly.out).toMatch(/^- +OS keychain not reachable, and only a server's key is kept there/m);
    // A server's address given by the environment is a server set up, its file not made yet or not.
    const preset = await run(['doctor'], { env: { ...env, PETSTORE_PRODUCTION_URL: 'https://shop.example/v1' } });
    expect(preset.code).toBe(1);
    expect(preset.out).toMatch(/^PROBLEM No OS keychain/m);
    expect((await run(['env', 'set-url', 'staging', 'https://staging.shop.example/v1'], { env })).code).toBe(0);
    const withServer = await run(['doctor'], { env });
    expect(withServer.code).toBe(1);
    expect(withServer.out).toMatch(/^PROBLEM No OS keychain/m);
  });

  it('env use and env set-url persist; bad input is a usage error (exit 2)', async () => {
    expect((await run(['env', 'use', 'staging'])).code).toBe(0);
    expect((await run(['env', 'set-url', 'staging', 'https://staging.shop.example/v1/'])).out).toBe(
      'staging: https://staging.shop.example/v1',
    );
    const shown = JSON.parse((await run(['env', 'show', '--json'])).out);
    expect(shown.active).toBe('staging');
    expect(shown.environments.staging.url).toBe('https://staging.shop.example/v1');
    const production = await run(['env', 'use', 'production']);
    expect(production.out).toContain('PRODUCTION');
    expect((await run(['env', 'use', 'moon'])).code).toBe(2);
    const insecure = await run(['env', 'set-url', 'staging', 'http://staging.shop.example/v1']);
    expect(insecure.code).toBe(2);
    expect(insecure.err).toContain('must use https://');
    expect((await run(['pets', 'frobnicate'])).code).toBe(2);
  });

  it('pets add, list and get on the local store, as a table or as exact JSON', async () => {
    const added = await run([
      'pets',
      'add',
      '--name',
      'Rex',
      '--category',
      '9223372036854775807',
      '--status',
      'available',
      '--json',
    ]);
    expect(added.code).toBe(0);
    expect(added.out).toMatch(
      /^\{"id":1,"name":"Rex","categoryId":9223372036854775807,"status":"available","revision":1\}$/,
    );
    const table = await run(['pets', 'list']);
    expect(table.out.split('\n')).toEqual([
      'ID  NAME  CATEGORY             STATUS',
      '1   Rex   9223372036854775807  available',
    ]);
    expect((await run(['pets', 'get', '1'])).err).toBe(
      'Note: getPet is deprecated and is removed on 5 December 2030; use: pets show 1',
    );
    expect((await run(['pets', 'get', '99'])).code).toBe(1);
    const bad = await run(['pets', 'list', '--limit', '0']);
    expect(bad).toMatchObject({ code: 2, err: '--limit must be an integer from 1 to 100, got "0"' });
  });

  itWithKeyring(
    'a write to production asks for a yes (--yes in a script), whichever environment is active',
    async () => {
      await run(['env', 'set-url', 'production', `${service.baseUrl}/v1`]);
      await run(['key', 'set', 'production'], { stdin: `${TEST_API_KEY}\n` });
      const before = service.store.listPets({ limit: 100 }).length;
      const asked = await run(['pets', 'add', '--env', 'production', '--name', 'Unasked', '--category', '4']);
      expect(asked.code).toBe(2);
      expect(asked.err).toMatch(/^Not done: .*no terminal to ask at.*--yes/);
      expect((await run(['outbox', 'list', '--env', 'production', '--json'])).out).not.toContain('Unasked');
      const changed = await run(['pets', 'set-status', '1', 'sold', '--env', 'production']);
      expect(changed.code).toBe(2);
      expect(service.store.listPets({ limit: 100 })).toHaveLength(before);
      const meant = await run(['pets', 'add', '--env', 'production', '--name', 'Meant', '--category', '4', '--yes']);
      expect(meant.code).toBe(0);
      expect(service.store.listPets({ limit: 100 }).map((pet) => pet.name)).toContain('Meant');
      // Staging and the local store ask nothing.
      expect((await run(['pets', 'add', '--name', 'Local', '--category', '4'])).code).toBe(0);
    },
  );

  itWithKeyring('against a server: key from standard input, exit 1 for its errors, 3 when unreachable', async () => {
    await run(['env', 'set-url', 'staging', `${service.baseUrl}/v1`]);
    expect((await run(['pets', 'list', '--env', 'staging'])).code).toBe(2); // no key yet: nothing sent
    const set = await run(['key', 'set', 'staging'], { stdin: `${TEST_API_KEY}\n` });
    expect(set.out).toBe('The staging key is set (kept in the OS keychain).');
    expect((await run(['key', 'status'])).out).toBe(
      `production: not set\nstaging: set on ${new Date().toISOString().slice(0, 10)} for ${service.baseUrl}`,
    );
    const added = await run(['pets', 'add', '--env', 'staging', '--name', 'Remote', '--category', '4']);
    expect(added.code).toBe(0);
    expect(added.out).toContain('Added to staging');
    expect(service.store.listPets().map((pet) => pet.name)).toContain('Remote');
    expect((await run(['pets', 'get', '--env', 'staging', '123456'])).code).toBe(1);
    await run(['key', 'set', 'staging'], { stdin: 'wrong-key' });
    const rejected = await run(['pets', 'list', '--env', 'staging']);
    expect(rejected.code).toBe(1);
    expect(rejected.err).toContain('rejected the key');
    expect(rejected.err).toContain('Give it the key it takes: petstore key set staging (the key on standard input).');
    await run(['env', 'set-url', 'staging', 'http://127.0.0.1:9/v1']);
    await run(['key', 'confirm', 'staging', '--yes']); // another origin: the key goes there only once confirmed
    expect((await run(['pets', 'list', '--env', 'staging'])).code).toBe(3);
  });

  itWithKeyring('doctor: checks the keychain, the database and each configured server', async () => {
    await run(['env', 'set-url', 'staging', `${service.baseUrl}/v1`]);
    await run(['key', 'set', 'staging'], { stdin: TEST_API_KEY });
    const healthy = await run(['doctor']);
    expect(healthy.code).toBe(0);
    expect(healthy.out).toContain('ok      OS keychain reachable');
    expect(healthy.out).toMatch(/ok {6}.*petstore\.db is sound/);
    expect(healthy.out).toContain('ok      staging: staging');
    expect(healthy.out).toContain('production: not configured');
    await run(['env', 'set-url', 'production', 'http://127.0.0.1:9/v1']);
    const sick = await run(['doctor']);
    expect(sick.code).toBe(1);
    expect(sick.out).toMatch(/PROBLEM production: No key is set for production/);
  });

  itWithKeyring('as a real process: npm run -s cli prints pure JSON, and takes the key on standard input', async () => {
    const dir = dataDir();
    expect((await runCliProcess(['env', 'set-url', 'staging', `${service.baseUrl}/v1`], { dataDir: dir })).code).toBe(
      0,
    );
    const set = await runCliProcess(['key', 'set', 'staging'], { dataDir: dir, stdin: TEST_API_KEY });
    expect(set.code).toBe(0);
    service.store.upsertPets([{ id: '9223372036854775807', name: 'Max', categoryId: '1' }]);
    const listed = await runCliProcess(['pets', 'list', '--env', 'staging', '--limit', '100', '--json'], {
      dataDir: dir,
    });
    expect(listed.code).toBe(0);
    const pets = parseLossless(listed.out) as Array<{ id: { value: string } }>;
    expect(pets.map((pet) => pet.id.value)).toContain('9223372036854775807');
    await runCliProcess(['key', 'clear', 'staging'], { dataDir: dir });
  });
});

describe('npm run cli: sync and the outbox', () => {
  const { run } = useCli();

  itWithKeyring(
    'pets add succeeds offline and says pending; sync exits 3 offline, 0 once everything is sent; outbox list/resend/discard',
    async () => {
      const port = await (await import('../../helpers/processes')).freePort();
      await run(['env', 'set-url', 'staging', `http://127.0.0.1:${port}/v1`]);
      await run(['key', 'set', 'staging'], { stdin: TEST_API_KEY });
      await run(['env', 'use', 'staging']);
      const added = await run(['pets', 'add', '--name', 'Offline Rex', '--category', '1']);
      expect(added.code).toBe(0);
      expect(added.out).toMatch(
        /^Saved here; pending: it will be sent to staging by the next sync \(outbox entry 1\)\.\nWhy not now: .*unreachable/,
      );
      await run(['pets', 'add', '--name', 'Offline Max', '--category', '2']);
      expect((await run(['sync'])).code).toBe(3);
      const listed = JSON.parse((await run(['outbox', 'list', '--json'])).out) as Array<{
        entryId: string;
        name: string;
        state: string;
      }>;
      expect(listed.map(({ name, state }) => [name, state])).toEqual([
        ['Offline Rex', 'pending'],
        ['Offline Max', 'pending'],
      ]);
      expect((await run(['outbox', 'discard', '2'])).out).toBe('Discarded entry 2 (Offline Max); it will not be sent.');

      const late = await startService({ port });
      try {
        const synced = await run(['sync']);
        expect(synced.code).toBe(0);
        expect(synced.out).toContain('staging: 0 waiting, 0 refused, 0 to confirm, 0 conflicts to choose.');
        expect(late.store.listPets().map((pet) => pet.name)).toEqual(['Offline Rex']);
        expect((await run(['outbox', 'resend', '1'])).code).toBe(1); // already accepted
        const oldSpelling = await run(['outbox', 'retry', '1']);
        expect(oldSpelling.code).toBe(1);
        expect(oldSpelling.err.split('\n')[0]).toBe('outbox retry is now outbox resend.');
        expect((await run(['sync', '--env', 'local'])).code).toBe(2);
      } finally {
        await late.close();
      }
    },
  );
});
