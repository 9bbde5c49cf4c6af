// An animal's history with the server's, as the panel and the CLI show it: real cores over real
// SQLite files, our service on 127.0.0.1 as the server, and another client of it as another counter.
import { describe, expect } from 'vitest';
import type { PetstoreCore } from '../../../src/main/core/petstore-core';
import type { HistoryEntry } from '../../../src/shared/contract';
import { serverHistoryNote, type HistoryCursor } from '../../../src/shared/contract/history-with-server';
import { anotherCounter } from '../../helpers/another-counter';
import { startService, TEST_API_KEY, type RunningService } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';
import { startSeedOnlyProxy } from '../../helpers/seed-only-proxy';
import { useTestCore } from './test-core';

const changesOf = (entry: HistoryEntry) => Object.fromEntries(entry.changes.map((c) => [c.field, [c.from, c.to]]));

/** Every page of the history with the server's, `limit` at a time. */
async function everyPage(core: PetstoreCore, petId: string, limit: number) {
  const pages: HistoryEntry[][] = [];
  let after: HistoryCursor | undefined;
  do {
    const page = await core.petHistoryWithServer({ environment: 'staging', petId, limit, ...(after ? { after } : {}) });
    pages.push(page.entries);
    after = page.next ?? undefined;
  } while (after !== undefined && pages.length < 100);
  return pages;
}

