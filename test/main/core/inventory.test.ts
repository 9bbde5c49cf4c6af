// Each environment as an inventory: the local store's own behaviour, and the use cases that take
// every environment the same road. What only a server has, asked of the local store, is refused
// by the inventory itself, as the IPC contract refuses local on a server's channel. Real SQLite
// files; a real keychain where a server's settings are read.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalInventory } from '../../../src/main/core/local-inventory';
import type { PetstoreCore } from '../../../src/main/core/petstore-core';
import { openDatabase } from '../../../src/main/database/database';
import type { AppError } from '../../../src/shared/contract';
import { itWithKeyring } from '../../helpers/keyring';
import { freePort } from '../../helpers/processes';
import { refusal } from '../../helpers/refusal';
import { useTestCore } from './test-core';

/** What the IPC contract answers when a server's channel is called for local. */
const NO_SERVER_HERE: AppError = {
  code: 'invalid_parameter',
  message: 'environment must be one of production, staging, got "local"',
  status: 400,
  fields: [{ field: 'environment', message: 'must be one of production, staging, got "local"' }],
};

describe('the local store as an inventory', () => {
  const { tempDir, later } = useTestCore();
  function openLocal() {
    const db = openDatabase(join(tempDir(), 'petstore.db'));
    later(() => db.close());
    return createLocalInventory(db, () => ({ via: 'window', by: null, at: Date.now() }));
  }

  it('a change is made at once, only at the revision the person saw; a stale one is refused with the animal as it is now', () => {
    const local = openLocal();
    const added = local.addPet({ name: 'Rex', categoryId: '1', status: 'available' });
    if (!('pet' in added)) throw new Error('the local store adds at once');
    const seen = added.pet.revision!;
    const sold = local.changePet(added.pet.id, { status: 'sold' }, seen);
    expect(sold).toEqual({ pet: expect.objectContaining({ status: 'sold' }) });
    expect(() => local.changePet(added.pet.id, { status: 'pending' }, seen)).toThrow(
      expect.objectContaining({ code: 'precondition_failed', current: expect.objectContaining({ status: 'sold' }) }),
    );
    // Without a revision: whatever the animal is now.
    expect(local.changePet(added.pet.id, { name: 'Rex II' }, undefined)).toHaveProperty('pet.name', 'Rex II');
    expect(local.shownPet(added.pet.id)).toMatchObject({ name: 'Rex II', status: 'sold' });
  });

  it('is its own freshest list: every animal is here, nothing waits, and no server listed it', async () => {
    const local = openLocal();
    local.addPet({ name: 'Mia', categoryId: '3', status: 'pending' });
    local.addPet({ name: 'Rex', categoryId: '1', status: 'available' });
    const listed = local.listPets({});
    expect(await local.refreshPets({})).toEqual(listed);
    expect(listed).toMatchObject({ environment: 'local', source: 'local', unsynced: [], listedAt: null });
    await expect(local.walkEveryAnimal()).resolves.toBeUndefined();
    const window = local.animals({ status: 'pending' });
    expect(window).toMatchObject({ total: 1, counts: { all: 2, pending: 1 }, listedAt: null, inventory: null });
    expect(window.rows).toEqual([{ kind: 'pet', pet: expect.objectContaining({ name: 'Mia' }) }]);
  });

  it('adds an imported row once, however often its file is imported', () => {
    const local = openLocal();
    const rows = [{ rowKey: 'file-1:line-2', animal: { name: 'Rex', categoryId: '1' } }];
    expect(local.importRows(rows)).toEqual({ added: 1, skipped: 0 });
    expect(local.importRows(rows)).toEqual({ added: 0, skipped: 1 });
    expect(local.wasImported('file-1:line-2')).toBe(true);
    expect(local.lookAlikes({ name: 'REX', categoryId: '1' })).toEqual([expect.objectContaining({ name: 'Rex' })]);
  });

  it('has no server: asked for one, it refuses as the IPC contract refuses local on a server’s channel', async () => {
    expect(await refusal(() => openLocal().server())).toEqual(NO_SERVER_HERE);
  });
});

describe('every environment through the same use cases', () => {
  const { open, tempDir } = useTestCore();

  it('a server’s use case asked for local is refused the same way by each, and opens no replica', async () => {
    const core = open();
    const local = 'local' as never;
    const serverUseCases: Array<(core: PetstoreCore) => unknown> = [
      (c) => c.serverStatus(local),
      (c) => c.syncNow(local),
      (c) => c.syncUntilSettled(local),
      (c) => c.outboxEntries(local),
      (c) => c.outboxEntry(local, '1'),
      (c) => c.changeEntries(local),
      (c) => c.changeEntry(local, 'c1'),
      (c) => c.correctEntry(local, '1', { name: 'Rex', categoryId: '1' }),
      (c) => c.resolveConflict(local, 'c1', 'keep-mine'),
      (c) => c.resendEntry(local, '1'),
      (c) => c.discardEntry(local, '1'),
      (c) => c.environmentSettings(local),
      (c) => c.setBaseUrl(local, 'https://shop.example/v1'),
      (c) => c.setKey(local, 'a key'),
      (c) => c.clearKey(local),
      (c) => c.confirmKeyForAddress(local, { ask: async () => true }),
      (c) => c.testConnection(local),
    ];
    for (const useCase of serverUseCases)
      expect(await refusal(() => useCase(core)), String(useCase)).toEqual(NO_SERVER_HERE);
    expect(readdirSync(tempDir()).filter((file) => file.startsWith('replica-'))).toEqual([]);
  });

  itWithKeyring(
    'a server’s fresh list: a wrong query is refused; a server that cannot answer leaves what is here, with why',
    async () => {
      const core = open();
      await core.setBaseUrl('staging', `http://127.0.0.1:${await freePort()}/v1`); // nothing listens there
      expect(await refusal(() => core.listPets('staging', { limit: 0 }, { refresh: true }))).toMatchObject({
        code: 'invalid_parameter',
      });
      const listed = await core.listPets('staging', {}, { refresh: true });
      expect(listed).toMatchObject({ environment: 'staging', source: 'replica', problem: { code: 'no_key' } });
    },
  );
});
