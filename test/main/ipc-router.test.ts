import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createIpcRouter, type Emit } from '../../src/main/ipc-router';
import { openPetstoreCore, type PetstoreCore } from '../../src/main/petstore-core';
import { createKeychain } from '../../src/main/secrets/keychain';
import { IPC_CHANNELS } from '../../src/shared/ipc/channels';
import { IPC_REQUESTS } from '../../src/shared/ipc/contract';
import { itWithKeyring } from '../helpers/keyring';
import { useTempDir } from '../helpers/temp-dir';

describe('IPC router: every channel of the contract, validated in main', () => {
  const tempDir = useTempDir();
  let core: PetstoreCore | undefined;
  afterEach(async () => {
    await core?.close();
    core = undefined;
  });
  function open() {
    const events: Array<[string, unknown]> = [];
    core = openPetstoreCore({
      dataDir: tempDir(),
      env: {},
      keychain: createKeychain(`Petstore Desk test ${randomUUID()}`),
      syncInThread: true,
    });
    const emit: Emit = (event, payload) => void events.push([event, payload]);
    return { router: createIpcRouter(core, emit), events };
  }

  it('declares a schema for exactly the channels the preload exposes', () => {
    expect(Object.keys(IPC_REQUESTS).sort()).toEqual([...IPC_CHANNELS].sort());
  });

  it('runs valid calls against the local store and tells the renderer what changed', async () => {
    const { router, events } = open();
    const added = await router.dispatch('addPet', {
      environment: 'local',
      pet: { name: 'Rex', categoryId: '9223372036854775807' },
    });
    expect(added).toEqual({ ok: true, value: { pet: { id: '1', name: 'Rex', categoryId: '9223372036854775807' } } });
    expect(await router.dispatch('listPets', { environment: 'local', query: { limit: 5 } })).toMatchObject({
      ok: true,
      value: { source: 'local', pets: [{ name: 'Rex' }], unsynced: [] },
    });
    expect(await router.dispatch('setActiveEnvironment', { environment: 'staging' })).toEqual({
      ok: true,
      value: 'staging',
    });
    expect(events).toEqual([
      ['dataChanged', { environment: 'local' }],
      ['environmentChanged', { environment: 'staging' }],
    ]);
  });

  it('answers a bad channel or argument with an error value naming the problem, never an exception', async () => {
    const { router } = open();
    for (const channel of ['nope', '__proto__', 'constructor', 'hasOwnProperty', 42, undefined]) {
      expect(await router.dispatch(channel, {})).toMatchObject({
        ok: false,
        error: { source: 'app', code: 'invalid_parameter', message: expect.stringMatching(/^There is no channel/) },
      });
    }
    expect(await router.dispatch('listPets', { environment: 'moon', query: {} })).toMatchObject({
      ok: false,
      error: { code: 'invalid_parameter', message: expect.stringMatching(/^environment /) },
    });
    expect(
      await router.dispatch('addPet', { environment: 'local', pet: { name: 'Rex', categoryId: '1' }, extra: true }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_parameter' } });
    expect(await router.dispatch('addPet', { environment: 'local', pet: { name: 42, categoryId: '1' } })).toMatchObject(
      { ok: false, error: { message: expect.stringMatching(/^pet\.name /) } },
    );
    // The core's own rules, with its messages: what a form puts next to its field.
    expect(await router.dispatch('addPet', { environment: 'local', pet: { name: '  ', categoryId: '1' } })).toEqual({
      ok: false,
      error: { source: 'app', code: 'invalid_body', message: 'name must not be empty', status: 400 },
    });
    expect(
      await router.dispatch('setBaseUrl', { environment: 'staging', url: 'http://shop.example/v1' }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_parameter', message: expect.stringContaining('https://') } });
  });

  it('2,000 generated calls: each resolves to an outcome; none is an unexplained internal error', async () => {
    const { router } = open();
    const channel = fc.oneof(fc.constantFrom(...IPC_CHANNELS), fc.string());
    const argument = fc.oneof(
      fc.anything(),
      fc.record(
        {
          environment: fc.constantFrom('local', 'production', 'staging', 'moon'),
          query: fc.anything(),
          pet: fc.anything(),
          url: fc.string(),
          entryId: fc.string(),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(channel, argument, async (name, arg) => {
        const outcome = await router.dispatch(name, arg);
        expect(typeof outcome.ok).toBe('boolean');
        if (!outcome.ok) {
          expect(outcome.error.code).not.toBe('internal');
          expect(outcome.error.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  itWithKeyring('setKey answers whether a key is set and since when, never the key', async () => {
    const { router } = open();
    const outcome = await router.dispatch('setKey', { environment: 'staging', key: 'router-secret-123' });
    expect(outcome).toEqual({ ok: true, value: { set: true, setAt: expect.any(String) } });
    expect(JSON.stringify(outcome)).not.toContain('router-secret-123');
    expect(await router.dispatch('clearKey', { environment: 'staging' })).toEqual({
      ok: true,
      value: { set: false, setAt: null },
    });
  });
});
