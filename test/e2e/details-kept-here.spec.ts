// A server without the details extension: the window says its details stay on this computer, the
// form says so under them, each such animal's row is marked, and once the server takes them the
// sync bar offers to send them. The
// built renderer in Chromium over the real core; our service behind a server of the interface alone.
import { startService } from '../helpers/http-service';
import { TEST_API_KEY } from '../helpers/http-service';
import { startSeedOnlyProxy } from '../helpers/seed-only-proxy';
import { expect, test } from './harness';
import { checkScreen, closeToasts, row, useCleanups, workIn } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 900 } });
const cleanups = useCleanups();

test('details kept here are said where they are typed, in the sync bar and on their rows, then sent once the server takes them', async ({
  app: { page, core },
}) => {
  const service = await startService();
  const seedOnly = await startSeedOnlyProxy(service.port);
  cleanups.push(
    () => seedOnly.close(),
    () => service.close(),
  );
  await core.setBaseUrl('staging', seedOnly.baseUrl);
  await core.setKey('staging', TEST_API_KEY);
  await workIn(page, core, 'staging');
  await page.keyboard.press('F5'); // sync now: the server says it has no extensions
  const bar = page.getByTestId('details-kept-here');
  await expect(bar).toHaveText('Details kept on this computer only: this server does not take them');

  await page.getByLabel('Name', { exact: true }).fill('Biscuit');
  await page.getByLabel('Category', { exact: true }).fill('1');
  await page.getByLabel('Price', { exact: true }).fill('12.50');
  await page.getByText('More details').click();
  await expect(page.getByTestId('details-here-note').first()).toContainText('kept on this computer only');
  await page.getByLabel('Breed', { exact: true }).fill('Beagle');
  await page.getByRole('button', { name: 'Add to Staging' }).click();
  await expect(row(page, 'Biscuit')).toBeVisible();
  await expect.poll(() => service.store.listPets().map((pet) => pet.name)).toEqual(['Biscuit']);
  expect(service.store.listPets()[0]!.breed).toBeUndefined();
  expect(seedOnly.refusedForDetails).toBe(0);
  await expect(bar).toHaveText('Details kept on this computer only (1): this server does not take them');
  // The row says it too, in words a screen reader reads (the mark's short text is hidden from it).
  const keptMark = row(page, 'Biscuit').locator('.row-mark.kept-here');
  await expect(keptMark).toBeVisible();
  await expect(keptMark).toHaveAttribute('title', 'Details kept on this computer only');
  await expect(row(page, 'Biscuit').getByText('Details kept on this computer only', { exact: true })).toHaveCount(1);
  await expect(keptMark.locator('[aria-hidden="true"]')).toHaveText('Details here');
  await closeToasts(page);
  await checkScreen(page, 'details-kept-here');

  seedOnly.gainDetails();
  await page.keyboard.press('F5');
  await expect(bar).toHaveText('Details of one animal kept here onlySend them to Staging');
  await closeToasts(page);
  await checkScreen(page, 'details-upload-offered');
  await bar.getByRole('button', { name: 'Send them to Staging' }).click();
  await expect(page.getByText('Sending one animal’s details to Staging.')).toBeVisible();
  await expect.poll(() => service.store.listPets()[0]?.breed).toBe('Beagle');
  expect(service.store.listPets()[0]!.price).toBe(1250);
  await expect(bar).toHaveCount(0);
  await expect(keptMark).toHaveCount(0);
});
