// The manager's PIN after wrong tries: the wait main imposes is the window's too. The window's
// clock is held still during the wait (main's runs on), so the wait lasts as long as the test needs.
import { expect, test } from './harness';
import { reopen } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

test('keys typed during the wait after wrong PINs go nowhere; after it the field is empty and says to try again', async ({
  app: { page, core },
}) => {
  await core.setManagerPin('2468');
  await page.clock.install(); // the window's clock only: main's stays real
  await reopen(page);
  await page.getByRole('radio', { name: 'Staging' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manager’s PIN' });
  const field = dialog.getByLabel('PIN', { exact: true });
  const note = dialog.locator('#manager-pin-note');
  await expect(field).toBeFocused();
  for (const _try of [1, 2]) {
    await page.keyboard.type('1111');
    await page.keyboard.press('Enter');
    await expect(note).toHaveText('That is not the manager’s PIN.');
    await expect(field).toHaveValue('');
  }
  await page.clock.pauseAt(Date.now() + 60_000); // from the third wrong try on, main makes each next one wait
  await page.keyboard.type('1111');
  await page.keyboard.press('Enter');
  await expect(note).toHaveText('That is not the manager’s PIN. The next try is possible in 1 s.');

  await page.keyboard.type('2468'); // during the wait: not kept, not sent
  await page.keyboard.press('Enter');
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Unlock' })).toBeDisabled();

  await expect.poll(() => core.managerLock().retryAfterMs, { timeout: 5_000 }).toBe(0); // main's wait is over
  await page.clock.fastForward(1_000); // and so is the window's
  await expect(note).toHaveText('That is not the manager’s PIN. You can try again now.');
  await expect(field).toHaveValue('');
  await page.keyboard.type('2468');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.env-strip')).toHaveAttribute('data-environment', 'staging');
});
