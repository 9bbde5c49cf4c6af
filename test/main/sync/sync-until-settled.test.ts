// The core's "sync until settled" (the CLI's sync) ends however an entry is kept from being sent:
// a change behind another of the same animal that waits for a person (a conflict, a refusal, an
// address to confirm), or an entry held for a person itself. Real core and replica files, our
// service behind fault proxies on 127.0.0.1, a real keychain.
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { openPetstoreCore, type PetstoreCore } from '../../../src/main/core/petstore-core';
import { createKeychain } from '../../../src/main/secrets/keychain';
import { useCleanups } from '../../helpers/cleanups';
import { startFaultProxy } from '../../helpers/fault-proxy';
import { startService, TEST_API_KEY } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';
import { useTempDir } from '../../helpers/temp-dir';

const { track, later } = useCleanups();

/** Far more than settling a few entries takes on a loaded machine: still syncing then, it never ends. */
const ENDS_WITHIN_MS = 20_000;

/** syncUntilSettled, failed (not left running) if it has not ended within ENDS_WITHIN_MS. */
async function settled(core: PetstoreCore) {
  const settling = core.syncUntilSettled('staging');
  settling.catch(() => undefined); // a sync still running when the core closes ends in a rejection
  let bound: NodeJS.Timeout | undefined;
  const tooLong = new Promise<never>((_, reject) => {
    bound = setTimeout(() => reject(new Error(`still syncing after ${ENDS_WITHIN_MS} ms`)), ENDS_WITHIN_MS);
  });
  try {
    return await Promise.race([settling, tooLong]);
  } finally {
    clearTimeout(bound);
  }
}

describe.each([false, true])('sync until settled (a sync thread: %s)', (syncInThread) => {
  const tempDir = useTempDir();

  /** A core sending to our service through a proxy, which knows one animal of the service. */
  async function connected() {
    const service = track(await startService());
    const proxy = track(await startFaultProxy(service.port));
    const core = openPetstoreCore({
      dataDir: tempDir(),
      env: {},
      keychain: createKeychain(`Petstore Desk test ${randomUUID()}`),
      syncInThread,
    });
    later(async () => {
      await core.clearKey('staging').catch(() => undefined);
      await core.close();
    });
    await core.setBaseUrl('staging', proxy.baseUrl);
    await core.setKey('staging', TEST_API_KEY);
    const pet = service.store.createPet({ name: 'Rex', categoryId: '5', status: 'available' });
    await core.refreshAnimals('staging');
    /** A change made while the server cannot be reached: it waits here. */
    const offline = (patch: Record<string, unknown>) => {
      proxy.setMode('reset');
      core.changePet('staging', pet.id, patch);
    };
    /** The same server at another address: the key is confirmed for it, as a person would. */
    const moved = async () => {
      const elsewhere = track(await startFaultProxy(service.port));
      await core.setBaseUrl('staging', elsewhere.baseUrl);
      await core.confirmKeyForAddress('staging', { ask: async () => true });
    };
    return { service, proxy, core, pet, offline, moved };
  }

  type Connected = Awaited<ReturnType<typeof connected>>;
  /** Ways a change of an animal comes to wait for a person, and what the status then counts. */
  const WAITING_FOR_A_PERSON: Array<{ what: string; counted: object; make(connection: Connected): Promise<void> }> = [
    {
      what: 'a conflict of the same animal',
      counted: { conflicts: 1 },
      async make({ service, proxy, pet, offline }) {
        offline({ status: 'sold' });
        service.store.changePet(pet.id, { status: 'pending' }, '*'); // another counter, first
        proxy.setMode('pass');
      },
    },
    {
      what: 'a refused change of the same animal',
      counted: { refused: 1 },
      async make({ service, proxy, pet, offline }) {
        offline({ status: 'sold' });
        service.db.prepare('DELETE FROM pets WHERE id = ?').run(pet.id); // another counter removed it
        proxy.setMode('pass');
      },
    },
    {
      what: 'a change of the same animal held for its address to be confirmed',
      counted: { held: 1 },
      async make({ offline, moved }) {
        offline({ status: 'sold' });
        await moved();
      },
    },
  ];

  for (const { what, counted, make } of WAITING_FOR_A_PERSON) {
    itWithKeyring(`a change behind ${what}: ends, counting it as waiting behind`, async () => {
      const connection = await connected();
      const { service, core, pet } = connection;
      await make(connection);
      expect((await settled(core)).status).toMatchObject({ waiting: 0, ...counted });

      core.changePet('staging', pet.id, { name: 'Rex again' });
      const { status, waitingBehind } = await settled(core);
      expect(status).toMatchObject({ waiting: 1, ...counted });
      expect(waitingBehind).toBe(1);
      expect(service.db.prepare("SELECT count(*) FROM pets WHERE name = 'Rex again'").pluck().get()).toBe(0);
    });
  }

  itWithKeyring('an add held for its address to be confirmed: ends, having sent the rest', async () => {
    const { service, proxy, core, moved } = await connected();
    proxy.setMode('reset');
    core.addPet('staging', { name: 'Held Hamster', categoryId: '3' });
    await moved();
    core.addPet('staging', { name: 'Sent Hamster', categoryId: '3' });
    const { status, waitingBehind } = await settled(core);
    expect(status).toMatchObject({ waiting: 0, held: 1 });
    expect(waitingBehind).toBe(0);
    expect(service.store.listPets().map((pet) => pet.name)).toEqual(['Rex', 'Sent Hamster']);
  });
});
