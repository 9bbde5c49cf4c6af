// Animals marked in the list, to print together: Space, Shift with an arrow, Ctrl+click and
// Shift+click mark; the marks stay through filters, are let go with another environment, and the
// print dialog offers them first. The built renderer in Chromium over a real core; the PDF read back.
import { idFromLabelCode } from '../../src/shared/contract';
import { codesInPdf } from '../helpers/paper-reading';
import { expect, test } from './harness';
import { checkScreen, reopen, row } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

const NAMES = ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo'];

test('marks by key and by click, kept through a filter, printed together, let go with another environment', async ({
  app: { page, core, main },
}) => {
  const idOf: Record<string, string> = {};
  for (const name of NAMES) {
    const added = core.addPet('local', { name, categoryId: '1', status: name === 'Bo' ? 'pending' : 'available' });
    if (!('pet' in added)) throw new Error('the local store adds at once');
    idOf[name] = added.pet.id;
  }
  await reopen(page);
  const bar = page.locator('.marked-bar[role="status"]');
  const markedRows = page.locator('table.animals tbody tr[data-marked]');

  // Newest first: Flo, Ed, Di, Cy, Bo, Ada.
  await row(page, 'Flo').focus();
  await page.keyboard.press('Space');
  await expect(bar).toHaveText(/^1 animal marked for paper\./);
  await expect(row(page, 'Flo')).toHaveAttribute('data-marked', 'true');
  await expect(row(page, 'Flo')).not.toHaveAttribute('data-change-state', /.+/); // marking changes nothing
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+ArrowDown'); // Ed and Di
  await expect(row(page, 'Di')).toBeFocused();
  await expect(bar).toHaveText(/^3 animals marked for paper\./);
  await page.keyboard.press('Space'); // Di's mark off
  await expect(bar).toHaveText(/^2 animals marked for paper\./);
  await row(page, 'Ada').click({ modifiers: ['ControlOrMeta'] });
  await expect(row(page, 'Ada')).toBeFocused();
  await expect(bar).toHaveText(/^3 animals marked for paper\./);
  await expect(markedRows).toHaveCount(3);
  for (const name of ['Flo', 'Ed', 'Ada']) await expect(row(page, name)).toHaveAttribute('data-marked', 'true');
  for (const name of ['Di', 'Cy', 'Bo']) await expect(row(page, name)).not.toHaveAttribute('data-marked');

  // Shift+click marks every row from the selected one to the one clicked.
  await bar.getByRole('button', { name: 'Clear marks' }).click();
  await expect(markedRows).toHaveCount(0);
  await row(page, 'Ed').click();
  await row(page, 'Bo').click({ modifiers: ['Shift'] });
  await expect(bar).toHaveText(/^4 animals marked for paper\./);
  for (const name of ['Ed', 'Di', 'Cy', 'Bo']) await expect(row(page, name)).toHaveAttribute('data-marked', 'true');
  await page.getByTestId('animals-scroll').evaluate((list) => list.scrollTo({ top: 0 }));
  await checkScreen(page, 'marked-rows');

  // A filter that hides some keeps their marks: the print dialog offers all four, first.
  await page.getByRole('radio', { name: /^Pending/ }).check();
  await expect(row(page, 'Bo')).toBeVisible();
  await expect(bar).toHaveText(/^4 animals marked for paper\./);
  await page.keyboard.press('Control+p');
  const dialog = page.getByRole('dialog', { name: 'Print from Local store' });
  await expect(dialog.getByRole('radio', { name: 'The 4 animals marked' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'The 1 animal in view' })).not.toBeChecked();
  await dialog.getByRole('radio', { name: 'Labels' }).check();
  await dialog.getByRole('button', { name: 'Save as PDF…' }).click();
  await expect(dialog).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText(/Labels of 4 animals saved to /)).toBeVisible();
  const reads = await codesInPdf(main.savedPdfs[0]!.pdf, 300);
  const printed = [...new Set(reads.filter((r) => r.format === 'QRCode').map((r) => idFromLabelCode(r.text)))];
  expect(printed.sort()).toEqual(['Ed', 'Di', 'Cy', 'Bo'].map((name) => idOf[name]).sort());
  await expect(bar).toHaveText(/^4 animals marked for paper\./); // kept, for cards after labels

  // A filter that shows none of them: the marks are still said, and can be cleared there.
  await page.getByLabel(/Find by name/).fill('nobody by this name');
  await expect(page.getByTestId('empty-list')).toBeVisible();
  await expect(bar).toHaveText(/^4 animals marked for paper\./);
  await bar.getByRole('button', { name: 'Clear marks' }).click();
  await expect(bar).toHaveText('No animals marked for paper.'); // said, though not shown
  await expect(page.locator('body')).not.toBeFocused(); // the focus went back, not lost
  await page.getByLabel(/Find by name/).fill('');
  await row(page, 'Bo').focus(); // the pending one, as the filter still shows
  await page.keyboard.press('Space');
  await expect(bar).toHaveText(/^1 animal marked for paper\./);

  // Another environment: the marks are let go, and not found again on coming back.
  await page.keyboard.press('Control+3');
  await expect(page.locator('.env-strip')).toHaveAttribute('data-environment', 'staging');
  await page.keyboard.press('Control+1');
  await expect(page.locator('.env-strip')).toHaveAttribute('data-environment', 'local');
  await page.getByRole('radio', { name: /^All/ }).check();
  await expect(row(page, 'Ada')).toBeVisible();
  await expect(markedRows).toHaveCount(0);
  await expect(bar).toHaveText('No animals marked for paper.');
});
