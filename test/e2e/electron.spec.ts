// The same scenarios through the real app, with Playwright's _electron. Runs where the Electron
// binary is installed; here (ELECTRON_SKIP_BINARY_DOWNLOAD, no access to its download host) it
// skips and says why.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { windowPetstoreRoundTrip } from './scenarios';

const ROOT = join(import.meta.dirname, '../..');
const pathFile = join(ROOT, 'node_modules/electron/path.txt');
const binary = existsSync(pathFile) ? join(ROOT, 'node_modules/electron/dist', readFileSync(pathFile, 'utf8')) : null;
const installed = binary !== null && existsSync(binary);

const SKIP_REASON =
  'the Electron binary is not installed here (node_modules/electron/dist missing: ELECTRON_SKIP_BINARY_DOWNLOAD, or its download host unreachable)';
if (!installed) console.log(`Skipping the _electron suite: ${SKIP_REASON}.`);

test.describe('the real Electron app', () => {
  test.skip(!installed, SKIP_REASON);

  test('window.petstore round trip through Electron IPC', async () => {
    const app = await electron.launch({
      executablePath: binary!,
      args: [join(ROOT, 'out/main/index.js'), `--user-data-dir=${mkdtempSync(join(tmpdir(), 'petstore-electron-'))}`],
    });
    try {
      const page = await app.firstWindow();
      await expect(page.getByRole('heading', { name: 'Petstore Desk' })).toBeVisible();
      await windowPetstoreRoundTrip(page);
    } finally {
      await app.close();
    }
  });

  test('served from app://, and F5 syncs rather than reloads; an animal added from the keyboard', async () => {
    const app = await electron.launch({
      executablePath: binary!,
      args: [join(ROOT, 'out/main/index.js'), `--user-data-dir=${mkdtempSync(join(tmpdir(), 'petstore-electron-'))}`],
    });
    try {
      const page = await app.firstWindow();
      expect(page.url()).toBe('app://petstore/index.html');
      await page.evaluate(() => ((globalThis as Record<string, unknown>)['notReloaded'] = true));
      await page.keyboard.press('F5');
      await page.keyboard.press('Control+n');
      await page.keyboard.type('Rex');
      await page.keyboard.press('Tab');
      await page.keyboard.type('1');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('cell', { name: 'Rex', exact: true })).toBeVisible();
      expect(await page.evaluate(() => (globalThis as Record<string, unknown>)['notReloaded'])).toBe(true);
    } finally {
      await app.close();
    }
  });
});
