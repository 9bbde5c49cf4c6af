// The harness carries outcomes as JSON text where Electron's IPC uses structured clone: it must
// carry every outcome the router gives exactly as a clone would, and refuse what it would alter.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createIpcRouter } from '../../src/main/ipc/router';
import { openPetstoreCore, type PetstoreCore } from '../../src/main/core/petstore-core';
import { createKeychain } from '../../src/main/secrets/keychain';
import { outcomeAsJson } from '../helpers/renderer-page';
import { useTempDir } from '../helpers/temp-dir';

describe('harness transport: outcomes as JSON text', () => {
  const tempDir = useTempDir();
  let core: PetstoreCore | undefined;
  afterEach(async () => {
    await core?.close();
    core = undefined;
  });

  it("carries the router's outcomes, values and errors, as structured clone would", async () => {
    core = openPetstoreCore({
      dataDir: tempDir(),
      env: {},
      keychain: createKeychain(`Petstore Desk test ${randomUUID()}`),
    });
    const router = createIpcRouter(core);
    const outcomes = [
      await router.dispatch('addPet', {
        environment: 'local',
        pet: { name: 'Rex', categoryId: '9223372036854775807', status: 'sold' },
      }),
      await router.dispatch('listPets', { environment: 'local', query: { limit: 100 } }),
      await router.dispatch('listPets', { environment: 'staging', query: { status: 'sold' } }),
      await router.dispatch('serverStatus', { environment: 'staging' }),
      await router.dispatch('listPets', { environment: 'staging', query: {}, refresh: true }),
      await router.dispatch('environmentSettings', { environment: 'production' }),
      await router.dispatch('activeEnvironment', undefined),
      await router.dispatch('preferences', undefined),
      await router.dispatch('getPet', { environment: 'local', petId: '99' }),
      await router.dispatch('addPet', { environment: 'local', pet: { name: '', categoryId: '1' } }),
      await router.dispatch('nowhere', {}),
    ];
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(8);
    for (const outcome of outcomes) expect(JSON.parse(outcomeAsJson(outcome))).toEqual(structuredClone(outcome));
  });

  it('refuses any value JSON would change or drop on the way', () => {
    const refused: Array<[unknown, RegExp]> = [
      [{ ok: true, value: { at: new Date(0) } }, /field "at" is a Date/],
      [{ ok: true, value: new Map() }, /field "value" is a Map/],
      [{ ok: true, value: { id: 1n } }, /field "id" is a bigint/],
      [{ ok: true, value: { count: Number.NaN } }, /field "count" is NaN/],
      [{ ok: true, value: [1, undefined] }, /undefined inside an array/],
      [{ ok: true, value: () => 1 }, /field "value" is a function/],
    ];
    for (const [outcome, message] of refused) expect(() => outcomeAsJson(outcome)).toThrow(message);
    expect(
      JSON.parse(outcomeAsJson({ ok: true, value: { pets: [{ id: '1' }], cursor: null, missing: undefined } })),
    ).toEqual({
      ok: true,
      value: { pets: [{ id: '1' }], cursor: null },
    });
  });
});
