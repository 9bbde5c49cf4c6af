// Undo: a change made here taken back by the reverse change. Real cores over real SQLite files, and
// for a server's environment our service on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { createPetHistory } from '../../../src/main/database/history-table';
import type { PetstoreCore } from '../../../src/main/core/petstore-core';
import { itWithKeyring } from '../../helpers/keyring';
import { rexOnStaging } from './rex-on-staging';
import { useTestCore } from './test-core';

const newest = (core: PetstoreCore, environment: 'local' | 'staging', petId: string) =>
  core.petHistory(environment, petId, { limit: 1 }).entries[0]!;

describe('undo in the local store', () => {
  const { open } = useTestCore();

  it('sets back every field the change set (the day sold with the status), and says it was undone', () => {
    const core = open();
    const { pet } = core.addPet('local', { name: 'Rex', categoryId: '3', status: 'available', price: 4500 }) as {
      pet: { id: string };
    };
    core.changePet('local', pet.id, { status: 'sold', price: 4000 });
    core.undoChange('local', pet.id, newest(core, 'local', pet.id).seq);
    const after = core.shownPet('local', pet.id)!;
    expect(after).toMatchObject({ status: 'available', price: 4500 });
    expect(after.soldOn).toBeUndefined();
    expect(newest(core, 'local', pet.id)).toMatchObject({ action: 'undone', where: 'here' });
  });

  it('is refused, changing nothing, when the animal changed since in a field the change set; an add is not undone', () => {
    const core = open();
    const { pet } = core.addPet('local', { name: 'Rex', categoryId: '3', status: 'available' }) as {
      pet: { id: string };
    };
    const added = newest(core, 'local', pet.id).seq;
    core.changePet('local', pet.id, { status: 'pending' });
    const pending = newest(core, 'local', pet.id).seq;
    core.changePet('local', pet.id, { status: 'sold' });
    expect(() => core.undoChange('local', pet.id, pending)).toThrow(
      expect.objectContaining({
        code: 'precondition_failed',
        message: expect.stringMatching(/^Not undone: Rex has changed since/),
      }),
    );
    expect(() => core.undoChange('local', pet.id, added)).toThrow(expect.objectContaining({ code: 'conflict' }));
    expect(() => core.undoChange('local', pet.id, 999)).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(core.shownPet('local', pet.id)!.status).toBe('sold');
  });

  it('an undo is undone in turn: back to the change', () => {
    const core = open();
    const { pet } = core.addPet('local', { name: 'Rex', categoryId: '3', status: 'available' }) as {
      pet: { id: string };
    };
    core.changePet('local', pet.id, { status: 'pending' });
    core.undoChange('local', pet.id, newest(core, 'local', pet.id).seq);
    core.undoChange('local', pet.id, newest(core, 'local', pet.id).seq);
    expect(core.shownPet('local', pet.id)!.status).toBe('pending');
  });
});

describe("undo on a server's environment", () => {
  const cores = useTestCore();
  const staging = () => rexOnStaging(cores);

  itWithKeyring('a change not yet sent is withdrawn: the server is sent nothing', async () => {
    const { service, rex, core } = await staging();
    core.changePet('staging', rex.id, { status: 'sold' });
    core.undoChange('staging', rex.id, newest(core, 'staging', rex.id).seq);
    expect(core.changeEntries('staging').filter((entry) => entry.state !== 'accepted')).toEqual([]);
    await core.syncUntilSettled('staging');
    expect(
      createPetHistory(service.db)
        .page(rex.id, {})
        .entries.map((entry) => entry.action),
    ).toEqual(['added']);
    expect(core.shownPet('staging', rex.id)!.status).toBe('available');
  });

  itWithKeyring(
    'a change the server has gets the reverse change; after another counter moved on, a conflict, not an overwrite',
    async () => {
      const { service, rex, core } = await staging();
      core.changePet('staging', rex.id, { status: 'sold' });
      await core.syncUntilSettled('staging');
      const sold = newest(core, 'staging', rex.id).seq;
      core.undoChange('staging', rex.id, sold);
      await core.syncUntilSettled('staging');
      expect(service.store.getPet(rex.id).status).toBe('available');

      core.changePet('staging', rex.id, { status: 'pending' });
      await core.syncUntilSettled('staging');
      const pending = newest(core, 'staging', rex.id).seq;
      service.store.changePet(rex.id, { status: 'sold' }, '*'); // another counter, before the undo is sent
      core.undoChange('staging', rex.id, pending);
      await core.syncNow('staging');
      expect(service.store.getPet(rex.id).status).toBe('sold'); // not overwritten
      expect(core.changeEntries('staging').some((entry) => entry.state === 'conflict')).toBe(true);
    },
  );
});
