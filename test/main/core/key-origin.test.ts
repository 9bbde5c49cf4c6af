// A key is bound to the origin it was set for. An address moved elsewhere (by a
// person, or by a compromised window through the bridge) never takes the key along until a person
// confirms it. Real keychain, real SQLite, real HTTP on 127.0.0.1: a "collector" server records
// every Authorization header it is sent.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME } from '../../../src/main/config/data-dir';
import { createKeyAccess, keyOriginQuestionInWords, type KeyOriginQuestion } from '../../../src/main/core/key-access';
import { openPetstoreCore, type CoreOptions } from '../../../src/main/core/petstore-core';
import { createSettings } from '../../../src/main/config/settings';
import { createEnvironmentKeys } from '../../../src/main/secrets/environment-keys';
import { openDatabase } from '../../../src/main/database/database';
import { createIpcRouter } from '../../../src/main/ipc/router';
import { createKeychain } from '../../../src/main/secrets/keychain';
import { useCli } from '../../helpers/cli';
import { useCleanups } from '../../helpers/cleanups';
import { startService, TEST_API_KEY } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';
import { startMisbehavingServer } from '../../helpers/misbehaving-server';
import { useTempDir } from '../../helpers/temp-dir';

const { track, later } = useCleanups();
const BEARER = `Bearer ${TEST_API_KEY}`;

describe('a key goes only to the origin it was set for', () => {
  const tempDir = useTempDir();
  const keychainService = () => `Petstore Desk test ${randomUUID()}`;
  function open(options: Partial<CoreOptions> = {}) {
    const core = openPetstoreCore({
      dataDir: tempDir(),
      env: {},
      keychain: createKeychain(keychainService()),
      syncInThread: true,
      ...options,
    });
    later(() => core.close());
    return core;
  }

  itWithKeyring(
    'moved to another origin, every road to the server (list, add and sync, lookup, test) sends nothing; a yes sends it',
    async () => {
      const questions: KeyOriginQuestion[] = [];
      let answer = false;
      const core = open({
        confirmKeyOrigin: async (question) => {
          questions.push(question);
          return answer;
        },
      });
      const service = track(await startService());
      const collector = track(await startMisbehavingServer());
      await core.setBaseUrl('staging', `${service.baseUrl}/v1`);
      await core.setKey('staging', TEST_API_KEY);
      expect((await core.testConnection('staging')).connection).toBe('online');
      expect((await core.environmentSettings('staging')).key).toMatchObject({
        set: true,
        origin: service.baseUrl,
        forCurrentAddress: true,
      });

      const elsewhere = collector.url('echo-key');
      const moved = await core.setBaseUrl('staging', elsewhere);
      expect(moved.key).toMatchObject({ set: true, origin: service.baseUrl, forCurrentAddress: false });
      core.startSync();
      const verdict = await core.testConnection('staging');
      const listed = await core.listPets('staging', {}, { refresh: true });
      core.addPet('staging', { name: 'Stays home', categoryId: '1' });
      await core.syncNow('staging');
      await expect(Promise.resolve(core.getPet('staging', '1'))).rejects.toMatchObject({ kind: 'key_unconfirmed' });
      expect(collector.requests).toBe(0);
      expect(verdict.connection).toBe('key_unconfirmed');
      expect(verdict.message).toContain(new URL(elsewhere).origin);
      expect(listed.problem?.code).toBe('key_unconfirmed');
      expect(core.serverStatus('staging')).toMatchObject({ connection: 'key_unconfirmed', waiting: 1 });
      expect(core.outboxEntries('staging')[0]).toMatchObject({ state: 'pending' }); // certainly not sent

      // A person says no: still nothing; and a window cannot answer for them (the router has no such argument).
      expect(await core.confirmKeyForAddress('staging')).toMatchObject({ confirmed: false });
      expect(questions).toEqual([{ environment: 'staging', from: service.baseUrl, to: new URL(elsewhere).origin }]);
      const router = createIpcRouter(core);
      expect(await router.dispatch('confirmKeyForAddress', { environment: 'staging', confirmed: true })).toMatchObject({
        ok: false,
        error: { code: 'invalid_parameter' },
      });
      await core.testConnection('staging');
      expect(collector.requests).toBe(0);

      // A yes: the key goes to the new origin from then on (so the collector could have caught it all along).
      answer = true;
      expect(await core.confirmKeyForAddress('staging')).toMatchObject({
        confirmed: true,
        key: { origin: new URL(elsewhere).origin, forCurrentAddress: true },
      });
      expect((await core.testConnection('staging')).connection).toBe('online');
      expect(collector.authorizations).toContain(BEARER);
    },
  );

  itWithKeyring('through the bridge: setBaseUrl then testConnection sends the key nowhere new', async () => {
    const core = open(); // no one to ask: the answer is no
    const router = createIpcRouter(core);
    const service = track(await startService());
    const collector = track(await startMisbehavingServer());
    await router.dispatch('setBaseUrl', { environment: 'production', url: `${service.baseUrl}/v1` });
    await router.dispatch('setKey', { environment: 'production', key: TEST_API_KEY });
    await router.dispatch('setBaseUrl', { environment: 'production', url: collector.url('echo-key') });
    const tested = await router.dispatch('testConnection', { environment: 'production' });
    expect(tested).toMatchObject({ ok: true, value: { connection: 'key_unconfirmed' } });
    expect(await router.dispatch('confirmKeyForAddress', { environment: 'production' })).toMatchObject({
      ok: true,
      value: { confirmed: false },
    });
    await router.dispatch('syncNow', { environment: 'production' });
    expect(collector.requests).toBe(0);
    // Back to the origin it was set for (another path is the same origin): the key goes again.
    await router.dispatch('setBaseUrl', { environment: 'production', url: `${service.baseUrl}/v1/` });
    expect(await router.dispatch('testConnection', { environment: 'production' })).toMatchObject({
      value: { connection: 'online' },
    });
  });

  itWithKeyring('the same origin under another path keeps the key; another port or scheme does not', async () => {
    const core = open();
    const collector = track(await startMisbehavingServer());
    await core.setBaseUrl('staging', collector.url('echo-key'));
    await core.setKey('staging', TEST_API_KEY);
    await core.setBaseUrl('staging', collector.url('html')); // same scheme, host and port
    await core.testConnection('staging');
    expect(collector.authorizations).toEqual([BEARER]);
    const { port } = new URL(collector.url('html'));
    await core.setBaseUrl('staging', `http://localhost:${port}/html/v1`); // another host name for it
    expect((await core.testConnection('staging')).connection).toBe('key_unconfirmed');
    expect(collector.authorizations).toEqual([BEARER]);
  });

  itWithKeyring('a key is checked against where each request goes, not only against the setting', async () => {
    // A client made for another address (before the setting was put back) asks for the key: refused.
    const db = openDatabase(join(tempDir(), DATABASE_FILE_NAME));
    later(() => db.close());
    const settings = createSettings(db, {});
    const access = createKeyAccess(createEnvironmentKeys(createKeychain(keychainService()), settings), settings);
    settings.setBaseUrl('staging', 'https://staging.shop.example/v1');
    await access.set('staging', TEST_API_KEY);
    expect(await access.forRequest('staging', 'https://staging.shop.example')).toBe(TEST_API_KEY);
    await expect(access.forRequest('staging', 'https://collector.example')).rejects.toMatchObject({
      kind: 'key_unconfirmed',
      details: { mayHaveArrived: false },
    });
    expect(access.state('staging')).toBe('ready'); // the setting itself is fine
    await access.clear('staging');
  });

  itWithKeyring(
    'a key in the keychain with no origin of its own is sent nowhere; one set before keys had origins is bound to its address',
    async () => {
      const dataDir = tempDir();
      const keychain = createKeychain(keychainService());
      const collector = track(await startMisbehavingServer());
      const first = openPetstoreCore({ dataDir, env: {}, keychain });
      await first.setBaseUrl('staging', collector.url('echo-key'));
      await keychain.set('staging', TEST_API_KEY); // put there by something else: no record of where it belongs
      expect((await first.testConnection('staging')).connection).toBe('key_unconfirmed');
      expect(collector.requests).toBe(0);
      await first.close();

      // As a version before this one left it: when it was set, and no origin.
      const file = new Database(join(dataDir, DATABASE_FILE_NAME));
      file.prepare("INSERT INTO settings (name, value) VALUES ('key_set_at.staging', ?)").run(new Date().toISOString());
      file.close();
      const second = openPetstoreCore({ dataDir, env: {}, keychain });
      later(() => second.close());
      expect((await second.environmentSettings('staging')).key).toMatchObject({
        origin: new URL(collector.url('echo-key')).origin,
        forCurrentAddress: true,
      });
      expect((await second.testConnection('staging')).connection).toBe('online');
      await keychain.delete('staging');
    },
  );

  itWithKeyring('a key cannot be set before the address it is for', async () => {
    const core = open();
    await expect(core.setKey('production', TEST_API_KEY)).rejects.toMatchObject({
      code: 'invalid_parameter',
      fields: [{ field: 'key', message: expect.stringContaining('before the production address') }],
    });
    expect((await core.environmentSettings('production')).key.set).toBe(false);
  });

  it("main's dialog names the host the key would go to, and what a yes does", () => {
    const words = keyOriginQuestionInWords({
      environment: 'production',
      from: 'https://shop.example',
      to: 'https://shop-example.attacker.test:8443',
    });
    expect(words.message).toBe('Send the production key to shop-example.attacker.test:8443?');
    expect(words.detail).toContain('set for https://shop.example');
    expect(words.detail).toContain('whoever runs it receives the key');
    expect(words.confirmLabel).toBe('Send the key to shop-example.attacker.test:8443');
  });
});

