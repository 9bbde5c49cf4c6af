// The week at a glance in the window: opened by its shortcut with its heading focused, the day's
// figures read from its tables (the chart's table beside it), another week and a longer span
// chosen, the tables exported through main's save dialog (answered by the harness); axe and
// pictures in both themes. The built renderer in Chromium over the real core, whose clock the test
// sets to make a history over two weeks.
import { test as base, expect, type Page } from '@playwright/test';
import { localToday } from '../../src/shared/contract';
import { addDays, mondayOf } from '../../src/shared/contract/week-at-a-glance';
import { periodWords } from '../../src/shared/contract/week-words';
import type { PetstoreCore } from '../../src/main/core/petstore-core';
import { textOfPdf } from '../helpers/paper-reading';
import { serveRenderer } from '../helpers/renderer-page';
import { openHarnessApp, type MainProcess } from './harness';
import { checkScreen, closeToasts, reopen } from './ui-helpers';

const test = base.extend<{ shop: { page: Page; core: PetstoreCore; main: MainProcess; at(moment: number): void } }>({
  shop: async ({ page }, use) => {
    const { server, url } = await serveRenderer();
    let clock: number | null = null;
    const app = await openHarnessApp(page, url, { now: () => clock ?? Date.now() });
    await use({ page, core: app.core, main: app.main, at: (moment) => void (clock = moment) });
    expect(app.pageErrors, 'uncaught errors in the page').toEqual([]);
    server.close();
    await app.close();
  },
});
test.use({ viewport: { width: 1280, height: 900 } });

