// The week at a glance printed: the core's one paper road to a PDF (Debian's Chromium), read back
// as text by poppler (pdftotext) and drawn as a page (pdftoppm), the picture kept for docs/paper.md.
process.env.TZ = 'Europe/London';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NewPet } from '../../../src/shared/contract';
import { fullDay, periodWords, shortDay } from '../../../src/shared/contract/week-words';
import { pagesOfPdf, pdfToPngs, textOfPdf } from '../../helpers/paper-reading';
import { useTestCore } from '../core/test-core';

const SCREENSHOTS = join(import.meta.dirname, '../../../docs/screenshots');
const WEEK = { kind: 'week', environment: 'local', from: '2026-10-19', to: '2026-10-25' } as const;

describe('the week at a glance on paper', () => {
  const { open } = useTestCore();

  function aWeekOfTrade() {
    const clock = { now: 0 };
    const core = open({ now: () => clock.now });
    core.setCurrency({ environment: 'local', currency: 'GBP' });
    const at = (day: string, time: string) => (clock.now = new Date(`${day}T${time}`).getTime());
    const add = (pet: Partial<NewPet> & { name: string }) => {
      const added = core.addPet('local', { categoryId: '1', status: 'available', ...pet }, { anyway: true });
      if (!('pet' in added)) throw new Error('the local store adds at once');
      return added.pet.id;
    };
    at('2026-10-10', '09:00');
    add({ name: 'Ember' });
    at('2026-10-15', '10:00');
    const amber = add({ name: 'Amber', price: 5000 });
    add({ name: '<b>Basil</b> 🐇', price: 3000 });
    at('2026-10-19', '09:00');
    const clover = add({ name: 'Clover', price: 2000 });
    at('2026-10-20', '11:00');
    core.changePet('local', amber, { status: 'sold' });
    at('2026-10-25', '16:00');
    core.changePet('local', clover, { status: 'sold' });
    at('2026-10-27', '12:00');
    return core;
  }

  it('holds the figures the screen shows: totals, the chart’s table, each day, and who waits longest', async () => {
    const core = aWeekOfTrade();
    const glance = core.weekAtAGlance(WEEK);
    const { pdf } = await core.paperPdf(WEEK);
    const text = await textOfPdf(pdf);
    expect(text).toContain(`Week at a glance: Local store, ${periodWords(WEEK.from, WEEK.to)}`);
    expect(text).toMatch(/Added\s+Sold\s+Takings\s+Days in stock\s+1\s+2\s+£70\.00\s+5\.5 days median, 6 days longest/);
    // The chart's axis names each day of the week, as the screen's does.
    for (const day of glance.days) expect(text).toContain(shortDay(day.day, true));
    expect(text).toContain('Animals in each status at the day’s end');
    // Monday's statuses at its end, and Tuesday's trade: Amber sold for £50.
    expect(text).toMatch(new RegExp(`${fullDay('2026-10-19')}\\s+4\\s+0\\s+0`));
    expect(text).toMatch(new RegExp(`${fullDay('2026-10-20')}\\s+0\\s+1\\s+£50\\.00`));
    expect(text).toMatch(new RegExp(`${fullDay('2026-10-25')}\\s+0\\s+1\\s+£20\\.00`));
    expect(glance.waitingLongest.map(({ name }) => name)).toEqual(['Ember', '<b>Basil</b> 🐇']);
    expect(text).toMatch(new RegExp(`Ember\\s+\\d+\\s+${fullDay('2026-10-10')}\\s+17 days`));
    expect(text).toContain('<b>Basil</b>'); // a name's markup prints as its characters
    expect(await pagesOfPdf(pdf)).toMatchObject({ pages: 1, size: expect.stringContaining('(A4)') });

    const { pages, remove } = await pdfToPngs(pdf, 72);
    try {
      mkdirSync(SCREENSHOTS, { recursive: true });
      copyFileSync(pages[0]!, join(SCREENSHOTS, 'paper-week.png'));
    } finally {
      remove();
    }
  });

  it('runs over pages for thirteen weeks, with each week’s totals; a wrong period is refused on its field', async () => {
    const core = aWeekOfTrade();
    const quarter = { ...WEEK, from: '2026-07-27' };
    const { pdf } = await core.paperPdf(quarter);
    const text = await textOfPdf(pdf);
    expect(text).toContain('Each week');
    expect(text).toMatch(new RegExp(`${periodWords(WEEK.from, WEEK.to)}\\s+1\\s+2\\s+£70\\.00`));
    expect((await pagesOfPdf(pdf)).pages).toBeGreaterThan(1);
    await expect(core.paperPdf({ ...WEEK, from: '2026-10-26' })).rejects.toMatchObject({ code: 'invalid_parameter' });
  });

  it('prints a day still to come, and one before the history began, without figures, in words', async () => {
    const core = open({ now: () => new Date('2026-10-21T15:00').getTime() });
    core.addPet('local', { name: 'First', categoryId: '1', status: 'available' }, { anyway: true });
    const text = await textOfPdf((await core.paperPdf(WEEK)).pdf);
    expect(text).toMatch(new RegExp(`${fullDay('2026-10-20')}\\s+— none: before the history begins`));
    expect(text).toMatch(new RegExp(`${fullDay('2026-10-21')}\\s+1\\s`));
    expect(text).toMatch(new RegExp(`${fullDay('2026-10-22')}\\s+— not yet: the day is still to come`));
  });
});
