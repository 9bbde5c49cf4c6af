// The week at a glance, from a history built by real writes through the core's use cases: real
// SQLite files, and for a server's environment our service on 127.0.0.1. In the shop's time zone,
// London here, whose clocks go back on Sunday 25 October 2026 (a day of 25 hours).
process.env.TZ = 'Europe/London';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME } from '../../../src/main/config/data-dir';
import { WEEK_COLUMNS } from '../../../src/main/csv/week-csv';
import { readCsv } from '../../../src/main/csv/spreadsheet-csv';
import { createIpcRouter } from '../../../src/main/ipc/router';
import { localToday } from '../../../src/shared/contract';
import { startService, TEST_API_KEY } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';
import { clockedShop, shopTime, statusesOf, tradeOf } from './clocked-shop';
import { useTestCore } from './test-core';

const WEEK = { environment: 'local', from: '2026-10-19', to: '2026-10-25' } as const;
const londonTime = shopTime;

describe('the week at a glance of the local store', () => {
  const { open, tempDir } = useTestCore();
  const openClocked = () => clockedShop(open);

  function aWeekOfTrade() {
    const shop = openClocked();
    const { at, add, status } = shop;
    at('2026-10-10', '09:00');
    const waitingSince10th = add({ name: 'Ember', categoryId: '1', status: 'available' });
    at('2026-10-15', '10:00');
    const amber = add({ name: 'Amber', categoryId: '1', status: 'available', price: 5000 });
    const basil = add({ name: 'Basil', categoryId: '1', status: 'available', price: 3000 });
    at('2026-10-19', '09:00');
    const clover = add({ name: 'Clover', categoryId: '2', status: 'available', price: 2000 });
    at('2026-10-20', '11:00');
    status(amber, 'sold');
    at('2026-10-20', '12:00');
    status(basil, 'pending');
    at('2026-10-21', '10:00');
    const dot = add({ name: 'Dot', categoryId: '2', status: 'available', price: 1000 });
    at('2026-10-21', '15:00');
    status(dot, 'sold'); // added and sold the same day
    at('2026-10-22', '16:00');
    status(basil, 'available');
    at('2026-10-25', '23:30'); // after midnight UTC's day would have ended: the clocks went back
    status(clover, 'sold');
    at('2026-10-26', '10:00'); // after the week: taken back from each of its days
    status(basil, 'sold');
    at('2026-10-27', '12:00');
    return { ...shop, waitingSince10th };
  }

  it('counts each day from real writes: statuses at its end, added, sold and takings, across a DST change', () => {
    const { core } = aWeekOfTrade();
    const glance = core.weekAtAGlance(WEEK);
    expect(glance.days.map((day) => day.day)).toEqual([
      '2026-10-19',
      '2026-10-20',
      '2026-10-21',
      '2026-10-22',
      '2026-10-23',
      '2026-10-24',
      '2026-10-25',
    ]);
    expect(statusesOf(glance.days)).toEqual([
      [4, 0, 0],
      [2, 1, 1],
      [2, 1, 2],
      [3, 0, 2],
      [3, 0, 2],
      [3, 0, 2],
      [2, 0, 3],
    ]);
    expect(tradeOf(glance.days)).toEqual([
      [1, 0, 0],
      [0, 1, 5000],
      [1, 1, 1000],
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
      [0, 1, 2000],
    ]);
    expect(glance.weeks).toEqual([
      {
        from: '2026-10-19',
        to: '2026-10-25',
        counted: true,
        countedFrom: '2026-10-19',
        countedTo: '2026-10-25',
        statuses: { available: 2, pending: 0, sold: 3 },
        added: 2,
        sold: 3,
        takingsMinor: 8000,
        unpriced: 0,
      },
    ]);
    // Amber 15th to 20th, Dot the same day, Clover 19th to 25th.
    expect(glance.daysInStock).toEqual({ measured: 3, unknown: 0, median: 5, longest: 6 });
  });

  it('names the animals available now that have waited longest, since they last became available', () => {
    const { core, at, add, status, waitingSince10th } = aWeekOfTrade();
    at('2026-10-27', '13:00');
    const back = add({ name: 'Fern', categoryId: '1', status: 'available' });
    status(back, 'pending');
    at('2026-10-27', '14:00');
    status(back, 'available');
    const { waitingLongest } = core.weekAtAGlance(WEEK);
    expect(waitingLongest).toEqual([
      {
        petId: waitingSince10th,
        name: 'Ember',
        since: new Date(londonTime('2026-10-10', '09:00')).toISOString(),
        days: 17,
      },
      { petId: back, name: 'Fern', since: new Date(londonTime('2026-10-27', '14:00')).toISOString(), days: 0 },
    ]);
  });

  it('an empty shop has zeros today, no figures before it or after, no days in stock and no one waiting', () => {
    const { core, at } = openClocked();
    at('2026-10-21', '12:00');
    const glance = core.weekAtAGlance(WEEK);
    expect(statusesOf(glance.days)).toEqual([
      'before the history',
      'before the history',
      [0, 0, 0],
      ...Array(4).fill('to come'),
    ]);
    expect(tradeOf(glance.days)[2]).toEqual([0, 0, 0]);
    expect(glance.daysInStock).toEqual({ measured: 0, unknown: 0, median: null, longest: null });
    expect(glance.waitingLongest).toEqual([]);
  });

  it('a day ended before the history begins has none; after it, one the history never saw counts as it stands', () => {
    const { core, at, add, status } = openClocked();
    const raw = new Database(join(tempDir(), DATABASE_FILE_NAME));
    // Another program writes the file: no history is recorded of it.
    const unrecorded = raw.prepare(
      `INSERT INTO pets (name, category_id, status, acquired_on) VALUES (?, 1, 'available', ?)`,
    );
    unrecorded.run('Old Tom', '2026-01-05');
    const sue = String(unrecorded.run('Old Sue', '2026-08-30').lastInsertRowid);
    raw.close();
    at('2026-09-02', '10:00');
    status(sue, 'sold'); // in stock since the day she was acquired: her history does not say
    at('2026-10-21', '10:00');
    add({ name: 'Newcomer', categoryId: '1', status: 'available' });
    const glance = core.weekAtAGlance({ environment: 'local', from: '2026-09-01', to: '2026-09-03' });
    expect(statusesOf(glance.days)).toEqual(['before the history', [1, 0, 1], [1, 0, 1]]);
    expect(tradeOf(glance.days)).toEqual(['before the history', [0, 1, 0], [0, 0, 0]]);
    expect(glance.daysInStock).toEqual({ measured: 1, unknown: 0, median: 3, longest: 3 });
    // Tom has waited since the day he was acquired, the longest of all.
    expect(glance.waitingLongest.map(({ name, since }) => [name, since])).toEqual([
      ['Old Tom', '2026-01-05'],
      ['Newcomer', new Date(londonTime('2026-10-21', '10:00')).toISOString()],
    ]);
  });

  it('asked again, answers the same until something changes: a write here, or another program’s', () => {
    const { core, at, add } = openClocked();
    at('2026-10-20', '10:00');
    add({ name: 'First', categoryId: '1', status: 'available' });
    const first = core.weekAtAGlance(WEEK);
    expect(core.weekAtAGlance(WEEK)).toBe(first);
    add({ name: 'Second', categoryId: '1', status: 'available' });
    expect(tradeOf(core.weekAtAGlance(WEEK).days)[1]).toEqual([2, 0, 0]);
    const raw = new Database(join(tempDir(), DATABASE_FILE_NAME));
    raw.prepare(`UPDATE pets SET status = 'pending' WHERE name = 'First'`).run();
    raw.close();
    expect(statusesOf(core.weekAtAGlance(WEEK).days)[1]).toEqual([1, 1, 0]);
  });

  it('a day of 23 hours holds what was done in it, as one of 25 does', () => {
    const { core, at, add } = openClocked();
    at('2026-03-29', '00:30'); // clocks go forward at 01:00: 00:30 is GMT, 23:30 the day before in UTC
    add({ name: 'Spring', categoryId: '1', status: 'available' });
    at('2026-03-29', '23:30');
    add({ name: 'Late', categoryId: '1', status: 'available' });
    at('2026-03-30', '00:10');
    add({ name: 'Monday', categoryId: '1', status: 'available' });
    const glance = core.weekAtAGlance({ environment: 'local', from: '2026-03-28', to: '2026-03-30' });
    expect(statusesOf(glance.days)).toEqual(['before the history', [2, 0, 0], [3, 0, 0]]);
    expect(tradeOf(glance.days).slice(1)).toEqual([
      [2, 0, 0],
      [1, 0, 0],
    ]);
  });

  it('refuses a period that is not two days in order, or longer than a year, on its field', () => {
    const { core } = openClocked();
    const refusal = (from: string, to: string) => {
      try {
        core.weekAtAGlance({ environment: 'local', from, to });
      } catch (error) {
        return error as { code: string; fields: { field: string; message: string }[] };
      }
      throw new Error('not refused');
    };
    expect(refusal('2026-10-25', '2026-10-19')).toMatchObject({
      code: 'invalid_parameter',
      fields: [{ field: 'from' }],
    });
    expect(refusal('last week', '2026-10-19')).toMatchObject({
      code: 'invalid_parameter',
      fields: [{ field: 'from' }],
    });
    const tooLong = refusal('2025-01-01', '2026-10-19');
    expect(tooLong.fields).toEqual([{ field: 'to', message: expect.stringContaining('at most 366 days') }]);
  });

  it('answers the window through the IPC router: a period checked there, the answer plain JSON', async () => {
    const { core } = aWeekOfTrade();
    const router = createIpcRouter(core);
    const answer = await router.dispatch('weekAtAGlance', WEEK);
    expect(answer.ok).toBe(true);
    expect(JSON.parse(JSON.stringify(answer))).toEqual(answer); // nothing JSON would carry otherwise
    const refused = await router.dispatch('weekAtAGlance', { ...WEEK, from: '2026-10-26' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_parameter', fields: [{ field: 'from' }] } });
    const tooLong = await router.dispatch('exportWeekToFile', { ...WEEK, to: 'x'.repeat(41) });
    expect(tooLong).toMatchObject({ ok: false, error: { code: 'invalid_parameter' } });
  });

  it('exports each day and each week, the takings in the currency, to the file chosen', async () => {
    const { core, saved } = aWeekOfTrade();
    const outcome = await core.exportWeekToFile(WEEK);
    expect(outcome).toEqual({ rows: 8, path: '/chosen/week-local-2026-10-19-to-2026-10-25.csv' });
    const [header, ...rows] = readCsv(saved[0]!).map((record) => record.cells);
    expect(header).toEqual([...WEEK_COLUMNS]);
    expect(rows[1]).toEqual(['day', '2026-10-20', '2026-10-20', '2', '1', '1', '0', '1', '50.00', '0']);
    expect(rows[7]).toEqual(['week', '2026-10-19', '2026-10-25', '2', '0', '3', '2', '3', '80.00', '0']);
  });
});

describe("the week at a glance of a server's environment", () => {
  const { open, track } = useTestCore();

  itWithKeyring(
    'counts adds and sales made here, and the changes learned from the server, from the replica’s history',
    async () => {
      const service = track(await startService());
      const rex = service.store.createPet({ name: 'Rex', categoryId: '3', status: 'available' });
      let clock = londonTime('2026-10-19', '09:00');
      const core = open({ now: () => clock });
      await core.setBaseUrl('staging', `${service.baseUrl}/v1`);
      await core.setKey('staging', TEST_API_KEY);
      await core.syncNow('staging');
      core.addPet('staging', { name: 'Bella', categoryId: '4', status: 'available', price: 7500 });
      await core.syncUntilSettled('staging');
      const bella = core.animals('staging', { search: 'bella' }).rows[0]!;
      if (bella.kind !== 'pet') throw new Error('Bella is on the server');
      clock = londonTime('2026-10-20', '10:00');
      core.changePet('staging', bella.pet.id, { status: 'sold' });
      await core.syncUntilSettled('staging');
      // At another counter; this computer learns it, and dates it, when the server's list says so: today.
      service.store.changePet(rex.id, { status: 'pending' }, '*');
      clock = Date.now(); // learned today, as the server's list says it
      await core.refreshAnimals('staging');

      const glance = core.weekAtAGlance({ ...WEEK, environment: 'staging' });
      expect(statusesOf(glance.days).slice(0, 3)).toEqual([
        [2, 0, 0],
        [1, 0, 1],
        [1, 0, 1],
      ]);
      const today = localToday();
      const learned = core.weekAtAGlance({ environment: 'staging', from: today, to: today });
      expect(statusesOf(learned.days)).toEqual([[0, 1, 1]]);
      expect(tradeOf(glance.days).slice(0, 3)).toEqual([
        [1, 0, 0],
        [0, 1, 7500],
        [0, 0, 0],
      ]);
      expect(glance.daysInStock).toEqual({ measured: 1, unknown: 0, median: 1, longest: 1 });
    },
  );

  itWithKeyring('an animal the server no longer lists is in no day, its changes here with it', async () => {
    const service = track(await startService());
    service.store.createPet({ name: 'Rex', categoryId: '3', status: 'available' });
    const max = service.store.createPet({ name: 'Max', categoryId: '3', status: 'available' });
    let clock = londonTime('2026-10-20', '10:00');
    const core = open({ now: () => clock });
    await core.setBaseUrl('staging', `${service.baseUrl}/v1`);
    await core.setKey('staging', TEST_API_KEY);
    await core.syncNow('staging');
    core.changePet('staging', max.id, { status: 'sold' });
    await core.syncUntilSettled('staging');
    clock = londonTime('2026-10-28', '10:00');
    service.db.prepare('DELETE FROM pets WHERE id = ?').run(BigInt(max.id)); // gone from the server's list
    await core.refreshAnimals('staging');
    expect(core.animals('staging', {}).total).toBe(1);

    const glance = core.weekAtAGlance({ ...WEEK, environment: 'staging' });
    // Rex alone on each day from the first this computer's history holds.
    expect(statusesOf(glance.days)).toEqual(['before the history', ...Array(6).fill([1, 0, 0])]);
  });
});
