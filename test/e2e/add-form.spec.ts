// The add form's defaults, which keep animals findable, and a look-alike that waits under the form
// for a person's word. The built renderer in Chromium over the real core.
import type { Page } from '@playwright/test';
import { test, expect } from './harness';
import { checkScreen, connectServer, reopen, row, workIn } from './ui-helpers';

const nameField = (page: Page) => page.getByLabel('Name', { exact: true });
const categoryField = (page: Page) => page.getByLabel('Category', { exact: true });

test('the add form starts at Available with the last category; a look-alike waits under the form until “Add anyway”', async ({
  app: { page, core },
}) => {
  await expect(page.locator('#add-status')).toHaveValue('available');
  await expect(page.locator('#add-status').locator('option:checked')).toHaveText('Available');
  await page.keyboard.press('Control+n');
  await expect(nameField(page)).toBeFocused();
  await page.keyboard.type('Rex');
  await page.keyboard.press('Tab');
  await page.keyboard.type('5');
  await page.keyboard.press('Enter');
  await expect(row(page, 'Rex')).toContainText('available');
  // Ready for the next: the name empty and focused, the category kept, Available again.
  await expect(nameField(page)).toBeFocused();
  await expect(categoryField(page)).toHaveValue('5');
  await expect(page.locator('#add-status')).toHaveValue('available');
  await reopen(page); // a restart: the category is still the last one
  await expect(categoryField(page)).toHaveValue('5');

  // The same name (as search reads it) and category: not added, and waiting under the form for the
  // person, who goes on typing meanwhile; only "Add anyway" adds it.
  await page.keyboard.press('Control+n');
  await expect(nameField(page)).toBeFocused();
  await page.keyboard.type('rex ');
  await page.keyboard.press('Enter');
  const asked = page.getByRole('group', { name: /^rex/ });
  await expect(asked).toContainText(/already listed as number \d+ in Local store/);
  await expect(nameField(page)).toBeFocused();
  await checkScreen(page, 'look-alike');
  await page.keyboard.press('Enter'); // a stray Enter goes to the empty form, which sends nothing
  await expect(page.locator('#add-name-error')).toHaveText('name must not be empty');
  await asked.getByRole('button', { name: 'Add anyway' }).click();
  await expect(page.getByRole('row').filter({ hasText: /rex/i })).toHaveCount(2);
  await expect(asked).toHaveCount(0);
  await expect(nameField(page)).toBeFocused();
  // "Don't add", from the keyboard, leaves it out.
  await page.keyboard.type('REX');
  await page.keyboard.press('Enter');
  const again = page.getByRole('group', { name: /^REX/ });
  await again.getByRole('button', { name: 'Don’t add' }).focus();
  await page.keyboard.press('Enter');
  await expect(again).toHaveCount(0);
  await expect(nameField(page)).toBeFocused();
  await expect(page.getByRole('row').filter({ hasText: /rex/i })).toHaveCount(2);
  expect(core.animals('local').total).toBe(2);

  // "No status" is a choice a person makes, and says what it means.
  await page.locator('#add-status').selectOption('');
  await expect(page.locator('#add-status').locator('option:checked')).toHaveText(/No status \(matches no filter\)/);
});

test('notes: several lines in the add form and the correction; a server’s form has them too, said kept here', async ({
  app: { page, core },
}) => {
  const notes = page.getByLabel('Notes', { exact: true });
  await page.keyboard.press('Control+n');
  await page.keyboard.type('Rex');
  await page.keyboard.press('Tab');
  await page.keyboard.type('5');
  // Notes are under More details, after the status, the price, the sex and the birth date.
  for (let tab = 0; tab < 5; tab++) await page.keyboard.press('Tab');
  await expect(page.locator('.add-form summary')).toBeFocused();
  await page.keyboard.press('Enter');
  await notes.focus();
  await page.keyboard.type('Bites.');
  await page.keyboard.press('Enter'); // a new line, not an add
  await page.keyboard.type('Feed at 8.');
  await expect(notes).toHaveValue('Bites.\nFeed at 8.');
  await page.keyboard.press('Control+Enter');
  await expect(row(page, 'Rex')).toBeVisible();
  await expect(notes).toHaveValue('');
  await expect(nameField(page)).toBeFocused();
  expect(await core.getPet('local', '1')).toMatchObject({ notes: 'Bites.\nFeed at 8.' });

  // The correction shows them; emptied, they are removed.
  await row(page, 'Rex').click();
  await page.keyboard.press('e');
  const dialog = page.getByRole('dialog', { name: /Correct Rex/ });
  await expect(dialog.getByLabel('Notes', { exact: true })).toHaveValue('Bites.\nFeed at 8.');
  await dialog.getByLabel('Notes', { exact: true }).fill('Calm\tnow');
  await expect(dialog.getByText('notes must not contain control characters such as tabs')).toBeVisible();
  await dialog.getByLabel('Notes', { exact: true }).fill('');
  await dialog.getByLabel('Notes', { exact: true }).press('Control+Enter');
  await expect(dialog).toHaveCount(0);
  expect(await core.getPet('local', '1')).not.toHaveProperty('notes');

  // A server's form has them too; one that has not said it takes details has them kept here.
  const server = await connectServer(core, 'staging');
  try {
    await workIn(page, core, 'staging');
    await expect(nameField(page)).toBeVisible();
    await expect(notes).toHaveCount(1);
  } finally {
    await server.close();
  }
});
