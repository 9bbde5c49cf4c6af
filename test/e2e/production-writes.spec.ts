// Main alone decides a write: one meant for production is asked in main's own question (here
// answered by the harness), one for an environment no longer active is refused. Whatever the
// window wrote, a no or a refusal loses nothing the person typed and says so in words.
import type { Page } from '@playwright/test';
import { expect, test } from './harness';
import { connectServer, reopen, restartInProduction, row } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

const NOT_CONFIRMED = 'Production was not confirmed, so nothing was sent.';

async function addByKeyboard(page: Page, name: string, category: string): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Category', { exact: true }).fill(category);
  await page.getByLabel('Category', { exact: true }).press('Enter');
}

test('every write the window makes to production is asked by main alone; a no changes nothing and says so', async ({
  app: { page, core, main },
}) => {
  const server = await connectServer(core, 'production');
  try {
    const max = server.service.store.createPet({ name: 'Max', categoryId: '5', status: 'available' });
    await restartInProduction(page, core);
    await expect(page.locator(`tr[data-pet-id="${max.id}"]`)).toBeVisible({ timeout: 15_000 });
    main.productionAnswer = false;
    const asked = () => main.productionQuestions.at(-1)?.message;

    // A look-alike, added anyway: main's question, answered no; the animal is back in the form.
    await addByKeyboard(page, 'Max', '5');
    const lookAlike = page.getByRole('group', { name: /^Max/ });
    await lookAlike.getByRole('button', { name: 'Add anyway' }).click();
    await expect(page.getByText(`Not added: ${NOT_CONFIRMED}`)).toBeVisible();
    expect(asked()).toBe('Add Max (category 5) to PRODUCTION?');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Max');
    await page.getByLabel('Name', { exact: true }).fill('');

    // An import: the preview stays, and says nothing was imported.
    main.fileToOpen = { name: 'new.csv', bytes: Buffer.from('name,category\nBella,5\nBello,5\n', 'utf8') };
    await page.keyboard.press('Control+o');
    const preview = page.getByRole('dialog', { name: /Import new\.csv to Production/ });
    await preview.getByRole('button', { name: 'Import 2 animals' }).click();
    await expect(preview.getByRole('alert')).toHaveText(`Nothing was imported: ${NOT_CONFIRMED}`);
    expect(asked()).toBe('Add 2 animals from new.csv to PRODUCTION?');
    await preview.getByRole('button', { name: 'Cancel' }).click();

    // A refused animal, fixed and resent: the dialog keeps the fix.
    main.productionAnswer = true;
    server.proxy.rejectPostsWith('not at this shop');
    await addByKeyboard(page, 'Bad Dog', '5');
    await page.keyboard.press('F5');
    await expect(page.getByTestId('rejected-count')).toHaveText('1 rejected', { timeout: 15_000 });
    server.proxy.rejectPostsWith(null);
    main.productionAnswer = false;
    await page.getByRole('button', { name: 'Fix and resend Bad Dog' }).click();
    const fix = page.getByRole('dialog', { name: 'Fix and resend' });
    await fix.getByLabel('Name', { exact: true }).fill('Good Dog');
    await fix.getByRole('button', { name: 'Resend' }).click();
    await expect(fix.getByText(`Bad Dog was not sent again: ${NOT_CONFIRMED}`)).toBeVisible();
    expect(asked()).toBe('Send Good Dog (category 5) to PRODUCTION again?');
    await expect(fix.getByLabel('Name', { exact: true })).toHaveValue('Good Dog');
    await fix.getByRole('button', { name: 'Cancel' }).click();

    // Keeping mine in a conflict: nothing overwritten, the conflict waits.
    main.productionAnswer = true;
    server.service.store.updatePet(max.id, { status: 'pending' }, '*');
    await page.locator(`tr[data-pet-id="${max.id}"]`).focus();
    await page.keyboard.press('s');
    await expect(page.getByTestId('conflict-count')).toContainText('1 conflict', { timeout: 15_000 });
    main.productionAnswer = false;
    await page.locator(`tr[data-pet-id="${max.id}"]`).getByRole('button', { name: 'Choose…' }).click();
    await page.getByRole('button', { name: 'Keep mine' }).click();
    await expect(page.getByText(`Your change was not sent: ${NOT_CONFIRMED}`)).toBeVisible();
    expect(asked()).toBe('Over another counter’s change: Mark Max (category 5) sold in PRODUCTION?');
    await expect(page.getByTestId('conflict-count')).toContainText('1 conflict');
    expect(server.service.store.getPet(max.id).status).toBe('pending');
    expect(server.service.store.listPets().map((pet) => pet.name)).toEqual(['Max']);
  } finally {
    await server.close();
  }
});

test('an add meant for Staging that main answers after a switch to Local waits beside the form, named; nothing is added', async ({
  app: { page, core, main },
}) => {
  const server = await connectServer(core, 'staging');
  try {
    core.setActiveEnvironment('staging');
    await reopen(page);
    const release = main.holdAnswers('addPet');
    await addByKeyboard(page, 'Late Larry', '4');
    await page.keyboard.press('Control+1');
    await expect(page.locator('.env-strip')).toHaveAttribute('data-environment', 'local');
    release();
    const waiting = page.getByRole('group', { name: /^Late Larry/ });
    await expect(waiting).toContainText(
      'Late Larry (category 4) was not added: the app is working in Local store now, so nothing was done in Staging.',
    );
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(''); // the Local form is not given it unasked
    expect(core.animals('local').total).toBe(0);
    expect(core.outboxEntries('staging')).toEqual([]);
    await waiting.getByRole('button', { name: 'Put it back in the form' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Late Larry');
    await expect(row(page, 'Late Larry')).toHaveCount(0);
  } finally {
    await server.close();
  }
});
