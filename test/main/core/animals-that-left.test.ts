// An animal that left the shop other than by a sale (it died, went back to its supplier, was
// rehomed), through the core as the window (the IPC router), a CSV import and a server's outbox
// reach it: the same rules everywhere, each refusal on the field to fix and nothing written; an
// export then an import carries how and when it left. Real SQLite files.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createIpcRouter } from '../../../src/main/ipc/router';
import type { Pet } from '../../../src/shared/contract';
import { itWithKeyring } from '../../helpers/keyring';
import { freePort } from '../../helpers/processes';
import { useTestCore } from './test-core';

const DIED = { leftOn: '2026-03-01', leftHow: 'died' } as const;

describe('an animal that left the shop', () => {
  const { open, tempDir } = useTestCore();

  it('the window: recorded with no status, refused on its field while for sale, and never marked for sale after', async () => {
    const core = open();
    const router = createIpcRouter(core);
    const added = await router.dispatch('addPet', {
      environment: 'local',
      pet: { name: 'Bubbles', categoryId: '3', status: 'available', acquiredOn: '2026-02-01' },
    });
    const { id } = (added as { value: { pet: Pet } }).value.pet;
    const change = (patch: object) => router.dispatch('changePet', { environment: 'local', petId: id, patch });

    expect(await change(DIED)).toMatchObject({
      ok: false,
      error: { code: 'invalid_body', fields: [{ field: 'leftOn', message: expect.stringContaining('available') }] },
    });
    expect(await change({ leftOn: '2026-03-01' })).toMatchObject({
      ok: false,
      error: { fields: [{ field: 'leftHow', message: expect.stringContaining('must be given with the day it left') }] },
    });
    expect(await change({ status: null, leftOn: '2026-01-31', leftHow: 'died' })).toMatchObject({
      ok: false,
      error: { fields: [{ field: 'leftOn', message: 'must not be before the day it was acquired (2026-02-01)' }] },
    });
    expect(core.getPet('local', id)).toMatchObject({ status: 'available', revision: 1 }); // nothing written

    expect(await change({ status: null, ...DIED })).toMatchObject({
      ok: true,
      value: { pet: { id, name: 'Bubbles', ...DIED, revision: 2 } },
    });
    const sold = await change({ status: 'sold' });
    expect(sold).toMatchObject({
      ok: false,
      error: { code: 'invalid_body', fields: [{ field: 'status' }] },
    });
    expect((sold as { error: { message: string } }).error.message).toContain(
      'status cannot be sold: Bubbles left the shop on 2026-03-01 (died)',
    );
    expect(core.getPet('local', id)).not.toHaveProperty('status');
  });

  itWithKeyring(
    'a server’s environment: an add is held to the same rules before anything waits to be sent',
    async () => {
      const core = open();
      await core.setBaseUrl('staging', `http://127.0.0.1:${await freePort()}/v1`); // nothing listens there
      expect(() =>
        core.addPet('staging', { name: 'Goldie', categoryId: '4', status: 'available', ...DIED }, { anyway: true }),
      ).toThrow(
        expect.objectContaining({ code: 'invalid_body', fields: [expect.objectContaining({ field: 'leftOn' })] }),
      );
      expect(core.animals('staging').total).toBe(0);
      const waiting = core.addPet('staging', { name: 'Goldie', categoryId: '4', status: 'pending', ...DIED });
      expect(waiting).toMatchObject({ entry: { name: 'Goldie', status: 'pending', ...DIED } });
      expect(core.animals('staging').total).toBe(1);
    },
  );

  it('a CSV file: exported and imported again with how and when each left; a row that breaks a rule is invalid on its field', async () => {
    const source = open();
    source.addPet('local', { name: 'Goldie', categoryId: '4', acquiredOn: '2026-01-05', ...DIED });
    source.addPet('local', {
      name: 'Nibbles',
      categoryId: '5',
      status: 'pending',
      leftOn: '2026-02-02',
      leftHow: 'returned',
    });
    source.addPet('local', { name: 'Rex', categoryId: '1', status: 'available' });
    const { csv } = source.exportAnimals('local', { sort: 'oldest' });
    expect(csv).toContain('"left_on","left_how"');
    expect(csv).toContain('"2026-03-01","died"');

    const target = open({ dataDir: join(tempDir(), 'target') });
    const preview = target.previewImport('local', 'animals.csv', csv);
    expect(preview.counts).toMatchObject({ ready: 3, invalid: 0 });
    await target.importAnimals('local', preview.importId);
    const animals = (core: typeof source) =>
      core.animals('local', { sort: 'oldest' }).rows.map((row) => {
        const { id: _id, revision: _revision, ...pet } = (row as { pet: Pet }).pet;
        return pet;
      });
    expect(animals(target)).toEqual(animals(source));

    const bad = target.previewImport(
      'local',
      'bad.csv',
      'name,category,status,acquired_on,left_on,left_how\nA,1,available,,2026-03-01,died\nB,1,,,2026-03-01,\nC,1,,2026-03-05,2026-03-01,rehomed\nD,1,,,2026-03-01,other\n',
    );
    expect(bad.rows.map((row) => [row.state, row.problems.map((problem) => problem.field)])).toEqual([
      ['invalid', ['left_on']],
      ['invalid', ['left_how']],
      ['invalid', ['left_on']],
      ['ready', []],
    ]);
  });
});
