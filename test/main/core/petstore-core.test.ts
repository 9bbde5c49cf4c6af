// The core's use cases, each the one road the window and the CLI both take, tested at their
// source: real SQLite files, our real service on 127.0.0.1, a real keychain.
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { openPetstoreCore, type PetstoreCore } from '../../../src/main/core/petstore-core';
import { createKeychain } from '../../../src/main/secrets/keychain';
import type { ServerStatus } from '../../../src/shared/contract';
import { startFaultProxy } from '../../helpers/fault-proxy';
import { startService, TEST_API_KEY } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';
import { startMisbehavingServer } from '../../helpers/misbehaving-server';
import { freePort } from '../../helpers/processes';
import { useTempDir } from '../../helpers/temp-dir';
import { useCleanups } from '../../helpers/cleanups';

const { track, later } = useCleanups();

/** Whatever the status says, it never claims contact that did not happen. */
function expectNoClaimOfContact(status: ServerStatus) {
  expect(status.connection).not.toBe('online');
  expect(status.lastContactAt).toBeNull();
  expect(status.lastSyncedAt).toBeNull();
}

describe('the core', () => {
  const tempDir = useTempDir();
  function open(): PetstoreCore {
    const core = openPetstoreCore({
      dataDir: tempDir(),
      env: {},
      keychain: createKeychain(`Petstore Desk test ${randomUUID()}`),
      syncInThread: true,
    });
    later(() => core.close());
    return core;
  }

  itWithKeyring(
    'a held animal (added before the address changed) is resent to the new address, exactly once',
    async () => {
      const core = open();
      const service = track(await startService());
      await core.setBaseUrl('staging', `http://127.0.0.1:${await freePort()}/v1`); // nothing listens there
      await core.setKey('staging', TEST_API_KEY);
      const added = core.addPet('staging', { name: 'Held Hamster', categoryId: '3' });
      if (!('entry' in added)) throw new Error('an outbox entry was expected');
      await core.syncNow('staging');
      await core.setBaseUrl('staging', `${service.baseUrl}/v1`); // a person fixes the address in Settings…
      await core.confirmKeyForAddress('staging', { ask: async () => true }); // …and says the key may go there
      await core.syncNow('staging');
      expect(core.outboxEntry('staging', added.entry.entryId)).toMatchObject({ state: 'held' });
      expect(core.serverStatus('staging')).toMatchObject({ held: 1, waiting: 0 });

      const resent = core.resendEntry('staging', added.entry.entryId);
      expect(resent.baseUrl).toBe(`${service.baseUrl}/v1`); // confirmed for the new address
      await core.syncNow('staging');
      expect(core.outboxEntry('staging', added.entry.entryId)).toMatchObject({ state: 'accepted' });
      expect(service.store.listPets().map((pet) => pet.name)).toEqual(['Held Hamster']);
      expect(core.serverStatus('staging')).toMatchObject({ held: 0, waiting: 0, connection: 'online' });
      // Sending it again is refused in words, and sends nothing.
      expect(() => core.resendEntry('staging', added.entry.entryId)).toThrow(/already on staging/);
      expect(service.store.listPets()).toHaveLength(1);
    },
  );

  itWithKeyring(
    'an animal whose send went unanswered is known to be maybe on the server, held or refused after',
    async () => {
      const core = open();
      const service = track(await startService());
      const proxy = track(await startFaultProxy(service.port));
      await core.setBaseUrl('staging', proxy.baseUrl);
      await core.setKey('staging', TEST_API_KEY);
      proxy.schedule(['drop-after-commit']); // the server adds it; the answer never comes back
      const added = core.addPet('staging', { name: 'Maybe Mole', categoryId: '1' });
      if (!('entry' in added)) throw new Error('an outbox entry was expected');
      expect(added.entry.mayBeOnServer).toBe(false);
      await expect // the add's own send, in the background
        .poll(() => core.outboxEntry('staging', added.entry.entryId))
        .toMatchObject({ state: 'unknown', mayBeOnServer: true });
      await core.setBaseUrl('staging', `http://127.0.0.1:${await freePort()}/v1`);
      await core.syncNow('staging');
      // Held for the new address, it still says the old one may have it: discarding it cannot take it back.
      expect(core.outboxEntry('staging', added.entry.entryId)).toMatchObject({
        state: 'held',
        mayBeOnServer: true,
      });
      expect(service.store.listPets().map((pet) => pet.name)).toEqual(['Maybe Mole']);
    },
  );

  itWithKeyring('never claims contact that did not happen: no address, no key, server down', async () => {
    const core = open();
    expect(core.serverStatus('staging')).toMatchObject({ connection: 'no_address', problem: { code: 'no_address' } });
    expectNoClaimOfContact((await core.syncNow('staging')).status);

    await core.setBaseUrl('staging', `http://127.0.0.1:${await freePort()}/v1`);
    const noKey = (await core.syncNow('staging')).status;
    expect(noKey).toMatchObject({ connection: 'no_key', problem: { code: 'no_key' } });
    expectNoClaimOfContact(noKey);

    await core.setKey('staging', TEST_API_KEY);
    expect(core.serverStatus('staging').connection).toBe('unknown'); // a new key: not tried yet
    core.addPet('staging', { name: 'Offline Otter', categoryId: '1' });
    const down = (await core.syncNow('staging')).status;
    expect(down).toMatchObject({ connection: 'offline', waiting: 1, problem: { code: 'unreachable' } });
    expectNoClaimOfContact(down);
    const listed = await core.listPets('staging', {}, { refresh: true });
    expect(listed).toMatchObject({ source: 'replica', listedAt: null, problem: { code: 'unreachable' } });
  });

  itWithKeyring('one account of the server for every part of the window: lists, sends and the key', async () => {
    const core = open();
    const service = track(await startService());
    await core.setBaseUrl('staging', `${service.baseUrl}/v1`);
    await core.setKey('staging', TEST_API_KEY);
    const fresh = await core.listPets('staging', {}, { refresh: true });
    expect(fresh.source).toBe('server');
    // Heard from with nothing waiting: it has everything added here (never "Never synced" beside a fresh list).
    expect(core.serverStatus('staging')).toMatchObject({
      connection: 'online',
      lastContactAt: expect.any(String),
      lastSyncedAt: expect.any(String),
    });
    await core.clearKey('staging');
    expect(core.serverStatus('staging')).toMatchObject({ connection: 'no_key' }); // never "Online" without a key
  });

  itWithKeyring(
    'an add counts as waiting at once, and while its send is in flight, in the events the window gets',
    async () => {
      const core = open();
      const service = track(await startService());
      const proxy = track(await startFaultProxy(service.port, 1_500));
      await core.setBaseUrl('staging', proxy.baseUrl);
      await core.setKey('staging', TEST_API_KEY);
      const statuses: ServerStatus[] = [];
      core.on('serverStatus', (status) => statuses.push(status));
      core.startSync();
      proxy.schedule(['slow']);
      core.addPet('staging', { name: 'Slow Sloth', categoryId: '1' });
      await expect.poll(() => statuses.at(-1)?.waiting, { timeout: 500 }).toBe(1);
      await expect
        .poll(() => statuses.some((status) => status.sending && status.waiting === 1), { timeout: 1_000 })
        .toBe(true);
      await expect.poll(() => statuses.at(-1), { timeout: 5_000 }).toMatchObject({ waiting: 0, sending: false });
      expect(service.store.listPets()).toHaveLength(1);
    },
  );

  itWithKeyring('test connection in words, one verdict per kind of answer, each said once', async () => {
    const core = open();
    const service = track(await startService());
    const bad = track(await startMisbehavingServer());
    await core.setBaseUrl('staging', `${service.baseUrl}/v1`);
    await core.setKey('staging', TEST_API_KEY);
    const verdict = async (url: string) => {
      await core.setBaseUrl('staging', url);
      await core.confirmKeyForAddress('staging', { ask: async () => true }); // each is another origin
      return core.testConnection('staging');
    };
    expect(await verdict(`${service.baseUrl}/v1`)).toEqual({
      connection: 'online',
      message: `staging (${service.baseUrl}/v1) answered as a pet store service and accepted the key.`,
    });
    const failing = await verdict(bad.url('server-error'));
    expect(failing).toEqual({
      connection: 'failing',
      message: `staging (${bad.url('server-error')}) answered 500 internal: The database is locked.`,
    });
    const html = await verdict(bad.url('html'));
    expect(html.connection).toBe('not_a_pet_store');
    expect(html.message).toBe(
      `staging (${bad.url('html')}) sent text/html where the interface's JSON belongs (a web page: a network login page or a proxy?).`,
    );
    expect((await verdict(bad.url('reset'))).connection).toBe('offline');
    await core.setKey('staging', 'not-the-key-123');
    expect(await verdict(`${service.baseUrl}/v1`)).toMatchObject({ connection: 'key_rejected' });
    for (const { message } of [failing, html]) {
      const where = message.slice(0, message.indexOf(')') + 1);
      expect(message.split(where).length - 1, message).toBe(1); // the server is named once
    }
  });

  itWithKeyring(
    "the active environment is main's decision: each one numbered, and told to every listener",
    async () => {
      const core = open();
      const told: unknown[] = [];
      core.on('environmentChanged', (decided) => told.push(decided));
      const currency = expect.stringMatching(/^[A-Z]{3}$/);
      expect(core.activeEnvironment()).toEqual({ environment: 'local', revision: 0, currency });
      core.setActiveEnvironment('production');
      core.setActiveEnvironment('staging');
      expect(core.activeEnvironment()).toEqual({ environment: 'staging', revision: 2, currency });
      expect(told).toEqual([
        { environment: 'production', revision: 1, currency },
        { environment: 'staging', revision: 2, currency },
      ]);
    },
  );
});
