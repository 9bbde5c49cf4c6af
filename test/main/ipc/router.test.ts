import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPetstoreCore, type PetstoreCore } from '../../../src/main/core/petstore-core';
import { forwardCoreEvents } from '../../../src/main/ipc/core-events';
import { createIpcRouter } from '../../../src/main/ipc/router';
import type { ChannelAdapters } from '../../../src/main/ipc/served-by-name';
import { createKeychain } from '../../../src/main/secrets/keychain';
import { isAppErrorCode } from '../../../src/shared/contract';
import { IPC_CHANNELS } from '../../../src/shared/ipc/contract';
import { itWithKeyring } from '../../helpers/keyring';
import { useTempDir } from '../../helpers/temp-dir';

describe('IPC router: every channel of the contract, validated in main', () => {
  const tempDir = useTempDir();
  let core: PetstoreCore | undefined;
  afterEach(async () => {
    await core?.close();
    core = undefined;
  });
  function open() {
    const events: Array<[string, unknown]> = [];
    const faults: unknown[] = [];
    core = openPetstoreCore({
      dataDir: tempDir(),
      env: {},
      keychain: createKeychain(`Petstore Desk test ${randomUUID()}`),
      syncInThread: true,
    });
    forwardCoreEvents(core, (event, payload) => void events.push([event, payload]));
    return { router: createIpcRouter(core, { error: (fields) => void faults.push(fields) }), events, faults };
  }

  it('has a handler for every channel of the contract, and for nothing else', () => {
    const { router } = open();
    expect(Object.keys(router.handlers)).toEqual(IPC_CHANNELS);
    for (const channel of IPC_CHANNELS) expect(typeof router.handlers[channel], channel).toBe('function');
  });

  it('calls the use case of the same name with nothing, the environment alone, or the argument as it is', async () => {
    open();
    const useCases = {
      lockManager: vi.fn(core!.lockManager),
      serverStatus: vi.fn(core!.serverStatus),
      setPreferences: vi.fn(core!.setPreferences),
    };
    const router = createIpcRouter({ ...core!, ...useCases });
    expect(await router.dispatch('lockManager', undefined)).toMatchObject({ ok: true });
    expect(await router.dispatch('serverStatus', { environment: 'staging' })).toMatchObject({ ok: true });
    expect(await router.dispatch('setPreferences', { confirmProductionAdds: false })).toMatchObject({ ok: true });
    expect(useCases.lockManager.mock.calls).toEqual([[]]);
    expect(useCases.serverStatus.mock.calls).toEqual([['staging']]);
    expect(useCases.setPreferences.mock.calls).toEqual([[{ confirmProductionAdds: false }]]);
  });

  it('refuses to start without a use case for a channel, rather than fail when the window calls it', () => {
    open();
    expect(() => createIpcRouter({ ...core!, serverStatus: undefined } as unknown as PetstoreCore)).toThrow(
      'No use case serves the IPC channel serverStatus.',
    );
  });

  it('the type checker refuses a channel whose use case needs a line the router lacks (npm run typecheck)', () => {
    const lines = {} as Omit<ChannelAdapters, 'listPets' | 'syncNow'>;
    // @ts-expect-error listPets's use case takes other parameters than its argument object
    const withoutListPets: ChannelAdapters = { ...lines, syncNow: async () => ({}) as never };
    // @ts-expect-error syncNow's use case answers more than the contract's result (the pass)
    const withoutSyncNow: ChannelAdapters = { ...lines, listPets: () => ({}) as never };
    const servedByName: ChannelAdapters = {
      ...lines,
      listPets: () => ({}) as never,
      syncNow: async () => ({}) as never,
    };
    expect([withoutListPets, withoutSyncNow, servedByName]).toHaveLength(3);
  });

  it('runs valid calls against the local store; what main decides reaches the window as events', async () => {
    const { router, events } = open();
    const added = await router.dispatch('addPet', {
      environment: 'local',
      pet: { name: 'Rex', categoryId: '9223372036854775807' },
    });
    expect(added).toEqual({
      ok: true,
      value: { pet: { id: '1', name: 'Rex', categoryId: '9223372036854775807', revision: 1 } },
    });
    expect(await router.dispatch('listPets', { environment: 'local', query: { limit: 5 } })).toMatchObject({
      ok: true,
      value: { source: 'local', pets: [{ name: 'Rex' }], unsynced: [] },
    });
    const staging = { environment: 'staging', revision: 1, currency: expect.stringMatching(/^[A-Z]{3}$/) };
    expect(await router.dispatch('setActiveEnvironment', { environment: 'staging' })).toEqual({
      ok: true,
      value: staging,
    });
    expect(await router.dispatch('activeEnvironment', undefined)).toEqual({ ok: true, value: staging });
    expect(events).toEqual([
      ['dataChanged', { environment: 'local' }],
      ['environmentChanged', staging],
    ]);
  });

  it('answers a bad channel or argument with an error value naming the problem, never an exception', async () => {
    const { router } = open();
    for (const channel of ['nope', '__proto__', 'constructor', 'hasOwnProperty', 42, undefined]) {
      expect(await router.dispatch(channel, {})).toMatchObject({
        ok: false,
        error: { code: 'invalid_parameter', message: expect.stringMatching(/^There is no channel/) },
      });
    }
    expect(await router.dispatch('listPets', { environment: 'moon', query: {} })).toMatchObject({
      ok: false,
      error: { code: 'invalid_parameter', message: expect.stringMatching(/^environment must be one of local/) },
    });
    expect(
      await router.dispatch('addPet', { environment: 'local', pet: { name: 'Rex', categoryId: '1' }, extra: true }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_parameter', message: 'argument has a field it does not take: extra' },
    });
    expect(await router.dispatch('addPet', { environment: 'local', pet: { name: 42, categoryId: '1' } })).toMatchObject(
      { ok: false, error: { message: 'pet.name must be text, got 42', fields: [{ field: 'pet.name' }] } },
    );
    // The core's own rules, with its messages: what a form puts next to its field.
    expect(await router.dispatch('addPet', { environment: 'local', pet: { name: '  ', categoryId: '1' } })).toEqual({
      ok: false,
      error: {
        code: 'invalid_body',
        message: 'name must not be empty',
        status: 400,
        fields: [{ field: 'name', message: 'must not be empty' }],
      },
    });
    expect(
      await router.dispatch('setBaseUrl', { environment: 'staging', url: 'http://shop.example/v1' }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_parameter', message: expect.stringContaining('https://') } });
  });

  it('never lets a schema library word a message: every kind of bad argument is phrased by us', async () => {
    const { router } = open();
    const messages = [
      await router.dispatch('getPet', { environment: 'local', petId: '1'.repeat(41) }),
      await router.dispatch('setBaseUrl', { environment: 'staging', url: 'x'.repeat(3_000) }),
      await router.dispatch('setPreferences', { confirmProductionAdds: 'yes' }),
      await router.dispatch('listPets', { environment: 'local', query: { limit: 1.5 } }),
      await router.dispatch('preferences', { surprise: true }),
    ].map((outcome) => (outcome.ok ? 'ok' : outcome.error.message));
    expect(messages).toEqual([
      'petId must be at most 40 characters',
      'url must be at most 2048 characters',
      'confirmProductionAdds must be true or false, got "yes"',
      'query.limit must be a whole number, got 1.5',
      'argument must be absent, got a JSON object',
    ]);
    for (const message of messages) expect(message).not.toMatch(/Too big|Too small|Invalid|expected/);
  });

  it('2,000 generated calls: each resolves to an outcome with a code from the closed set; none is an unexplained internal error', async () => {
    const { router, faults } = open();
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
          expect(isAppErrorCode(outcome.error.code), outcome.error.code).toBe(true);
          expect(outcome.error.code).not.toBe('internal');
          expect(outcome.error.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2000 },
    );
    expect(faults).toEqual([]);
  });

  it('an unexpected fault is written to the log, and the window hears only that something failed', async () => {
    const { router, faults } = open();
    await core!.close(); // the database is gone: any call now fails inside the app
    core = undefined;
    const outcome = await router.dispatch('listPets', { environment: 'local', query: {} });
    expect(outcome).toEqual({
      ok: false,
      error: {
        code: 'internal',
        message: 'Something failed inside the app; the log file has the details.',
        status: 500,
      },
    });
    expect(faults).toHaveLength(1);
  });

  itWithKeyring(
    'setKey answers whether a key is set and since when, never the key; a key too long is said so',
    async () => {
      const { router } = open();
      await router.dispatch('setBaseUrl', { environment: 'staging', url: 'https://staging.shop.example/v1' });
      const outcome = await router.dispatch('setKey', { environment: 'staging', key: 'router-secret-123' });
      expect(outcome).toMatchObject({
        ok: true,
        value: {
          key: {
            set: true,
            setAt: expect.any(String),
            origin: 'https://staging.shop.example',
            forCurrentAddress: true,
          },
        },
      });
      expect(JSON.stringify(outcome)).not.toContain('router-secret-123');
      expect(await router.dispatch('clearKey', { environment: 'staging' })).toMatchObject({
        ok: true,
        value: { key: { set: false, setAt: null, origin: null, forCurrentAddress: false } },
      });
      expect(await router.dispatch('setKey', { environment: 'staging', key: 'k'.repeat(5_000) })).toEqual({
        ok: false,
        error: {
          code: 'invalid_parameter',
          status: 400,
          message: 'key is too long: at most 4096 characters, got 5000',
          fields: [{ field: 'key', message: 'is too long: at most 4096 characters, got 5000' }],
        },
      });
    },
  );
});