describe('the command line binds keys the same way', () => {
  const { run } = useCli();

  itWithKeyring('key confirm: refused without a terminal, sent after --yes', async () => {
    const service = track(await startService());
    const collector = track(await startMisbehavingServer());
    await run(['env', 'set-url', 'staging', `${service.baseUrl}/v1`]);
    await run(['key', 'set', 'staging'], { stdin: TEST_API_KEY });
    await run(['env', 'set-url', 'staging', collector.url('echo-key')]);
    const refused = await run(['pets', 'list', '--env', 'staging']);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('petstore key confirm staging');
    expect((await run(['key', 'status'])).out).toContain(`for ${service.baseUrl} (not for the current address`);
    const unasked = await run(['key', 'confirm', 'staging']);
    expect(unasked).toMatchObject({ code: 2, err: expect.stringContaining('no terminal to ask at') });
    expect(collector.requests).toBe(0);
    const confirmed = await run(['key', 'confirm', 'staging', '--yes']);
    expect(confirmed).toMatchObject({
      code: 0,
      out: `The staging key is sent to ${new URL(collector.url('html')).origin} from now on.`,
    });
    expect((await run(['pets', 'list', '--env', 'staging'])).code).toBe(0);
    // Each request (which extensions it has, then the list) carried this key.
    expect([...new Set(collector.authorizations)]).toEqual([BEARER]);
  });
});
