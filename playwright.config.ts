import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './test/helpers/renderer-page';

// Debian's Chromium, never a downloaded browser; its flags (in CHROMIUM_LAUNCH) keep it off the network and work as root.
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '*.spec.ts',
  // Its own folder: Playwright empties it on start, and test-results/ also holds the other suites' reports.
  outputDir: 'test-results/playwright-artifacts',
  workers: 1,
  timeout: 60_000,
  globalSetup: './test/e2e/global-setup.ts',
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: { launchOptions: CHROMIUM_LAUNCH },
});
