// Help > Save a support bundle… in the window: the menu's command reaches the page as the shell
// sends it, main makes the bundle and its save dialog (answered by the harness) writes it; the
// toast says where, and the file on disk holds what it should and nothing planted.
import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { deliverTo, serveRenderer } from '../helpers/renderer-page';
import { filesOfZip, plantedFoundIn, plantShop } from '../helpers/planted-shop';
import { openHarnessApp, type HarnessApp } from './harness';

const test = base.extend<{ app: HarnessApp & { page: Page } }>({
  app: async ({ page }, use) => {
    const { server, url } = await serveRenderer();
    const app = await openHarnessApp(page, url);
    await use(app);
    expect(app.pageErrors, 'uncaught errors in the page').toEqual([]);
    server.close();
    await app.close();
  },
});

test('the menu command saves a bundle where main’s dialog chose, and the toast says where', async ({ app }) => {
  test.skip(process.env['PETSTORE_TEST_KEYRING'] !== '1', 'no private Secret Service: run through with-test-keyring');
  const { page, core, main, dataDir } = app;
  const planted = await plantShop(core, dataDir);

  deliverTo(page)('command', { command: 'save-support-bundle' });
  await expect(page.getByText(/^Support bundle saved to /)).toBeVisible();
  expect(main.savedZips).toHaveLength(1);
  const [{ suggestedName, path }] = main.savedZips as [{ suggestedName: string; path: string }];
  expect(suggestedName).toMatch(/^petstore-support-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(page.getByText(`Support bundle saved to ${path}. It holds no key, PIN or name.`)).toBeVisible();

  const zip = readFileSync(path);
  expect(plantedFoundIn(zip, planted)).toEqual([]);
  const files = filesOfZip(zip);
  expect(Object.keys(files)).toContain('README.txt');
  expect(JSON.parse(files['settings.json']!)).toMatchObject({ staff: { managers: 1, others: 1 } });
  expect(files['doctor.txt']).toMatch(/^ok {6}<data folder>\/petstore\.db is sound$/m);
});
