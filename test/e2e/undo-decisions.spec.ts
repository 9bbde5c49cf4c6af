// Undo of a person's decisions on what waits for a server, in the window: a discard and a conflict
// decided are taken back with Ctrl+Z or their toast's Undo, and what comes back is sent once.
// The built renderer in Chromium over a real core, our service on 127.0.0.1 as staging.
import { expect, test } from './harness';
import { addByKeyboard, connectServer, row, workIn } from './ui-helpers';

test('a discarded add comes back with Ctrl+Z, still refused, and waits for a person as before', async ({
  app: { page, core },
}) => {
  const staging = await connectServer(core, 'staging');
  try {
    staging.proxy.rejectPostsWith('not at this shop');
    await workIn(page, core, 'staging');
    await addByKeyboard(page, 'Bad Dog', '1');
    await page.keyboard.press('F5');
    await expect(page.getByTestId('refused-count')).toHaveText('1 refused', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Discard Bad Dog' }).click();
    await page.getByRole('dialog', { name: 'Discard Bad Dog?' }).getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByText('Bad Dog discarded.')).toBeVisible();
    await expect(row(page, 'Bad Dog')).toHaveCount(0);

    await page.locator('body').press('Control+z');
    await expect(page.getByText('Undone: Bad Dog is back, waiting to be sent.')).toBeVisible();
    await expect(page.getByTestId('refused-count')).toHaveText('1 refused');
    await expect(page.getByRole('button', { name: 'Fix and resend Bad Dog' })).toBeVisible();
    expect(core.outboxEntries('staging').map(({ name, state }) => `${name}:${state}`)).toEqual(['Bad Dog:refused']);
  } finally {
    await staging.close();
  }
});

test('keeping theirs in a conflict is taken back from its toast: the conflict waits again, then mine is kept', async ({
  app: { page, core },
}) => {
  const staging = await connectServer(core, 'staging');
  try {
    const rex = staging.service.store.createPet({ name: 'Shared Rex', categoryId: '2', status: 'available' });
    await workIn(page, core, 'staging');
    const rexRow = page.locator(`tr[data-pet-id="${rex.id}"]`);
    await expect(rexRow).toBeVisible({ timeout: 15_000 });
    staging.service.store.changePet(rex.id, { status: 'pending' }, '*'); // another counter, first
    await rexRow.focus();
    await page.keyboard.press('s');
    const choose = rexRow.getByRole('button', { name: 'Choose…' });
    await choose.click({ timeout: 15_000 });
    const dialog = page.getByRole('dialog', { name: /was changed by someone else first/ });
    await dialog.getByRole('button', { name: 'Keep theirs' }).click();
    await expect(page.getByTestId('conflict-count')).toHaveCount(0);

    await page
      .locator('[data-sonner-toast]', { hasText: 'Kept what Staging has; your change was dropped.' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect(page.getByText('Undone: The change of Shared Rex waits for your choice again.')).toBeVisible();
    await expect(page.getByTestId('conflict-count')).toContainText('1 conflict');
    await choose.click();
    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(() => staging.service.store.getPet(rex.id).status, { timeout: 15_000 }).toBe('sold');
  } finally {
    await staging.close();
  }
});