describe("an animal's history with the server's", () => {
  const { open, track } = useTestCore();

  async function staging(service: RunningService, now: () => number) {
    const core = open({ now });
    await core.setBaseUrl('staging', `${service.baseUrl}/v1`);
    await core.setKey('staging', TEST_API_KEY);
    await core.syncNow('staging'); // lists the animals, learns the server's extensions
    return core;
  }

  itWithKeyring(
    "shows another counter's change, named and marked the server's; a change made here once, as made here",
    async () => {
      const service = track(await startService());
      const rex = service.store.createPet({ name: 'Rex', categoryId: '3', status: 'available' });
      let clock = Date.now() + 1_000;
      const core = await staging(service, () => clock);

      core.changePet('staging', rex.id, { status: 'pending' });
      const madeHere = new Date(clock).toISOString();
      clock += 60_000; // sent a minute later
      await core.syncUntilSettled('staging');
      const zoeAt = clock + 60_000;
      await anotherCounter(service)(rex.id, { name: 'Rex the Second' }, { by: 'Zoë', at: zoeAt });

      const page = await core.petHistoryWithServer({ environment: 'staging', petId: rex.id });
      expect(page.server).toEqual({ state: 'read' });
      expect(page.next).toBeNull();
      const [zoe, ours, ...rest] = page.entries;
      expect(zoe).toMatchObject({ where: 'server', by: 'Zoë', at: new Date(zoeAt).toISOString(), action: 'changed' });
      expect(changesOf(zoe!)).toEqual({ name: ['Rex', 'Rex the Second'] });
      expect(ours).toMatchObject({ where: 'here', at: madeHere, action: 'changed' });
      expect(changesOf(ours!)).toEqual({ status: ['available', 'pending'] });
      // Below them the animal's add on the server; the status change is not there a second time.
      expect(rest.map(({ action, where }) => [action, where])).toEqual([['added', 'server']]);

      // Once this computer has seen the new name, the change is still shown once: the server's account of it.
      await core.refreshAnimals('staging');
      expect(core.petHistory('staging', rex.id).entries.map(({ where }) => where)).toEqual(['server', 'here']);
      const again = await core.petHistoryWithServer({ environment: 'staging', petId: rex.id });
      expect(again.entries.map(({ where, by }) => [where, by])).toEqual([
        ['server', 'Zoë'],
        ['here', null],
        ['server', null],
      ]);
    },
  );

  itWithKeyring('pages newest first by when each was made: none twice, none left out, none of ours again', async () => {
    const service = track(await startService());
    const rex = service.store.createPet({ name: 'Rex', categoryId: '3', status: 'available' });
    const start = Date.now() + 1_000;
    let clock = start;
    const core = await staging(service, () => clock);
    const elsewhere = anotherCounter(service);
    const statuses = ['pending', 'available'] as const;
    for (let step = 0; step < 23; step += 1) {
      clock = start + step * 1_000;
      if (step % 3 === 2) await elsewhere(rex.id, { name: `Rex ${step}` }, { by: 'Ana', at: clock });
      else {
        await core.syncNow('staging'); // the change is made to the animal as the server has it now
        core.changePet('staging', rex.id, { status: statuses[step % 2]! });
        await core.syncUntilSettled('staging');
      }
    }
    const whole = (await core.petHistoryWithServer({ environment: 'staging', petId: rex.id, limit: 500 })).entries;
    const ours = whole.filter(({ where }) => where === 'here');
    const theirs = whole.filter(({ where }) => where === 'server');
    expect(ours).toHaveLength(
      core.petHistory('staging', rex.id, { limit: 500 }).entries.filter((e) => e.where === 'here').length,
    );
    expect(theirs.filter(({ by }) => by === 'Ana')).toHaveLength(7);
    expect(theirs.filter(({ by }) => by !== 'Ana').map(({ action }) => action)).toEqual(['added']);
    expect(whole.map(({ at }) => at)).toEqual(
      whole
        .map(({ at }) => at)
        .sort()
        .reverse(),
    );

    for (const limit of [1, 4, 7]) {
      const pages = await everyPage(core, rex.id, limit);
      expect(pages.every((entries) => entries.length <= limit)).toBe(true);
      expect(pages.flat()).toEqual(whole);
    }
  });

  itWithKeyring('offline, this computer’s history alone, with the reason the server’s could not be read', async () => {
    const service = track(await startService());
    const rex = service.store.createPet({ name: 'Rex', categoryId: '3', status: 'available' });
    const core = await staging(service, Date.now);
    core.changePet('staging', rex.id, { status: 'sold' });
    await service.close();

    const page = await core.petHistoryWithServer({ environment: 'staging', petId: rex.id });
    expect(page.entries).toEqual(core.petHistory('staging', rex.id).entries);
    expect(page.server).toMatchObject({ state: 'unread', problem: { code: 'unreachable' } });
    expect(serverHistoryNote(page.server)).toBe(
      "The server's history could not be read (it could not be reached): only the changes this computer knows are shown.",
    );
  });

  itWithKeyring('a server without the history extension, and the local store, give this computer’s alone', async () => {
    const service = track(await startService());
    const proxy = track(await startSeedOnlyProxy(service.port));
    const rex = service.store.createPet({ name: 'Rex', categoryId: '3', status: 'available' });
    const core = open();
    await core.setBaseUrl('staging', proxy.baseUrl);
    await core.setKey('staging', TEST_API_KEY);
    await core.syncNow('staging');
    core.changePet('staging', rex.id, { status: 'pending' });
    const page = await core.petHistoryWithServer({ environment: 'staging', petId: rex.id });
    expect(page.server).toEqual({ state: 'unsupported' });
    expect(page.entries.map(({ where, action }) => [where, action])).toEqual([['here', 'changed']]);
    expect(serverHistoryNote(page.server)).toMatch(/does not keep animals' histories/);

    const bella = core.addPet('local', { name: 'Bella', categoryId: '4', status: 'available' });
    if (!('pet' in bella)) throw new Error('the local store adds at once');
    const local = await core.petHistoryWithServer({ environment: 'local', petId: bella.pet.id });
    expect(local.server).toEqual({ state: 'none' });
    expect(serverHistoryNote(local.server)).toBeNull();
    expect(local.entries.map(({ action }) => action)).toEqual(['added']);
  });

  itWithKeyring('a wrong animal number or cursor is refused on its field', async () => {
    const core = open();
    await expect(core.petHistoryWithServer({ environment: 'local', petId: 'x' })).rejects.toMatchObject({
      code: 'invalid_parameter',
    });
    await expect(
      core.petHistoryWithServer({ environment: 'local', petId: '1', after: { here: 0 } as unknown as HistoryCursor }),
    ).rejects.toMatchObject({ code: 'invalid_parameter' });
  });
});
