// The full road of a sale, keyboard only: Shift+S on a row (or the row menu's "Sell…") opens the
// sale dialog, its price prefilled; a wrong price is refused on its field; Enter sells with the
// buyer's details, recorded with the sale; Undo takes the sale back. S alone still sells at once.
// The built renderer in Chromium over the real core.
import type { Page } from '@playwright/test';
import { expect, test } from './harness';
import { checkScreen, closeToasts, reopen } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

const petRow = (page: Page, id: string) => page.locator(`tr[data-pet-id="${id}"]`);

test('sell from the keyboard: Shift+S opens the dialog, a wrong price is refused, Enter sells, Undo takes it back', async ({
  app: { page, core },
}) => {
  core.setCurrency({ environment: 'local', currency: 'GBP' });
  core.addPet('local', { name: 'Rex', categoryId: '1', status: 'available', price: 45_00 });
  await reopen(page);
  await petRow(page, '1').focus();
  await page.keyboard.press('Shift+S');

  const dialog = page.getByRole('dialog', { name: 'Sell Rex' });
  const price = dialog.getByLabel('Price', { exact: true });
  await expect(price).toBeFocused();
  await expect(price).toHaveValue('45.00');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('forty');
  await page.keyboard.press('Enter');
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(price).toBeFocused();
  expect(core.shownPet('local', '1')!.status).toBe('available'); // nothing sold
  await checkScreen(page, 'sell-dialog');

  await page.keyboard.press('Control+A');
  await page.keyboard.type('40');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Buyer’s name')).toBeFocused();
  await page.keyboard.type('Bea Buyer');
  await page.keyboard.press('Tab');
  await page.keyboard.type('07700 900123');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Rex sold for £40.00.')).toBeVisible();
  await expect(petRow(page, '1')).toContainText('sold');
  expect(core.listOrders('local').sales).toMatchObject([
    { petId: '1', priceMinor: 40_00, buyerName: 'Bea Buyer', buyerContact: '07700 900123', takenBackAt: null },
  ]);
  expect(await page.evaluate('document.activeElement === document.body')).toBe(false);

  await page.keyboard.press('Control+Z'); // the toast's Undo, from the keyboard
  await expect(petRow(page, '1')).toContainText('available');
  expect(core.listOrders('local').sales).toMatchObject([{ takenBackAt: expect.any(Number) }]);
});

test('the row menu offers Sell… with its key; Escape closes the dialog and sells nothing; S still sells at once', async ({
  app: { page, core },
}) => {
  core.addPet('local', { name: 'Tom', categoryId: '1', status: 'available', price: 12_00 });
  await reopen(page);
  await petRow(page, '1').getByRole('button', { name: 'Change Tom' }).focus();
  await page.keyboard.press('ArrowDown'); // opens the menu on its first item: Mark pending, Mark sold, Sell…
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const item = page.getByRole('menuitem', { name: /^Sell…/ });
  await expect(item).toBeFocused();
  await expect(item).toContainText('Shift+S');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Sell Tom' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(core.listOrders('local').sales).toEqual([]);

  await closeToasts(page);
  await petRow(page, '1').focus();
  await page.keyboard.press('s');
  await expect(petRow(page, '1')).toContainText('sold');
  expect(core.listOrders('local').sales).toMatchObject([{ priceMinor: 12_00, buyerName: null }]);
  await page.keyboard.press('Shift+S'); // sold already: no dialog, said so
  await expect(page.getByText('Tom is already sold.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
