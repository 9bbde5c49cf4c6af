// An animal's photo on a server's environment, in the window: the server's photos in the list once
// a sync has brought them; one dropped on a staging animal shown at once, waiting, then on the
// server; a photo set on both sides shown side by side in the conflict dialog. The built renderer
// in Chromium over the real core; our service on 127.0.0.1.
import type { Locator, Page } from '@playwright/test';
import { createPetPhotos } from '../../src/main/database/pet-photos';
import { preparePhoto } from '../../src/main/photos/prepare-photo';
import { startService, TEST_API_KEY } from '../helpers/http-service';
import { expect, test } from './harness';
import { drop, jpegOf } from './photo-helpers';
import { checkScreen, closeToasts, row, useCleanups, workIn } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 900 } });
const cleanups = useCleanups();

async function showPhotoColumn(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Columns/ }).click();
  await page.getByRole('checkbox', { name: 'Photo' }).check();
  await page.keyboard.press('Escape');
}

async function openCorrection(page: Page, name: string): Promise<Locator> {
  await row(page, name).focus();
  await page.keyboard.press('e');
  const dialog = page.getByRole('dialog', { name: new RegExp(`Correct ${name}`) });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("a server's photos in the list; one dropped here shown at once, then on the server", async ({
  app: { page, core },
}) => {
  const service = await startService();
  cleanups.push(() => service.close());
  const photos = createPetPhotos(service.db);
  const rex = service.store.createPet({ name: 'Rex', categoryId: '3', status: 'available' });
  service.store.createPet({ name: 'Bella', categoryId: '3', status: 'available' });
  photos.setPhoto(rex.id, await preparePhoto(await jpegOf([60, 130, 200])), '*'); // another counter's
  await core.setBaseUrl('staging', `${service.baseUrl}/v1`);
  await core.setKey('staging', TEST_API_KEY);
  await workIn(page, core, 'staging');
  await page.keyboard.press('F5');
  await showPhotoColumn(page);
  const rexThumbnail = row(page, 'Rex').getByRole('img', { name: 'Photo of Rex' });
  await expect(rexThumbnail).toBeVisible();
  await expect(row(page, 'Bella').locator('td.detail-photo')).toBeEmpty();

  const dialog = await openCorrection(page, 'Bella');
  await drop(page, dialog, 'bella.jpg', await jpegOf([200, 120, 60]), 'image/jpeg');
  await expect(dialog.getByRole('img', { name: 'Photo of Bella' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row(page, 'Bella').getByRole('img', { name: 'Photo of Bella' })).toBeVisible();
  const bella = service.store.listPets().find((pet) => pet.name === 'Bella')!;
  await expect.poll(() => service.store.getPet(bella.id).photo).toMatch(/^[0-9a-f]{64}$/);
  await expect(row(page, 'Bella').getByRole('img', { name: 'Photo of Bella' })).toBeVisible();
  await closeToasts(page);
  await checkScreen(page, 'photos-on-a-server');
});

test('a photo set on both sides: the conflict dialog shows theirs and yours', async ({ app: { page, core } }) => {
  const service = await startService();
  cleanups.push(() => service.close());
  const rex = service.store.createPet({ name: 'Rex', categoryId: '3', status: 'available' });
  await core.setBaseUrl('staging', `${service.baseUrl}/v1`);
  await core.setKey('staging', TEST_API_KEY);
  await workIn(page, core, 'staging');
  await page.keyboard.press('F5');
  await expect(row(page, 'Rex')).toBeVisible();
  // Another counter sets its photo first; this one's is set here (a sync not yet run).
  createPetPhotos(service.db).setPhoto(rex.id, await preparePhoto(await jpegOf([60, 160, 80])), '*');
  await core.setPhotoFromBytes('staging', rex.id, await jpegOf([210, 80, 80]));
  await page.keyboard.press('F5');
  await expect(row(page, 'Rex')).toContainText('Conflict', { timeout: 15_000 });
  await page.keyboard.press('F5'); // the next pass brings their photo here
  await row(page, 'Rex').getByRole('button', { name: 'Choose…' }).click();
  const dialog = page.getByRole('dialog', { name: /was changed by someone else first/ });
  await expect(dialog).toBeVisible();
  const photoRow = dialog.getByRole('row', { name: /Photo/ });
  await expect(photoRow.getByText('changed by both')).toBeVisible();
  await expect(photoRow.getByRole('img', { name: 'Photo of Rex (theirs)' })).toBeVisible();
  await expect(photoRow.getByRole('img', { name: 'Photo of Rex (yours)' })).toBeVisible();
  await checkScreen(page, 'conflict-photos');
  const theirs = service.store.getPet(rex.id).photo;
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect.poll(() => service.store.getPet(rex.id).photo).not.toBe(theirs);
});
