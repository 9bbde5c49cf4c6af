// Main decides every write that comes through the window: the environment of a write is the
// active one or refused, production is confirmed by main's own question (never by the caller),
// and a page calling the bridge at random with a PIN set changes nothing a manager guards.
// Real core and SQLite files, a real keychain, and our real service on 127.0.0.1 as production.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { openPetstoreCore, type PetstoreCore } from '../../../src/main/core/petstore-core';
import type { ProductionQuestion } from '../../../src/main/core/write-guard';
import { createIpcRouter } from '../../../src/main/ipc/router';
import { createKeychain } from '../../../src/main/secrets/keychain';
import type { EnvironmentName } from '../../../src/shared/contract';
import { startService, TEST_API_KEY, type RunningService } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';
import { useCleanups } from '../../helpers/cleanups';
import { useTempDir } from '../../helpers/temp-dir';

const { track, later } = useCleanups();
const PIN = '2468';

describe('main decides every write the window asks for', () => {
  const tempDir = useTempDir();

  /** A counter whose production is our service (one animal on it, listed here), a PIN set, `active` the environment. */
  async function counter(active: EnvironmentName) {
    const service = track(await startService());
    const served = service.store.createPet({ name: 'Rex', categoryId: '5', status: 'available' });
    let clock = Date.now();
    const questions: ProductionQuestion[] = [];
    const answers = { production: false, meanwhile: undefined as (() => Promise<void>) | undefined };
    const core: PetstoreCore = openPetstoreCore({
      dataDir: tempDir(),
      env: {},
      keychain: createKeychain(`Petstore Desk test ${randomUUID()}`),
      now: () => clock,
      confirmProductionWrite: async (question) => {
        questions.push(question);
        await answers.meanwhile?.();
        return answers.production;
      },
    });
    later(() => core.close());
    await core.setBaseUrl('production', `${service.baseUrl}/v1`);
    await core.setKey('production', TEST_API_KEY);
    await core.listPets('production', {}, { refresh: true });
    core.nameCategory('production', { categoryId: '5', name: 'Dogs' });
    core.setActiveEnvironment(active);
    await core.setManagerPin(PIN);
    const router = createIpcRouter(core);
    const call = async (channel: string, argument: unknown) => {
      const outcome = await router.dispatch(channel, argument);
      return outcome.ok ? { ok: true as const } : { ok: false as const, code: outcome.error.code };
    };
    return { core, service, served, questions, answers, call, passTime: (ms: number) => void (clock += ms) };
  }

  /** What a manager guards (the staff list among it), who is at the counter, and what production holds or would be sent. */
  async function guarded(core: PetstoreCore, service: RunningService) {
    const production = await core.environmentSettings('production');
    const staging = await core.environmentSettings('staging');
    return {
      active: core.activeEnvironment().environment,
      confirmations: core.preferences().confirmProductionAdds,
      productionAddress: production.baseUrl,
      productionKey: production.key,
      stagingAddress: staging.baseUrl,
      stagingKey: staging.key.set,
      toSend: core.outboxEntries('production').length + core.changeEntries('production').length,
      counter: core.counter(),
      onServer: service.store.listPets({ limit: 100 }).map(({ name, status }) => `${name}:${status}`),
    };
  }

  const WRITES = (petId: string, importId: string) =>
    [
      ['addPet', { environment: 'production', pet: { name: 'Max', categoryId: '5' } }],
      ['addPet', { environment: 'production', pet: { name: 'Max', categoryId: '5' }, anyway: true }],
      ['changePet', { environment: 'production', petId, patch: { status: 'sold' } }],
      ['importAnimals', { environment: 'production', importId, lookAlikesToo: true }],
      ['resendEntry', { environment: 'production', entryId: '1' }],
      ['correctEntry', { environment: 'production', entryId: '1', pet: { name: 'Max', categoryId: '5' } }],
      ['resolveConflict', { environment: 'production', entryId: 'c1', choice: 'keep-mine' }],
      ['discardEntry', { environment: 'production', entryId: '1' }],
      ['restoreEntry', { environment: 'production', entryId: '1' }],
    ] as const;

  itWithKeyring(
    'a write for an environment the app is not working in is refused, and nothing is kept to send',
    async () => {
      const { core, service, served, call } = await counter('local');
      const before = await guarded(core, service);
      const preview = core.previewImport('production', 'more.csv', 'name,category\nBella,5\n');
      for (const [channel, argument] of WRITES(served.id, preview.importId)) {
        expect(await call(channel, argument), channel).toEqual({ ok: false, code: 'environment_not_active' });
      }
      expect(await guarded(core, service)).toEqual(before);
      // The local store, the active one, takes the same add.
      expect(await call('addPet', { environment: 'local', pet: { name: 'Max', categoryId: '5' } })).toEqual({
        ok: true,
      });
    },
  );

  itWithKeyring('a sale of an animal under treatment is refused before production is asked', async () => {
    const { served, questions, answers, call } = await counter('production');
    answers.production = true;
    const treated = { environment: 'production', petId: served.id, patch: { treatment: 'Ear drops' } };
    expect(await call('changePet', treated)).toEqual({ ok: true });
    questions.length = 0;
    const renamed = { environment: 'production', petId: served.id, patch: { name: 'Rexy' } };
    expect(await call('changePet', renamed)).toEqual({ ok: true });
    expect(questions.map(({ detail }) => detail)).toEqual(['Name: Rex → Rexy\nRex is under treatment: Ear drops']);
    questions.length = 0;
    const sale = { environment: 'production', petId: served.id, patch: { status: 'sold' } };
    expect(await call('changePet', sale)).toEqual({ ok: false, code: 'under_treatment' });
    expect(questions).toEqual([]);
  });

  itWithKeyring(
    'production asks main’s own question, naming the animal; no is refused and nothing is kept',
    async () => {
      const { core, service, served, questions, answers, call } = await counter('production');
      const before = await guarded(core, service);
      const preview = core.previewImport('production', 'more.csv', 'name,category\nBella,5\nLuna,5\n');
      for (const [channel, argument] of WRITES(served.id, preview.importId).slice(0, 4)) {
        expect(await call(channel, argument), channel).toEqual({ ok: false, code: 'not_confirmed' });
      }
      expect(questions.map(({ message }) => message)).toEqual([
        'Add Max (Dogs (5)) to PRODUCTION?',
        'Add Max (Dogs (5)) to PRODUCTION?',
        'Mark Rex (Dogs (5)) sold in PRODUCTION?',
        'Add 2 animals from more.csv to PRODUCTION?',
      ]);
      expect(await guarded(core, service)).toEqual(before);

      // A look-alike is asked about before production is: one confirmation, for an add that goes.
      questions.length = 0;
      expect(await call('addPet', { environment: 'production', pet: { name: 'rex', categoryId: '5' } })).toEqual({
        ok: false,
        code: 'possible_duplicate',
      });
      expect(questions).toEqual([]);

      answers.production = true;
      expect(await call('changePet', { environment: 'production', petId: served.id, patch: { name: 'Rexy' } })).toEqual(
        {
          ok: true,
        },
      );
      expect(questions.at(-1)).toMatchObject({
        message: 'Change Rex (Dogs (5)) in PRODUCTION?',
        detail: 'Name: Rex → Rexy',
      });
      // Each field changed on a line of its own, by its label, as it was and as it would be.
      const patch = { categoryId: '6', status: null };
      expect(await call('changePet', { environment: 'production', petId: served.id, patch })).toEqual({ ok: true });
      expect(questions.at(-1)?.detail).toBe('Category: Dogs (5) → category 6\nStatus: available → none');
      expect(core.changeEntries('production')).toHaveLength(2);
    },
  );

  itWithKeyring('taking back a discard in production asks again, naming it an undo', async () => {
    const { core, service, questions, answers, call } = await counter('production');
    await service.close(); // the add waits here, unsent
    answers.production = true;
    expect(await call('addPet', { environment: 'production', pet: { name: 'Max', categoryId: '5' } })).toEqual({
      ok: true,
    });
    const { entryId } = core.outboxEntries('production')[0]!;
    await core.unlockManager(PIN, { task: 'discard', environment: 'production' });
    expect(await call('discardEntry', { environment: 'production', entryId })).toEqual({ ok: true });
    answers.production = false;
    expect(await call('restoreEntry', { environment: 'production', entryId })).toEqual({
      ok: false,
      code: 'not_confirmed',
    });
    expect(questions.at(-1)).toMatchObject({
      message: 'Undo: Add Max (Dogs (5)) to PRODUCTION?',
      confirmLabel: 'Undo in production',
    });
    expect(core.outboxEntries('production')).toEqual([]);
    answers.production = true;
    expect(await call('restoreEntry', { environment: 'production', entryId })).toEqual({ ok: true });
    expect(core.outboxEntries('production').map(({ name }) => name)).toEqual(['Max']);
  });

  itWithKeyring('a switch while the question is open refuses the write the answer would have let through', async () => {
    const { core, service, answers, call } = await counter('production');
    const before = await guarded(core, service);
    answers.production = true;
    answers.meanwhile = async () => {
      await core.unlockManager(PIN, { task: 'switch-environment', environment: 'local' });
      core.setActiveEnvironment('local');
    };
    expect(await call('addPet', { environment: 'production', pet: { name: 'Max', categoryId: '5' } })).toEqual({
      ok: false,
      code: 'environment_not_active',
    });
    expect(await guarded(core, service)).toEqual({ ...before, active: 'local' });
  });

  itWithKeyring('with production confirmations off (a manager’s choice), production writes are not asked', async () => {
    const { core, questions, call } = await counter('production');
    await core.unlockManager(PIN, { task: 'confirmations-off' });
    core.setPreferences({ confirmProductionAdds: false });
    expect(await call('addPet', { environment: 'production', pet: { name: 'Max', categoryId: '5' } })).toEqual({
      ok: true,
    });
    expect(questions).toEqual([]);
    expect(core.outboxEntries('production')).toHaveLength(1);
  });

  for (const active of ['local', 'production'] as const) {
    itWithKeyring(
      `a hostile page calling the bridge at random (${active} active, PIN set): nothing reaches production, no key, address or PIN changes`,
      async () => {
        const { core, service, served, call, passTime } = await counter(active);
        const before = await guarded(core, service);
        const preview = core.previewImport('production', 'more.csv', 'name,category\nBella,5\n');
        const environment = fc.constantFrom('local', 'production', 'staging');
        const remote = fc.constantFrom('production', 'staging');
        const permit = fc.record({
          task: fc.constantFrom('switch-environment', 'set-address', 'set-key', 'move-key', 'clear-key', 'change-pin'),
          environment,
        });
        const calls = fc.oneof(
          ...WRITES(served.id, preview.importId).map(([channel, argument]) =>
            fc
              .record({ environment: channel === 'addPet' || channel === 'changePet' ? environment : remote })
              .map((where) => [channel, { ...argument, ...where }] as const),
          ),
          fc.tuple(fc.constant('setActiveEnvironment'), fc.record({ environment })),
          fc.tuple(
            fc.constant('setBaseUrl'),
            fc.record({ environment: remote, url: fc.constant('http://127.0.0.1:9/v1') }),
          ),
          fc.tuple(
            fc.constant('setKey'),
            fc.record({ environment: remote, key: fc.constant('hostile-key-0123456789abcdef0123') }),
          ),
          fc.tuple(fc.constant('clearKey'), fc.record({ environment: remote })),
          fc.tuple(fc.constant('confirmKeyForAddress'), fc.record({ environment: remote })),
          fc.tuple(fc.constant('setManagerPin'), fc.record({ pin: fc.constantFrom('0000', null) })),
          fc.tuple(fc.constant('setPreferences'), fc.constant({ confirmProductionAdds: false })),
          fc.tuple(
            fc.constant('unlockManager'),
            fc.record({ pin: fc.stringMatching(/^[0-9]{4}$/).filter((pin) => pin !== PIN), permit }),
          ),
          fc.tuple(fc.constant('lockManager'), fc.constant(undefined)),
          // The staff list and who is at the counter: a page can neither change the one nor say the other.
          fc.tuple(
            fc.constant('addStaff'),
            fc.record({
              name: fc.constant('Mallory'),
              role: fc.constantFrom('staff', 'manager'),
              pin: fc.constant('0000'),
            }),
          ),
          fc.tuple(fc.constant('removeStaff'), fc.constant({ name: 'Manager' })),
          fc.tuple(fc.constant('setStaffPin'), fc.constant({ name: 'Manager', pin: '0000' })),
          fc.tuple(fc.constant('setIdleSignOut'), fc.constant({ minutes: 240 })),
          fc.tuple(
            fc.constant('signIn'),
            fc.record({
              name: fc.constant('Manager'),
              pin: fc.stringMatching(/^[0-9]{4}$/).filter((pin) => pin !== PIN),
            }),
          ),
          fc.tuple(fc.constantFrom('signOut', 'stillAtCounter'), fc.constant(undefined)),
        );
        let steps = 0;
        await fc.assert(
          fc.asyncProperty(fc.array(calls, { minLength: 1, maxLength: 20 }), async (sequence) => {
            for (const [channel, argument] of sequence) {
              await call(channel, argument);
              passTime(60 * 60_000); // any wait after wrong PINs is over: guessing is not what holds here
              steps++;
              expect(await guarded(core, service), `${steps}: ${channel} ${JSON.stringify(argument)}`).toEqual(before);
            }
          }),
          { numRuns: 40 },
        );
        console.log(`hostile page (${active} active): ${steps} random calls, nothing guarded changed`);
        // The PIN is still the shop's.
        expect((await core.unlockManager(PIN, { task: 'change-pin' })).unlocked).toBe(true);
      },
    );
  }
});
