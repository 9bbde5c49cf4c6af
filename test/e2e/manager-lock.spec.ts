// The manager's lock: the counter works on; a manager's tasks ask for the PIN, each once.
// The built renderer in Chromium over the real core.
import type { Page } from '@playwright/test';
import { test, expect } from './harness';
import { checkScreen, connectServer, row } from './ui-helpers';

const nameField = (page: Page) => page.getByLabel('Name', { exact: true });

test('the manager’s lock: the counter works on; switching, Settings’ saves and discarding ask for the PIN, each once', async ({
  app: { page, core },
}) => {
  const server = await connectServer(core, 'staging');
  try {
    await page.keyboard.press('Control+,');
    await page.getByLabel('PIN', { exact: true }).fill('2468');
    await page.getByRole('button', { name: 'Set PIN' }).click();
    await expect(page.getByText('The manager’s PIN is set.')).toBeVisible();
    await page.getByRole('button', { name: 'Animals' }).click();

    // Switching asks; a wrong PIN says so; the right one switches; the next switch asks again.
    await page.getByRole('radio', { name: 'Staging' }).click();
    const pin = page.getByRole('dialog', { name: 'Manager’s PIN' });
    await expect(pin).toContainText('Switching to Staging needs the manager’s PIN.');
    await expect(page.getByLabel('PIN', { exact: true })).toBeFocused();
    await checkScreen(page, 'manager-pin');
    await page.keyboard.type('1111');
    await page.keyboard.press('Enter');
    await expect(pin).toContainText(/That is not the manager.s PIN\./);
    await page.keyboard.type('2468');
    await page.keyboard.press('Enter');
    await expect(page.locator('.env-strip')).toHaveAttribute('data-environment', 'staging');
    await page.getByRole('radio', { name: 'Local' }).click();
    await expect(pin).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('.env-strip')).toHaveAttribute('data-environment', 'staging');
    await expect(page.getByRole('radio', { name: 'Staging' })).toBeChecked();

    // The counter's work needs no PIN: adding (it waits, the server being down) and changing.
    server.proxy.setMode('reset');
    await page.keyboard.press('Control+n');
    await expect(nameField(page)).toBeFocused();
    await page.keyboard.type('Waiting Wally');
    await page.keyboard.press('Tab');
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    await expect(row(page, 'Waiting Wally')).toContainText('Waiting to sync');
    // Discarding what waits asks for the PIN.
    await row(page, 'Waiting Wally').click();
    await page.keyboard.press('Delete');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Discard/ })
      .click();
    await expect(pin).toContainText('Discarding what waits to be sent to Staging needs the manager’s PIN.');
    await page.keyboard.type('2468');
    await page.keyboard.press('Enter');
    await expect(row(page, 'Waiting Wally')).toHaveCount(0);

    // Settings show without it; each save asks for it for that one task, and main locks again after it.
    await page.keyboard.press('Control+,');
    await expect(page.getByRole('heading', { name: 'Safety' })).toBeVisible();
    const staging = page.getByRole('region', { name: 'Staging server' });
    await expect(staging.getByLabel('Address')).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/v1$/); // the stored one, shown
    await staging.getByLabel('Address').fill('http://127.0.0.1:9/v1');
    await staging.getByRole('button', { name: 'Save address' }).click();
    await expect(pin).toContainText('Changing Staging’s address needs the manager’s PIN.');
    await page.keyboard.type('2468');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Staging address saved.')).toBeVisible();
    expect((await core.environmentSettings('staging')).baseUrl).toBe('http://127.0.0.1:9/v1');
    expect(core.managerLock().unlocked).toBe(false);
    // Given up (Escape): not saved, and the field says why.
    await staging.getByRole('button', { name: 'Clear key' }).click();
    await expect(pin).toContainText('Removing Staging’s key needs the manager’s PIN.');
    await page.keyboard.press('Escape');
    await expect(staging.getByText('Not done: it needs the manager’s PIN.')).toBeVisible();
    expect((await core.environmentSettings('staging')).key.set).toBe(true);
    await page.getByRole('button', { name: 'Animals' }).click();
    expect(core.managerLock().unlocked).toBe(false);
  } finally {
    await server.close();
  }
});
