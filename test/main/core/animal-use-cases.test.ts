// Adding animals at the core: the add form's default category, and an animal like one already
// there refused unless asked for, on the local store and on a server (real SQLite files, a real
// keychain, our real service on 127.0.0.1).
import { describe, expect, it } from 'vitest';
import { startService, TEST_API_KEY } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';
import { refusal } from '../../helpers/refusal';
import { useTestCore } from './test-core';

describe('adding an animal', () => {
  const { open, track } = useTestCore();

  it('the add form starts with the category last added to, per environment, across a restart', async () => {
    const first = open();
    expect(first.addDefaults('local')).toEqual({ categoryId: null });
    first.addPet('local', { name: 'Rex', categoryId: '9223372036854775807', status: 'available' });
    await first.close();
    const second = open();
    expect(second.addDefaults('local')).toEqual({ categoryId: '9223372036854775807' });
    expect(second.addDefaults('staging')).toEqual({ categoryId: null });
  });

  it('an animal of the same name (as search reads it) and category is refused with the one listed, unless added anyway', async () => {
    const core = open();
    core.nameCategory('local', { categoryId: '5', name: 'Dogs' });
    const rex = core.addPet('local', { name: 'Café', categoryId: '5', status: 'available' });
    if (!('pet' in rex)) throw new Error('local adds at once');
    const refused = await refusal(() => core.addPet('local', { name: '  cafe ', categoryId: '5' }));
    expect(refused).toMatchObject({
      code: 'possible_duplicate',
      status: 409,
      duplicates: [{ id: rex.pet.id, name: 'Café', categoryId: '5', status: 'available' }],
    });
    expect(refused.message).toBe(`cafe (Dogs (5)) is already listed as number ${rex.pet.id} in local.`);
    expect(core.addPet('local', { name: 'Cafe', categoryId: '6' })).toHaveProperty('pet'); // another category
    expect(core.addPet('local', { name: 'cafe', categoryId: '5' }, { anyway: true })).toHaveProperty('pet');
    expect(core.animals('local').total).toBe(3);
    // A bad animal is said to be bad, not a duplicate.
    expect((await refusal(() => core.addPet('local', { name: '', categoryId: '5' }))).code).toBe('invalid_body');
  });

  itWithKeyring('for a server, an animal still waiting to be sent counts as already there', async () => {
    const core = open();
    const service = track(await startService());
    await core.setBaseUrl('staging', `${service.baseUrl.replace(/\d+$/, '9')}/v1`); // nothing listens there
    await core.setKey('staging', TEST_API_KEY);
    const waiting = core.addPet('staging', { name: 'Bubbles', categoryId: '2' });
    if (!('entry' in waiting)) throw new Error('an outbox entry was expected');
    const refused = await refusal(() => core.addPet('staging', { name: 'BUBBLES', categoryId: '2' }));
    expect(refused.code).toBe('possible_duplicate');
    expect(refused.duplicates).toEqual([{ entryId: waiting.entry.entryId, name: 'Bubbles', categoryId: '2' }]);
    expect(refused.message).toMatch(/already waiting to be sent in staging/);
  });
});
