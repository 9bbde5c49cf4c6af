// An animal's details at the counter: the currency a manager sets, the forms from the declaration,
// the list's columns and filters, and find by breed or microchip. The built renderer in Chromium
// over the real core.
import type { Page } from '@playwright/test';
import { expect, test } from './harness';
import { checkScreen, closeToasts } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 900 } });

const openSettings = async (page: Page) => {
  await page.keyboard.press('Control+,');
  await expect(page.getByRole('heading', { name: 'Prices' })).toBeVisible();
};

test('a manager sets each environment’s currency in Settings, with the PIN', async ({ app: { page, core } }) => {
  await core.setManagerPin('2468');
  await openSettings(page);
  const local = page.getByLabel('Local store currency');
  await expect(local).toHaveValue(/^[A-Z]{3}$/);
  await local.fill('pounds');
  await local.press('Enter');
  await expect(page.locator('#currency-local-note')).toHaveText(/^Currency must be an ISO 4217 currency code/);
  await local.fill('gbp');
  await expect(page.locator('#currency-local-note')).toHaveText(/^British Pound, as in £12\.50$/);
  await local.press('Enter');
  const pin = page.getByRole('dialog', { name: 'Manager’s PIN' });
  await expect(pin).toContainText('Changing the currency of Local store’s prices needs the manager’s PIN.');
  await page.keyboard.type('2468');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Local store prices are now shown in GBP.')).toBeVisible();
  expect(core.currency('local')).toBe('GBP');
  await expect(local).toHaveValue('GBP');
  await closeToasts(page);
  await page.locator('.currency-settings').scrollIntoViewIfNeeded();
  await checkScreen(page, 'settings-currency');
});
