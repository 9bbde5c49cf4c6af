// An animal's history, kept by the database that holds it: real cores over real SQLite files, and
// for a server's environment our service on 127.0.0.1.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME } from '../../../src/main/config/data-dir';
import { openDatabase } from '../../../src/main/database/database';
import { createPetHistory } from '../../../src/main/database/history-table';
import { acting } from '../../../src/main/database/write-context';
import { createRemoteClient } from '../../../src/main/remote/remote-client';
import { ANIMAL_FIELDS, HISTORY_FIELD_NAMES, type HistoryEntry } from '../../../src/shared/contract';
import { startService, TEST_API_KEY } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';
import { startSeedOnlyProxy } from '../../helpers/seed-only-proxy';
import { useTestCore } from './test-core';

const changesOf = (entry: HistoryEntry) => Object.fromEntries(entry.changes.map((c) => [c.field, [c.from, c.to]]));

describe("an animal's history in the local store", () => {
  const { open, tempDir } = useTestCore();

  it('names each change, newest first: what was done, by which road, when, and each field before and after', () => {
    let clock = Date.parse('2026-11-20T09:00:00.000Z');
    const core = open({ now: () => clock });
    const { pet } = core.addPet('local', { name: 'Rex', categoryId: '3', status: 'available', price: 4500 }) as {
      pet: { id: string; revision: number };
    };
    clock += 60_000;
    core.changePet('local', pet.id, { status: 'sold', price: 4000 });
    core.changePet('local', pet.id, { notes: 'Good with cats' });

    const { entries, more } = core.petHistory('local', pet.id);
    expect(more).toBe(false);
    expect(entries.map((entry) => entry.action)).toEqual(['changed', 'changed', 'added']);
    expect(entries.every((entry) => entry.where === 'here' && entry.via === 'window' && entry.by === null)).toBe(true);
    expect(changesOf(entries[2]!)).toEqual({
      name: [null, 'Rex'],
      categoryId: [null, '3'],
      status: [null, 'available'],
      price: [null, 4500],
    });
    expect(changesOf(entries[1]!)).toMatchObject({ status: ['available', 'sold'], price: [4500, 4000] });
    expect(entries[1]!.changes.map((change) => change.field)).toContain('soldOn');
    expect(changesOf(entries[0]!)).toEqual({ notes: [null, 'Good with cats'] });
    expect(entries[0]!.seq).toBeGreaterThan(entries[1]!.seq);
  });

  it('the command line is named as the road; a change that changes nothing is not a change', () => {
    const core = open({ road: 'cli' });
    const { pet } = core.addPet('local', { name: 'Mia', categoryId: '1' }) as { pet: { id: string } };
    core.changePet('local', pet.id, { name: 'Mia' });
    const { entries } = core.petHistory('local', pet.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'added', via: 'cli', where: 'here' });
  });

  it('pages from the newest: each page older than the last, none twice, none left out', () => {
    const core = open();
    const { pet } = core.addPet('local', { name: 'Tick', categoryId: '1', status: 'available' }) as {
      pet: { id: string };
    };
    const statuses = ['pending', 'available'] as const;
    for (let i = 0; i < 249; i++) core.changePet('local', pet.id, { status: statuses[i % 2] });
    const seen: number[] = [];
    let before: number | undefined;
    for (;;) {
      const page = core.petHistory('local', pet.id, { before, limit: 100 });
      seen.push(...page.entries.map((entry) => entry.seq));
      if (!page.more) break;
      before = page.entries.at(-1)!.seq;
    }
    expect(seen).toHaveLength(250);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    expect(new Set(seen).size).toBe(250);
  });

  it('a wrong animal number or page is refused in words on its field; an animal never written has none', () => {
    const core = open();
    expect(() => core.petHistory('local', 'twelve')).toThrow(expect.objectContaining({ code: 'invalid_parameter' }));
    expect(() => core.petHistory('local', '1', { limit: 0 })).toThrow(
      expect.objectContaining({ code: 'invalid_parameter' }),
    );
    expect(core.petHistory('local', '999')).toEqual({ entries: [], more: false });
  });

  it('is only ever added to: the database refuses to change or remove an entry', () => {
    const core = open();
    core.addPet('local', { name: 'Rex', categoryId: '3' });
    const db = openDatabase(join(tempDir(), DATABASE_FILE_NAME));
    try {
      expect(() => db.exec(`UPDATE pet_history SET by = 'someone else'`)).toThrow(/never changed/);
      expect(() => db.exec('DELETE FROM pet_history')).toThrow(/never removed/);
      expect(db.prepare('SELECT count(*) FROM pet_history').pluck().get()).toBe(1);
    } finally {
      db.close();
    }
  });

  it('another program may still write the file, unrecorded; the app records what it writes again', () => {
    const core = open();
    const { pet } = core.addPet('local', { name: 'Rex', categoryId: '3' }) as { pet: { id: string } };
    const other = new Database(join(tempDir(), DATABASE_FILE_NAME)); // the sqlite3 shell, say
    try {
      other.prepare('UPDATE pets SET name = ? WHERE id = ?').run('Rexy', pet.id);
    } finally {
      other.close();
    }
    core.changePet('local', pet.id, { name: 'Rex' });
    expect(core.petHistory('local', pet.id).entries.map((entry) => changesOf(entry))).toEqual([
      { name: ['Rexy', 'Rex'] },
      { name: [null, 'Rex'], categoryId: [null, '3'] },
    ]);
  });

  it('records every field the declaration names, whatever road of the app writes its column', () => {
    const core = open();
    const { pet } = core.addPet('local', { name: 'Rex', categoryId: '3' }) as { pet: { id: string } };
    const db = openDatabase(join(tempDir(), DATABASE_FILE_NAME));
    try {
      const recorded: string[] = [];
      for (const name of HISTORY_FIELD_NAMES) {
        const { column } = ANIMAL_FIELDS[name];
        // A write by no use case at all, straight to the column, with a value its CHECK takes.
        const value = db.prepare(`SELECT typeof(${column}) FROM pets WHERE id = ?`).pluck().get(pet.id);
        const probe = name === 'categoryId' ? 7 : name === 'price' ? 1 : sampleOf(name);
        acting(db, { by: 'Probe', action: 'changed' }, () =>
          db.prepare(`UPDATE pets SET ${column} = ? WHERE id = ?`).run(probe, pet.id),
        );
        const [latest] = core.petHistory('local', pet.id, { limit: 1 }).entries;
        if (latest!.changes.some((change) => change.field === name)) recorded.push(name);
        expect(value).toBeDefined();
      }
      expect(recorded).toEqual(HISTORY_FIELD_NAMES);
    } finally {
      db.close();
    }
  });
});

