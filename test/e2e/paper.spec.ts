// Cage cards, labels and the stock list from the window: the dialog (checked by axe, pictured),
// Save as PDF… through main's save dialog (a PDF whose codes decode to the animals of the view),
// and Print… handing main's own page to the print dialog (the harness's stand-in for Electron's).
import { idFromLabelCode } from '../../src/shared/contract';
import { codesInPdf, textOfPdf } from '../helpers/paper-reading';
import { expect, test } from './harness';
import { checkScreen } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

test('saves labels of the view as a PDF whose codes are its animals, and prints cards through the dialog', async ({
  app: { page, core, main },
}) => {
  const add = (name: string, status: 'available' | 'sold') => {
    const added = core.addPet('local', { name, categoryId: '1', status, species: 'Rabbit', price: 2_500 });
    if (!('pet' in added)) throw new Error('the local store adds at once');
    return added.pet.id;
  };
  const inView = [add('Clover', 'available'), add('Thumper 🐇', 'available')];
  add('Gone', 'sold');
  await page.getByRole('radio', { name: /^Available/ }).check();
  await page.keyboard.press('Control+p');
  const dialog = page.getByRole('dialog', { name: 'Print from Local store' });
  await expect(dialog.getByRole('radio', { name: 'Cage cards' })).toBeFocused();
  await expect(dialog.getByRole('radio', { name: 'The 2 animals in view' })).toBeChecked();
  await checkScreen(page, 'paper-dialog');

  await dialog.getByRole('radio', { name: 'Labels' }).check();
  await dialog.getByRole('radio', { name: 'A4 sticker sheet, 3 × 8' }).check();
  await dialog.getByRole('button', { name: 'Save as PDF…' }).click();
  // The first printing starts main's Chromium.
  await expect(dialog).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText(/Labels of 2 animals saved to .*labels-local-\d{4}-\d\d-\d\d\.pdf\./)).toBeVisible();
  expect(main.savedPdfs).toHaveLength(1);
  const reads = await codesInPdf(main.savedPdfs[0]!.pdf, 300);
  const ids = (format: string) =>
    reads
      .filter((r) => r.format === format)
      .map((r) => idFromLabelCode(r.text))
      .sort();
  expect(ids('QRCode')).toEqual([...inView].sort());
  expect(ids('Code128')).toEqual([...inView].sort());

  // Print…: main hands its own page (the same one the PDF is made of) to the print dialog.
  await page.keyboard.press('Control+p');
  await dialog.getByRole('radio', { name: 'A5, one card a page' }).check();
  await dialog.getByRole('button', { name: 'Print…' }).click();
  await expect(page.getByText('Cage cards of 2 animals sent to the printer.')).toBeVisible();
  expect(main.printedPages).toHaveLength(1);
  const printed = main.printedPages[0]!;
  expect(printed.html).toContain("default-src 'none'".replace(/'/g, '&#39;'));
  expect(printed.html).toContain('@page { size: A5;');
  expect(printed.html).not.toContain('<script');
  for (const id of inView) expect(printed.html).toContain(`data-animal="${id}"`);
  expect(printed.html).not.toContain('>Gone<');

  // A selection: animals typed by id or scanned from their codes; a word that is neither is said.
  await page.keyboard.press('Control+p');
  await dialog.getByRole('radio', { name: 'These animals, by id or scanned code:' }).check();
  const typed = dialog.getByRole('textbox', { name: 'Ids or label codes of the animals' });
  await typed.fill(`PSD-${inView[1]}, rex`);
  await dialog.getByRole('button', { name: 'Save as PDF…' }).click();
  await expect(dialog.getByText('“rex” is not an animal’s id or label code')).toBeVisible();
  await typed.fill(`psd-${inView[1]}`);
  await dialog.getByRole('button', { name: 'Save as PDF…' }).click();
  await expect(dialog).toHaveCount(0);
  const selected = await codesInPdf(main.savedPdfs[1]!.pdf, 150);
  expect(new Set(selected.map((r) => idFromLabelCode(r.text)))).toEqual(new Set([inView[1]]));
});

test('prints the stock list, and says what went wrong when there is nothing to print', async ({
  app: { page, core, main },
}) => {
  core.addPet('local', { name: 'Sold Sue', categoryId: '1', status: 'sold' });
  await page.keyboard.press('Control+p');
  const dialog = page.getByRole('dialog', { name: 'Print from Local store' });
  await dialog.getByRole('radio', { name: 'Stock list: every animal in stock' }).check();
  await expect(dialog.getByRole('group', { name: 'Paper' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save as PDF…' }).click();
  await expect(dialog.getByText('There is no animal to print in this stock of local.')).toBeVisible();
  expect(main.savedPdfs).toEqual([]);

  core.addPet('local', { name: 'Hazel', categoryId: '1', status: 'available' });
  await dialog.getByRole('button', { name: 'Save as PDF…' }).click();
  await expect(dialog).toHaveCount(0);
  const text = await textOfPdf(main.savedPdfs[0]!.pdf);
  expect(text).toContain('Hazel');
  expect(text).not.toContain('Sold Sue');
});

test("Settings chooses what the shop's cards show, and the cards show only that", async ({ app: { page, core } }) => {
  const added = core.addPet('local', {
    name: 'Pip',
    categoryId: '1',
    status: 'available',
    breed: 'Lionhead',
    price: 3_000,
  });
  if (!('pet' in added)) throw new Error('the local store adds at once');
  await page.getByRole('button', { name: 'Settings' }).click();
  const cards = page.getByRole('region', { name: 'Cage cards' });
  await expect(cards.getByRole('checkbox', { name: 'Price' })).toBeChecked();
  await cards.getByRole('checkbox', { name: 'Price' }).uncheck();
  await cards.getByRole('checkbox', { name: 'QR code and barcode' }).uncheck();
  await expect.poll(() => core.cardFields()).toEqual(['photo', 'species', 'breed', 'sex', 'age', 'status']);
  const { pdf } = await core.paperPdf({
    kind: 'cards',
    environment: 'local',
    animals: { ids: [added.pet.id] },
    layout: 'a6',
  });
  const text = await textOfPdf(pdf);
  expect(text).toContain('Lionhead');
  expect(text).not.toMatch(/30\.00/);
  expect(await codesInPdf(pdf, 150)).toEqual([]);
});

test("a row's menu prints that animal's card", async ({ app: { page, core, main } }) => {
  const added = core.addPet('local', { name: 'Clover', categoryId: '1', status: 'available' });
  core.addPet('local', { name: 'Other', categoryId: '1', status: 'available' });
  if (!('pet' in added)) throw new Error('the local store adds at once');
  await page.getByRole('button', { name: 'Change Clover' }).click();
  await page.getByRole('menuitem', { name: 'Print card…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print from Local store' });
  await expect(dialog.getByRole('radio', { name: 'Clover' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Save as PDF…' }).click();
  await expect(dialog).toHaveCount(0, { timeout: 20_000 });
  const reads = await codesInPdf(main.savedPdfs[0]!.pdf, 150);
  expect(reads.map((read) => idFromLabelCode(read.text))).toEqual([added.pet.id, added.pet.id]);
});

test('a batch tells how far it has got, in order, while its buttons wait', async ({ app: { page, core, main } }) => {
  for (let n = 1; n <= 120; n++) core.addPet('local', { name: `Guppy ${n}`, categoryId: '1', status: 'available' });
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'Guppy 120' })).toBeVisible();
  await page.keyboard.press('Control+p');
  const dialog = page.getByRole('dialog', { name: 'Print from Local store' });
  await expect(dialog.getByRole('radio', { name: 'The 120 animals in view' })).toBeChecked();
  // Every text the dialog's status line shows, and whether Print… waited, as the page sees them.
  await page.evaluate(`(() => {
    const told = (globalThis.told = []);
    const status = document.querySelector('.paper-dialog [role="status"]');
    const print = [...document.querySelectorAll('.paper-dialog button')].find((button) => button.textContent === 'Print…');
    new MutationObserver(() => told.push({ text: status.textContent ?? '', printDisabled: print.disabled })).observe(
      status,
      { childList: true, characterData: true, subtree: true },
    );
  })()`);
  await dialog.getByRole('button', { name: 'Save as PDF…' }).click();
  await expect(dialog).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText(/Cage cards of 120 animals saved to /)).toBeVisible();
  expect(main.savedPdfs).toHaveLength(1);

  const told = (await page.evaluate(() => (globalThis as unknown as { told: unknown }).told)) as Array<{
    text: string;
    printDisabled: boolean;
  }>;
  const steps = told.filter(({ text }) => text !== '');
  expect(steps.every(({ printDisabled }) => printDisabled)).toBe(true);
  const read = steps.map(({ text }) => /^(Laying out|Printing) ([\d,]+) of 120 animals…$/.exec(text));
  expect(
    read.every((match) => match !== null),
    steps.map(({ text }) => text).join(' | '),
  ).toBe(true);
  // Laid out, then printed; each further than the one before.
  const order = read.map((match) => (match![1] === 'Laying out' ? 0 : 1000) + Number(match![2]!.replace(/,/g, '')));
  expect(order).toEqual([...order].sort((a, b) => a - b));
  expect(read.some((match) => match![1] === 'Laying out')).toBe(true);
  expect(read.filter((match) => match![1] === 'Printing').length).toBeGreaterThanOrEqual(2);
});
