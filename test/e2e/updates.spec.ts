// Settings > Updates in the built renderer over the real core. electron-updater needs the installed
// app's binary: a stand-in answers the core in its place, offering 0.2.0.
import { test, expect } from './harness';
import { checkScreen, closeToasts } from './ui-helpers';

test('the window shows the version, the feed, a download that installs when you quit, and why it waits', async ({
  app: { page, core },
}) => {
  const version = core.updateStatus().version;
  await page.keyboard.press('Control+,');
  const updates = page.getByRole('region', { name: 'Updates' });
  const state = updates.locator('[data-update-state]');
  await expect(updates).toContainText(`Version ${version}`);
  await expect(state).toHaveText('This copy does not update itself: the installed app does.');

  core.attachUpdater({
    setFeed: () => {},
    check: async () => '0.2.0',
    download: async (onProgress) => onProgress(100),
  });
  await expect(state).toHaveText('No feed set: this counter does not look for updates.');

  const feed = updates.getByLabel('Update feed');
  await feed.fill('http://updates.shop.example/petstore/');
  await updates.getByRole('button', { name: 'Save feed' }).click();
  await expect(updates.locator('#update-feed-note')).toContainText(
    'The feed is not a usable address: the address must start with https://',
  );
  await feed.fill('https://updates.shop.example/petstore');
  await updates.getByRole('button', { name: 'Save feed' }).click();
  await expect(state).toHaveText('Petstore Desk 0.2.0 is downloaded. Installs when you quit.');
  await expect(feed).toHaveValue('https://updates.shop.example/petstore/');
  await closeToasts(page);
  await updates.scrollIntoViewIfNeeded();
  await checkScreen(page, 'update-settings');

  // While a dialog is open (here, Print…), no quit would install.
  await page.keyboard.press('Control+Shift+A');
  await page.keyboard.press('Control+p');
  const print = page.getByRole('dialog', { name: 'Print from Local store' });
  await expect(print).toBeVisible();
  await expect.poll(() => core.updateAtQuit()).toEqual({ install: false, because: { kind: 'dialog-open' } });
  expect(core.updateStatus().atQuit).toEqual({ install: false, because: { kind: 'dialog-open' } });
  await page.keyboard.press('Escape');
  await expect(print).toBeHidden();
  await expect.poll(() => core.updateAtQuit()).toEqual({ install: true, version: '0.2.0' });
  await page.keyboard.press('Control+,');
  await expect(state).toHaveText('Petstore Desk 0.2.0 is downloaded. Installs when you quit.');

  // A manager holds the counter on its version: nothing installs.
  // The box shows main's answer: checked once main has held the counter, not at the click itself.
  const holdBox = updates.getByLabel(`Hold this counter on version ${version}`);
  await holdBox.click();
  await expect(holdBox).toBeChecked();
  await expect(state).toHaveText('Petstore Desk 0.2.0 is downloaded. A manager holds this counter on its version.');
  expect(core.updateAtQuit()).toEqual({ install: false, because: { kind: 'held' } });
});