const monday = mondayOf(localToday());
const lastMonday = addDays(monday, -7);
/** A moment of a day here (the shop's time zone is this computer's). */
const on = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00`).getTime();
/** A row's cells in a table of the screen (a locator: expectations on it wait for the screen's answer). */
const cellsOf = (page: Page, table: string, row: RegExp) =>
  page.getByRole('table', { name: table }).getByRole('row', { name: row }).getByRole('cell');

/** Last week Amber and Basil came in on Tuesday, Amber went on Thursday; this Monday Clover came and Basil went. */
function twoWeeksOfTrade({ core, at }: { core: PetstoreCore; at(moment: number): void }): void {
  core.setCurrency({ environment: 'local', currency: 'GBP' });
  const add = (name: string, price: number) => {
    const added = core.addPet('local', { name, categoryId: '1', status: 'available', price }, { anyway: true });
    return 'pet' in added ? added.pet.id : '';
  };
  at(on(addDays(lastMonday, 1), 10));
  const amber = add('Amber', 12_50);
  const basil = add('Basil', 30_00);
  at(on(addDays(lastMonday, 3), 15));
  core.changePet('local', amber, { status: 'sold' });
  at(on(monday, 0) + 30 * 60_000);
  add('Clover', 8_00);
  core.changePet('local', basil, { status: 'sold' });
  at(Date.now());
}

test('the week from its shortcut: the tables say what the chart shows; another week, 13 weeks, and CSV', async ({
  shop,
}) => {
  // axe reads the 13 weeks' two hundred table rows twice, in each theme: slow on a shared machine.
  test.setTimeout(150_000);
  const { page, main } = shop;
  twoWeeksOfTrade(shop);
  await reopen(page);
  await page.keyboard.press('Control+Shift+G');
  const heading = page.getByRole('heading', { level: 2, name: /^Week at a glance: Local store/ });
  await expect(heading).toBeFocused();
  await expect(page.getByRole('button', { name: 'Week', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('img', { name: 'Animals by status at each day’s end' })).toBeVisible();

  // Monday's end: Clover available; Amber and Basil sold. Basil went on Monday, for £30.
  await expect(cellsOf(page, 'Animals in each status at the day’s end', /^Monday/)).toHaveText(['1', '0', '2']);
  await expect(cellsOf(page, 'Each day', /^Monday/)).toHaveText(['1', '1', '£30.00']);
  await expect(page.getByRole('table', { name: 'Each day' }).getByRole('row')).toHaveCount(8);
  await expect(page.getByRole('table', { name: 'Available now, the longest first' })).toContainText('Clover');
  await checkScreen(page, 'week-at-a-glance');

  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(page.getByRole('button', { name: 'Next week' })).toBeEnabled();
  await expect(cellsOf(page, 'Each day', /^Tuesday/)).toHaveText(['2', '0', '£0.00']);
  await expect(cellsOf(page, 'Each day', /^Thursday/)).toHaveText(['0', '1', '£12.50']);
  await expect(cellsOf(page, 'Animals in each status at the day’s end', /^Thursday/)).toHaveText(['1', '0', '1']);
  await expect(page.locator('.glance-figures')).toContainText('Days in stock2 days median, 2 days longest');

  await page.getByRole('button', { name: 'This week' }).click();
  await page.getByRole('button', { name: '13 weeks' }).click();
  await expect(page.getByRole('button', { name: '13 weeks' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('table', { name: 'Each week' }).getByRole('row')).toHaveCount(14);
  await expect(page.getByRole('table', { name: 'Each day' }).getByRole('row')).toHaveCount(92);
  // The weeks before the history began have no figures, and say so in words.
  const firstWeek = new RegExp(`^${periodWords(addDays(monday, -84), addDays(monday, -78))}`);
  await expect(cellsOf(page, 'Each week', firstWeek)).toHaveText(['— none: before the history begins']);
  await checkScreen(page, 'week-at-a-glance-13-weeks');

  await page.getByRole('button', { name: 'Export CSV…' }).click();
  const from = addDays(monday, -84);
  const to = addDays(monday, 6);
  await expect(page.getByText(`The week at a glance, ${from} to ${to}, exported to`)).toBeVisible();
  expect(main.savedFiles.map((file) => file.suggestedName)).toEqual([`week-local-${from}-to-${to}.csv`]);
  const lines = main.savedFiles[0]!.contents.split('\r\n');
  expect(lines[0]).toBe(
    '\uFEFF"period","from","to","available_at_end","pending_at_end","sold_at_end","added","sold","takings","sales_without_price"',
  );
  expect(lines).toContain(`"day","${monday}","${monday}","1","0","2","1","1","30.00","0"`);
  expect(lines).toContain(`"week","${lastMonday}","${addDays(lastMonday, 6)}","1","0","1","2","1","12.50","0"`);
  await closeToasts(page);
});

test('an empty shop’s week says so plainly, and the screen keeps to the keyboard', async ({ shop: { page } }) => {
  await page.keyboard.press('Control+Shift+G');
  await expect(page.getByRole('heading', { level: 2, name: /^Week at a glance/ })).toBeFocused();
  await expect(page.getByText('No animal is available now.')).toBeVisible();
  await expect(page.locator('.glance-figures')).toContainText('Days in stock—');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Previous week' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: /^Week at a glance/ })).toContainText(
    String(Number(addDays(lastMonday, 6).slice(8, 10))),
  );
  await page.keyboard.press('Control+Shift+A');
  await expect(page.getByRole('button', { name: 'Animals', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('Ctrl+P on the Week screen prints the week; Save as PDF… saves the same page as a PDF', async ({ shop }) => {
  test.setTimeout(90_000);
  const { page, main } = shop;
  twoWeeksOfTrade(shop);
  await reopen(page);
  await page.keyboard.press('Control+Shift+G');
  await expect(cellsOf(page, 'Each day', /^Monday/)).toHaveText(['1', '1', '£30.00']);
  await page.keyboard.press('Control+p');
  const to = addDays(monday, 6);
  await expect(page.getByText(`The week at a glance, ${monday} to ${to}, sent to the printer.`)).toBeVisible();
  // Still the Week screen: its own page went to the print dialog, not the animals' paper.
  await expect(page.getByRole('heading', { level: 2, name: /^Week at a glance/ })).toBeVisible();
  expect(main.printedPages.map(({ title }) => title)).toEqual(['Week at a glance']);
  const { html } = main.printedPages[0]!;
  expect(html).toContain("default-src 'none'".replace(/'/g, '&#39;'));
  expect(html).not.toContain('<script');
  expect(html).toContain('<svg');
  expect(html).toContain('£30.00');

  await page.getByRole('button', { name: 'Save as PDF…' }).click();
  await expect(page.getByText(`The week at a glance, ${monday} to ${to}, saved to`)).toBeVisible({ timeout: 20_000 });
  const text = await textOfPdf(main.savedPdfs[0]!.pdf);
  expect(text).toContain('Waiting longest');
  expect(text).toContain('£30.00');
  await closeToasts(page);
});
