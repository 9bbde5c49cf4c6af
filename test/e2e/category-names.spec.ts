// Category names: given in Settings, shown in the list and the form, named in main's questions.
// The built renderer in Chromium over the real core.
import type { Page } from '@playwright/test';
import { test, expect } from './harness';
import { checkScreen, connectServer, row } from './ui-helpers';

const nameField = (page: Page) => page.getByLabel('Name', { exact: true });
// In Settings, the Name of the category names' own form: Settings has others (a staff member's).
const categoryNameField = (page: Page) =>
  page.getByRole('region', { name: 'Category names' }).getByLabel('Name', { exact: true });

test('category names: given in Settings, shown in the list beside the id, picked by name in the form, named in main’s production questions', async ({
  app: { page, core, main },
}) => {
  const server = await connectServer(core, 'production');
  try {
    core.addPet('local', { name: 'Tom', categoryId: '9223372036854775807', status: 'available' });
    await page.keyboard.press('Control+,');
    await page.getByLabel('Environment', { exact: true }).selectOption('local');
    await page.getByLabel('Category id').fill('9223372036854775807');
    await categoryNameField(page).fill('Cats');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('row', { name: /9223372036854775807 Cats/ })).toBeVisible();
    await page.getByLabel('Category id').fill('5');
    await categoryNameField(page).fill('cats');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toContainText('"cats" already names category 9223372036854775807');
    await categoryNameField(page).fill('Dogs');
    await page.keyboard.press('Enter');
    await checkScreen(page, 'category-names');
    await page.getByRole('button', { name: 'Animals' }).click();
    await expect(row(page, 'Tom')).toContainText('Cats 9223372036854775807');

    // Picked by name: the form shows the id it stands for, and adds under it.
    await page.keyboard.press('Control+n');
    await expect(nameField(page)).toBeFocused();
    await page.keyboard.type('Bello');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('dogs');
    await expect(page.locator('#add-categoryId-error')).toHaveText('id 5');
    await page.keyboard.press('Enter');
    await expect(row(page, 'Bello')).toContainText('Dogs 5');
    await page.keyboard.type('Nemo');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Fish');
    await expect(page.locator('#add-categoryId-error')).toHaveText(/No category is named "Fish" here/);

    // Main's production question names the category (names are per environment: here, none yet).
    await core.setActiveEnvironment('production');
    await expect(page.locator('.env-strip')).toHaveAttribute('data-environment', 'production');
    await core.nameCategory('production', { categoryId: '5', name: 'Hunde' });
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Animals' }).click(); // names are read again on the way
    main.productionAnswer = false;
    await page.keyboard.press('Control+n');
    await expect(nameField(page)).toBeFocused();
    await page.keyboard.type('Live Bello');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Not added: Production was not confirmed')).toBeVisible();
    expect(main.productionQuestions.at(-1)).toMatchObject({ message: 'Add Live Bello (Hunde (5)) to PRODUCTION?' });

    // A status key and a correction in production name the category too, and say what changes.
    const live = server.service.store.createPet({ name: 'Live Rex', categoryId: '5', status: 'available' });
    await page.keyboard.press('Control+r');
    const liveRow = page.locator(`tr[data-pet-id="${live.id}"]`);
    await expect(liveRow).toContainText('Hunde 5', { timeout: 15_000 });
    await liveRow.focus();
    await page.keyboard.press('s');
    await expect(page.getByText('Live Rex was not changed')).toBeVisible();
    expect(main.productionQuestions.at(-1)).toEqual({
      message: 'Mark Live Rex (Hunde (5)) sold in PRODUCTION?',
      detail: "The live shop's server will show Live Rex (Hunde (5)) as sold.",
      confirmLabel: 'Mark sold',
      animal: { environment: 'production', petId: live.id },
    });
    await liveRow.focus();
    await page.keyboard.press('e');
    const correcting = page.getByRole('dialog', { name: /Correct Live Rex/ });
    await correcting.getByLabel('Category', { exact: true }).fill('7');
    await correcting.getByLabel('Status', { exact: true }).selectOption('pending');
    await correcting.getByLabel('Category', { exact: true }).press('Enter');
    await expect(correcting.getByRole('alert')).toContainText('Live Rex was not changed');
    expect(main.productionQuestions.at(-1)).toMatchObject({
      message: 'Change Live Rex (Hunde (5)) in PRODUCTION?',
      detail: 'Category: Hunde (5) → category 7\nStatus: available → pending',
    });
    await page.keyboard.press('Escape');
    expect(server.service.store.getPet(live.id)).toMatchObject({ categoryId: '5', status: 'available' });
  } finally {
    await server.close();
  }
});
