// Settings > Backups in the window: how each store's backups stand, a backup made when asked, a
// restore previewed and confirmed (it runs as the app opens again), and the window-wide warning
// when a backup failed. The built renderer in Chromium over the real core and real files.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './harness';
import { checkScreen, closeToasts } from './ui-helpers';

const backups = (page: Page) => page.getByRole('region', { name: 'Backups' });
const local = (page: Page) => backups(page).locator('[data-environment="local"]');

test('backs up when asked, lists the backups kept, and restores one at the next start after saying what would be lost', async ({
  app: { page, core, dataDir },
}) => {
  await core.addPet('local', { name: 'Rex', categoryId: '1' });
  await page.keyboard.press('Control+,');
  await expect(local(page)).toContainText('No backup yet.');
  await local(page).getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText('Local store backed up and checked.')).toBeVisible();
  await expect(local(page)).toContainText('Last good backup');
  await expect(local(page).getByText('1 backup kept')).toBeVisible();
  await core.addPet('local', { name: 'Max', categoryId: '1' });
  await local(page).getByText('1 backup kept').click();
  await closeToasts(page);
  await checkScreen(page, 'backups');

  await local(page).getByRole('button', { name: 'Restore…' }).click();
  const dialog = page.getByRole('dialog', { name: /Restore Local store from the backup of/ });
  await expect(dialog).toContainText('The backup holds 1 animal and 0 changes not yet sent to the server.');
  await expect(dialog).toContainText('Lost from the current file:');
  await expect(dialog.getByRole('listitem')).toHaveText(['1 animal the backup lacks (2)']);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused(); // Enter does not restore
  await dialog.getByRole('button', { name: 'Restore and restart' }).click();
  await expect(page.getByText('The backup is restored when Petstore Desk next starts.')).toBeVisible();
  const pending = JSON.parse(readFileSync(join(dataDir, 'restore-pending.json'), 'utf8')) as { environment: string };
  expect(pending.environment).toBe('local');
  expect((await core.listPets('local', {})).pets).toHaveLength(2); // nothing changes before the restart
});

test('a backup that failed is told across the window, with the way to Settings > Backups', async ({
  app: { page, core, dataDir },
}) => {
  const usb = join(dataDir, 'usb');
  core.setBackupFolder(usb);
  // The disk is gone: a file stands where its folder was.
  rmSync(usb, { recursive: true });
  writeFileSync(usb, '');
  await expect(page.locator('.backup-banner')).toHaveCount(0);
  await expect(core.backUpNow('local')).rejects.toThrow();
  const banner = page.locator('.backup-banner');
  await expect(banner).toContainText('Local store: The last backup failed:');
  await banner.getByRole('button', { name: 'Backup settings' }).click();
  await expect(backups(page)).toBeFocused();
  await expect(local(page).getByRole('alert')).toContainText(`The backup folder ${usb} is a file, not a folder`);
  rmSync(usb); // unplugged: the chosen folder is not made on the internal disk
  await local(page).getByRole('button', { name: 'Back up now' }).click();
  await expect(banner).toContainText(`The backup folder ${usb} is not there: is the disk plugged in?`);
  expect(existsSync(usb)).toBe(false);
  mkdirSync(usb); // plugged in again
  await local(page).getByRole('button', { name: 'Back up now' }).click();
  await expect(banner).toHaveCount(0);
});
