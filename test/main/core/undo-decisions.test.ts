// Undo of a person's decisions on what waits for a server: a discard, a conflict decided. Real
// cores over real SQLite files, and our service on 127.0.0.1.
import { describe, expect } from 'vitest';
import type { PetstoreCore } from '../../../src/main/core/petstore-core';
import { itWithKeyring } from '../../helpers/keyring';
import { rexOnStaging } from './rex-on-staging';
import { useTestCore } from './test-core';

const waiting = (core: PetstoreCore) => [
  ...core.outboxEntries('staging').filter((entry) => entry.state !== 'accepted'),
  ...core.changeEntries('staging').filter((entry) => entry.state !== 'accepted'),
];

describe('undo of a decision on what waits for a server', () => {
  const cores = useTestCore();
  const staging = () => rexOnStaging(cores);
  const namesOnServer = (service: Awaited<ReturnType<typeof staging>>['service']) =>
    service.store.listPets({ limit: 100 }).map((pet) => pet.name);

  itWithKeyring('a discarded add comes back as it was, and reaches the server once', async () => {
    const { service, core } = await staging();
    const entry = core.addPet('staging', { name: 'Bella', categoryId: '3', status: 'available' }) as {
      entry: { entryId: string };
    };
    const { entryId } = entry.entry;
    const before = core.outboxEntry('staging', entryId)!;
    expect(core.discardEntry('staging', entryId).discarded).toBe(true);
    expect(waiting(core)).toEqual([]);

    // One on its way when discarded may have arrived: it comes back as unanswered, under its own key.
    const cameBack = before.state === 'sending' ? { state: 'unknown', mayBeOnServer: true } : {};
    expect(core.restoreEntry('staging', entryId)).toEqual({ ...before, ...cameBack });
    // Taken back once: there is nothing left to take back.
    expect(() => core.restoreEntry('staging', entryId)).toThrow(
      expect.objectContaining({ code: 'conflict', message: expect.stringMatching(/^Not undone: Bella can no longer/) }),
    );
    await core.syncUntilSettled('staging');
    expect(namesOnServer(service).filter((name) => name === 'Bella')).toHaveLength(1);
    expect(core.outboxEntry('staging', entryId)!.state).toBe('accepted');
  });

  itWithKeyring('a discarded change is shown and sent again; its history says it was undone', async () => {
    const { service, rex, core } = await staging();
    const change = core.changePet('staging', rex.id, { status: 'sold' }) as { change: { entryId: string } };
    core.discardEntry('staging', change.change.entryId);
    expect(core.shownPet('staging', rex.id)!.status).toBe('available');

    core.restoreEntry('staging', change.change.entryId);
    expect(core.shownPet('staging', rex.id)!.status).toBe('sold');
    expect(core.petHistory('staging', rex.id, { limit: 1 }).entries[0]).toMatchObject({ action: 'undone' });
    await core.syncUntilSettled('staging');
    expect(service.store.getPet(rex.id).status).toBe('sold');
  });

  itWithKeyring('keeping theirs, then mine, in a conflict is taken back until mine is sent', async () => {
    const { service, rex, core } = await staging();
    const change = core.changePet('staging', rex.id, { status: 'sold' }) as { change: { entryId: string } };
    const { entryId } = change.change;
    service.store.changePet(rex.id, { status: 'pending' }, '*'); // another counter, first
    await core.syncNow('staging');
    const inConflict = core.changeEntry('staging', entryId)!;
    expect(inConflict.state).toBe('conflict');
    const shownInConflict = core.shownPet('staging', rex.id);

    await core.resolveConflict('staging', entryId, 'keep-theirs');
    expect(core.shownPet('staging', rex.id)!.status).toBe('pending');
    core.restoreEntry('staging', entryId);
    expect(core.changeEntry('staging', entryId)).toEqual(inConflict);
    expect(core.shownPet('staging', rex.id)).toEqual(shownInConflict);

    await core.resolveConflict('staging', entryId, 'keep-mine');
    core.restoreEntry('staging', entryId);
    expect(core.changeEntry('staging', entryId)!.state).toBe('conflict');
    await core.syncNow('staging');
    expect(service.store.getPet(rex.id).status).toBe('pending'); // nothing was sent

    await core.resolveConflict('staging', entryId, 'keep-mine');
    await core.syncUntilSettled('staging');
    expect(service.store.getPet(rex.id).status).toBe('sold');
    expect(() => core.restoreEntry('staging', entryId)).toThrow(
      expect.objectContaining({ code: 'conflict', message: expect.stringMatching(/has been sent to staging since/) }),
    );
  });
});
