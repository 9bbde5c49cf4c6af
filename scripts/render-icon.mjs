// Renders resources/build/icon.svg to the 512x512 icon.png electron-builder packages (run after editing the SVG).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const dir = join(import.meta.dirname, '../resources/build');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await browser.newPage({ viewport: { width: 512, height: 512 } });
await page.setContent(
  `<body style="margin:0;background:transparent">${readFileSync(join(dir, 'icon.svg'), 'utf8')}</body>`,
);
await page.locator('svg').screenshot({ path: join(dir, 'icon.png'), omitBackground: true });
await browser.close();