/** A value each text, date or choice column's CHECK accepts. */
function sampleOf(name: string): string {
  const samples: Record<string, string> = {
    name: 'Rexy',
    status: 'pending',
    sex: 'female',
    bornOn: '2026-01-02',
    acquiredOn: '2026-02-03',
    soldOn: '2026-03-04',
    leftOn: '2026-03-05',
    leftHow: 'died',
    microchip: '985112345678903',
    photo: 'a'.repeat(64),
  };
  return samples[name] ?? 'something';
}

describe("an animal's history on a server's environment", () => {
  const { open, track } = useTestCore();

  itWithKeyring(
    'a change made here is the person’s, at the moment they made it; one made elsewhere is the server’s',
    async () => {
      const service = track(await startService());
      const rex = service.store.createPet({ name: 'Rex', categoryId: '3', status: 'available' });
      let clock = Date.parse('2026-11-20T09:00:00.000Z');
      const core = open({ now: () => clock });
      await core.setBaseUrl('staging', `${service.baseUrl}/v1`);
      await core.setKey('staging', TEST_API_KEY);
      await core.syncNow('staging');
      expect(core.petHistory('staging', rex.id).entries).toEqual([]); // first listed: not a change

      core.changePet('staging', rex.id, { status: 'pending' });
      const madeAt = new Date(clock).toISOString();
      clock += 3_600_000; // sent an hour later
      await core.syncUntilSettled('staging');

      service.store.changePet(rex.id, { name: 'Rex the Second' }, '*'); // another counter
      await core.refreshAnimals('staging');

      const { entries } = core.petHistory('staging', rex.id);
      expect(entries.map(({ action, where }) => [action, where])).toEqual([
        ['changed', 'server'],
        ['changed', 'here'],
      ]);
      expect(changesOf(entries[1]!)).toEqual({ status: ['available', 'pending'] });
      expect(entries[1]!.at).toBe(madeAt);
      expect(changesOf(entries[0]!)).toEqual({ name: ['Rex', 'Rex the Second'] });
    },
  );

  itWithKeyring(
    'an add begins its animal’s history when the server takes it, as made when the person made it',
    async () => {
      const service = track(await startService());
      let clock = Date.parse('2026-11-20T09:00:00.000Z');
      const core = open({ now: () => clock, road: 'cli' });
      await core.setBaseUrl('staging', `${service.baseUrl}/v1`);
      await core.setKey('staging', TEST_API_KEY);
      core.addPet('staging', { name: 'Bella', categoryId: '4', status: 'available' });
      const madeAt = new Date(clock).toISOString();
      clock += 600_000;
      await core.syncUntilSettled('staging');
      const bella = core.animals('staging', { search: 'bella' }).rows[0]!;
      if (bella.kind !== 'pet') throw new Error('Bella is on the server');
      const { entries } = core.petHistory('staging', bella.pet.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ action: 'added', where: 'here', via: 'cli', at: madeAt });
      expect(changesOf(entries[0]!)).toMatchObject({ name: [null, 'Bella'], status: [null, 'available'] });
    },
  );

  itWithKeyring(
    'our service is told when each add and change was made here, and by whom, not when sync sent it',
    async () => {
      const service = track(await startService());
      const madeAt = Date.now() - 2 * 3_600_000; // made two hours ago, offline
      let clock = madeAt;
      const core = open({ now: () => clock });
      await core.setBaseUrl('staging', `${service.baseUrl}/v1`);
      await core.setKey('staging', TEST_API_KEY);
      await core.syncNow('staging'); // learns that the server has the history extension
      core.addPet('staging', { name: 'Bella', categoryId: '4', status: 'available' });
      clock = Date.now();
      await core.syncUntilSettled('staging');
      const bella = core.animals('staging', { search: 'bella' }).rows[0]!;
      if (bella.kind !== 'pet') throw new Error('Bella is on the server');
      clock = madeAt + 60_000;
      core.changePet('staging', bella.pet.id, { status: 'pending' });
      clock = Date.now();
      await core.syncUntilSettled('staging');

      const onServer = createPetHistory(service.db).page(bella.pet.id, {}).entries;
      expect(onServer.map(({ action, at }) => [action, at])).toEqual([
        ['changed', new Date(madeAt + 60_000).toISOString()],
        ['added', new Date(madeAt).toISOString()],
      ]);

      // The person is named as the client says (the window names whoever is signed in).
      const client = createRemoteClient({
        environment: 'staging',
        baseUrl: `${service.baseUrl}/v1`,
        apiKey: async () => TEST_API_KEY,
      });
      await client.changePet(
        bella.pet.id,
        { name: 'Bella Rose' },
        { revision: service.store.getPet(bella.pet.id).revision ?? null, act: { by: 'Zoë', at: madeAt } },
      );
      expect(createPetHistory(service.db).page(bella.pet.id, { limit: 1 }).entries[0]).toMatchObject({
        by: 'Zoë',
        at: new Date(madeAt).toISOString(),
      });
    },
  );

  itWithKeyring(
    'a server without the history extension is sent what it always was: no one named, no moment',
    async () => {
      const service = track(await startService());
      const seedOnly = track(await startSeedOnlyProxy(service.port));
      const madeAt = Date.now() - 2 * 3_600_000;
      let clock = madeAt;
      const core = open({ now: () => clock });
      await core.setBaseUrl('staging', seedOnly.baseUrl);
      await core.setKey('staging', TEST_API_KEY);
      await core.syncNow('staging');
      core.addPet('staging', { name: 'Bella', categoryId: '4', status: 'available' });
      clock = Date.now();
      const sentFrom = Date.now();
      await core.syncUntilSettled('staging');
      const [added] = service.store.listPets({ limit: 1 });
      const [entry] = createPetHistory(service.db).page(added!.id, {}).entries;
      expect(entry!.by).toBeNull();
      expect(Date.parse(entry!.at)).toBeGreaterThanOrEqual(sentFrom - 1_000);
    },
  );
});
