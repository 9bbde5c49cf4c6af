// A day of the week at a glance has figures only between the history's first moment and now: a
// day still to come, or one that ended before the history begins, says so in the answer, its
// weeks, its CSV and the command line's text, rather than repeating what another day shows.
process.env.TZ = 'Europe/London';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../../../src/main/csv/spreadsheet-csv';
import { clockedShop, statusesOf, tradeOf } from './clocked-shop';
import { useTestCore } from './test-core';

const WEEK = { environment: 'local', from: '2026-10-19', to: '2026-10-25' } as const;

describe('days of the week at a glance without figures', () => {
  const { open } = useTestCore();

  /** A shop open since the 15th, trading on Monday to Wednesday, asked on Wednesday afternoon. */
  function midweek() {
    const shop = clockedShop(open);
    const { at, add, status } = shop;
    at('2026-10-15', '10:00');
    const amber = add({ name: 'Amber', categoryId: '1', status: 'available', price: 5000 });
    at('2026-10-19', '09:00');
    add({ name: 'Basil', categoryId: '1', status: 'available' });
    at('2026-10-21', '11:00');
    status(amber, 'sold');
    at('2026-10-21', '15:00');
    return shop;
  }

  it('a day still to come has none: on a Wednesday, Thursday to Sunday do not repeat today', () => {
    const { core } = midweek();
    const glance = core.weekAtAGlance(WEEK);
    expect(statusesOf(glance.days)).toEqual([[2, 0, 0], [2, 0, 0], [1, 0, 1], ...Array(4).fill('to come')]);
    expect(tradeOf(glance.days).slice(0, 3)).toEqual([
      [1, 0, 0],
      [0, 0, 0],
      [0, 1, 5000],
    ]);
    // The week adds up its days so far, its statuses those at today's end.
    expect(glance.weeks).toEqual([
      expect.objectContaining({
        counted: true,
        countedFrom: '2026-10-19',
        countedTo: '2026-10-21',
        statuses: { available: 1, pending: 0, sold: 1 },
        added: 1,
        sold: 1,
        takingsMinor: 5000,
      }),
    ]);
  });

  it('the CSV leaves each figure of a day to come empty; its week holds the days so far', async () => {
    const { core, saved } = midweek();
    await core.exportWeekToFile(WEEK);
    const rows = readCsv(saved[0]!).map((record) => record.cells);
    expect(rows[3]).toEqual(['day', '2026-10-21', '2026-10-21', '1', '0', '1', '0', '1', '50.00', '0']);
    expect(rows[4]).toEqual(['day', '2026-10-22', '2026-10-22', '', '', '', '', '', '', '']);
    expect(rows[8]).toEqual(['week', '2026-10-19', '2026-10-25', '1', '0', '1', '1', '1', '50.00', '0']);
  });

  it('a new shop’s first week has none before its first write, and a later week none at all', () => {
    const { core, at, add } = clockedShop(open);
    at('2026-10-21', '09:30'); // the shop's first day with the app
    add({ name: 'First', categoryId: '1', status: 'available' });
    at('2026-10-23', '12:00');
    const glance = core.weekAtAGlance({ environment: 'local', from: '2026-10-12', to: '2026-10-25' });
    expect(statusesOf(glance.days)).toEqual([
      ...Array(9).fill('before the history'),
      [1, 0, 0],
      [1, 0, 0],
      [1, 0, 0],
      'to come',
      'to come',
    ]);
    expect(glance.weeks.map((week) => (week.counted ? [week.countedFrom, week.countedTo] : week.noFigures))).toEqual([
      'before the history',
      ['2026-10-21', '2026-10-23'],
    ]);
  });

  it('a clock put back before the history’s last moments shows the days after its today as to come', () => {
    const { core, at, add, status } = clockedShop(open);
    at('2026-10-20', '10:00');
    const amber = add({ name: 'Amber', categoryId: '1', status: 'available' });
    at('2026-10-24', '10:00'); // the clock ran ahead
    status(amber, 'sold');
    at('2026-10-22', '10:00'); // and was put right
    const glance = core.weekAtAGlance(WEEK);
    expect(statusesOf(glance.days)).toEqual([
      'before the history',
      [1, 0, 0],
      [1, 0, 0],
      [1, 0, 0],
      'to come',
      'to come',
      'to come',
    ]);
  });

  it('a history that began at an earlier moment than its first row (a clock put right) begins there', () => {
    const { core, at, add } = clockedShop(open);
    at('2026-10-22', '10:00');
    add({ name: 'Ahead', categoryId: '1', status: 'available' });
    at('2026-10-20', '10:00'); // the clock was put back: this add is dated before the first row
    add({ name: 'Behind', categoryId: '1', status: 'available' });
    at('2026-10-23', '10:00');
    expect(statusesOf(core.weekAtAGlance(WEEK).days).slice(0, 4)).toEqual([
      'before the history',
      [1, 0, 0],
      [1, 0, 0],
      [2, 0, 0],
    ]);
  });
});
