// An animal's history on a server's environment, in the window: this counter's changes with those
// the server recorded from elsewhere, each marked where it was made, a change made here shown once;
// the server out of reach, this computer's history and why. The built renderer in Chromium over the
// real core; our service on 127.0.0.1, and another client of it as another counter.
import { anotherCounter } from '../helpers/another-counter';
import { startService, TEST_API_KEY } from '../helpers/http-service';
import { expect, test } from './harness';
import { checkScreen, closeToasts, row, useCleanups, workIn } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 800 } });
const cleanups = useCleanups();

test("H shows the server's changes made elsewhere with this counter's, one list; offline, this computer's and why", async ({
  app: { page, core },
}) => {
  const service = await startService();
  cleanups.push(() => service.close());
  const rex = service.store.createPet({ name: 'Rex', categoryId: '3', status: 'available' });
  await core.setBaseUrl('staging', `${service.baseUrl}/v1`);
  await core.setKey('staging', TEST_API_KEY);
  await workIn(page, core, 'staging');
  await page.keyboard.press('F5');
  await row(page, 'Rex').focus();
  await page.keyboard.press('p'); // pending, from this counter
  await expect.poll(() => service.store.getPet(rex.id).status).toBe('pending');
  await expect(row(page, 'Rex')).not.toContainText('waiting');

  await anotherCounter(service)(rex.id, { name: '<b>Rex</b> the Second' }, { by: 'Zoë', at: Date.now() });

  await row(page, 'Rex').focus();
  await page.keyboard.press('h');
  const dialog = page.getByRole('dialog', { name: `History of Rex number ${rex.id}` });
  await expect(dialog.getByText('3 changes shown, newest first.')).toBeVisible();
  const entries = dialog.locator('.history-entry');
  await expect(entries.locator('.history-who')).toHaveText([
    'Zoë, on the server',
    'This counter',
    'Someone, on the server',
  ]);
  // The server's text is shown as text.
  await expect(entries.nth(0).locator('.history-changes li')).toHaveText(['Name: Rex → to <b>Rex</b> the Second']);
  await expect(entries.nth(1).locator('.history-changes li')).toHaveText(['Status: available → to pending']);
  await expect(entries.nth(2)).toHaveAttribute('data-action', 'added');
  await expect(dialog.locator('.history-server-note')).toHaveCount(0);
  await closeToasts(page);
  await checkScreen(page, 'animal-history-with-server');
  await page.keyboard.press('Escape');

  await service.close();
  await row(page, 'Rex').focus();
  await page.keyboard.press('h');
  await expect(dialog.locator('.history-server-note')).toHaveText(
    "The server's history could not be read (it could not be reached): only the changes this computer knows are shown.",
  );
  // What this computer knows: its own change, and what it saw of the server's list (no names).
  await expect(entries).toHaveCount(core.petHistory('staging', rex.id).entries.length);
  await expect(entries.locator('.history-who').filter({ hasText: 'This counter' })).toHaveCount(1);
  await expect(entries.locator('.history-who').filter({ hasText: 'Zoë' })).toHaveCount(0);
});
