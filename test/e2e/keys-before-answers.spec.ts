// Keys pressed on a row before main has answered the one before: each acts on the animal as its row
// shows it (the change on its way included), and is sent after it, under the revision it made, so
// the person's own change is never taken for someone else's. The built renderer in Chromium over
// the real core.
import type { Page } from '@playwright/test';
import { expect, test } from './harness';
import { reopen } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

const petRow = (page: Page, id: string) => page.locator(`tr[data-pet-id="${id}"]`);

test('Shift+S straight after S, before main has answered, says the animal is sold and opens no sale', async ({
  app: { page, core },
}) => {
  core.addPet('local', { name: 'Tom', categoryId: '1', status: 'available', price: 12_00 });
  await reopen(page);
  await petRow(page, '1').focus();
  await page.keyboard.press('s');
  await page.keyboard.press('Shift+S'); // the row already shows sold: so does the key
  await expect(page.getByText('Tom is already sold.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(core.listOrders('local').sales).toHaveLength(1);
});

test('E straight after S, before main has answered: the correction shows the animal sold, and saving it keeps the sale', async ({
  app: { page, core },
}) => {
  core.addPet('local', { name: 'Bela', categoryId: '1', status: 'available', price: 12_00 });
  await reopen(page);
  await petRow(page, '1').focus();
  await page.keyboard.press('s');
  await page.keyboard.press('e');
  const dialog = page.getByRole('dialog', { name: /Correct Bela/ });
  await expect(dialog.getByLabel('Status', { exact: true })).toHaveValue('sold');
  await dialog.getByLabel('Name', { exact: true }).fill('Bella');
  await dialog.getByLabel('Name', { exact: true }).press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(petRow(page, '1')).toContainText('Bella');
  expect(core.shownPet('local', '1')).toMatchObject({ name: 'Bella', status: 'sold' });
  expect(core.listOrders('local').sales).toHaveLength(1);
});

test('S then P at once: the animal ends pending, each change in its history, none refused as made elsewhere', async ({
  app: { page, core },
}) => {
  core.addPet('local', { name: 'Rex', categoryId: '1', status: 'available' });
  await reopen(page);
  await petRow(page, '1').focus();
  await page.keyboard.press('s');
  await page.keyboard.press('p');
  await expect(page.getByText('Rex marked pending.')).toBeVisible();
  await expect(petRow(page, '1')).toContainText('pending');
  await expect(page.getByText(/changed elsewhere/)).toHaveCount(0);
  expect(core.shownPet('local', '1')).toMatchObject({ status: 'pending', revision: 3 });
  const statuses = core
    .petHistory('local', '1', {})
    .entries.flatMap((entry) => entry.changes.filter((change) => change.field === 'status').map((change) => change.to));
  expect(statuses).toEqual(['pending', 'sold', 'available']);
});
