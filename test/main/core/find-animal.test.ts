// Finding one animal by its label code, microchip or number, as a scan or Find by number asks:
// from what this computer has, online or not; the server asked only for a number it lacks. Real
// cores over real SQLite files, and our service on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { labelCode } from '../../../src/shared/contract';
import { itWithKeyring } from '../../helpers/keyring';
import { rexOnStaging } from './rex-on-staging';
import { useTestCore } from './test-core';

const CHIP = '985141000123456';

describe('finding one animal by what names it', () => {
  const cores = useTestCore();

  it('in the local store: by its label code in any case, its microchip as a reader groups it, its number', async () => {
    const core = cores.open();
    const { pet } = core.addPet('local', { name: 'Rex', categoryId: '1', microchip: CHIP }) as { pet: { id: string } };
    core.addPet('local', { name: 'Bella', categoryId: '1' });
    for (const [text, by] of [
      [labelCode(pet.id), 'label'],
      [` ${labelCode(pet.id).toLowerCase()} `, 'label'],
      ['985 141 000 123 456', 'microchip'],
      [pet.id, 'id'],
    ] as const) {
      expect(await core.findAnimal('local', text), text).toMatchObject({ pet: { id: pet.id, name: 'Rex' }, by });
    }
  });

  it('says what it could not find, and what a text that names no animal should be', async () => {
    const core = cores.open();
    await expect(core.findAnimal('local', 'PSD-99')).rejects.toMatchObject({
      code: 'not_found',
      message: 'No animal has the number 99.',
    });
    await expect(core.findAnimal('local', '985141000999999')).rejects.toMatchObject({ code: 'not_found' });
    await expect(core.findAnimal('local', 'Rex')).rejects.toMatchObject({
      code: 'invalid_parameter',
      message: expect.stringContaining('is not a label code (PSD- and a number)'),
    });
  });

  itWithKeyring(
    'on a server: from the replica with the server down; an animal it lacks is asked of the server',
    async () => {
      const { service, rex, core } = await rexOnStaging(cores);
      const later = service.store.createPet({ name: 'Max', categoryId: '1', status: 'available' }); // not listed here yet
      expect(await core.findAnimal('staging', later.id)).toMatchObject({ pet: { name: 'Max' }, by: 'id' });
      await service.close();
      expect(await core.findAnimal('staging', labelCode(rex.id))).toMatchObject({ pet: { name: 'Rex' }, by: 'label' });
    },
  );
});
