// Helpers for the UI scenarios: servers behind the app, and the evidence (axe, screenshots).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './harness';
import type { PetstoreCore } from '../../src/main/core/petstore-core';
import type { RemoteEnvironment } from '../../src/shared/contract';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy';
import { startService, TEST_API_KEY, type RunningService } from '../helpers/http-service';

const SCREENSHOTS = join(import.meta.dirname, '../../docs/screenshots');

export interface ServerBehind {
  service: RunningService;
  proxy: FaultProxy;
  close(): Promise<void>;
}

/** What a test started, closed after it, the last first: push a close to the list this returns. */
export function useCleanups(): Array<() => Promise<unknown> | unknown> {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  test.afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });
  return cleanups;
}

/** Adds an animal from the keyboard, as counter staff do: Name, Tab, category, Enter. */
export async function addByKeyboard(page: Page, name: string, category: string, delay = 0): Promise<void> {
  await page.getByLabel('Name', { exact: true }).focus();
  await page.keyboard.type(name, { delay });
  await page.keyboard.press('Tab');
  await page.keyboard.type(category, { delay });
  await page.keyboard.press('Enter');
}

/** Our real HTTP service behind the fault proxy, configured as `environment` in the app's core. */
export async function connectServer(
  core: PetstoreCore,
  environment: RemoteEnvironment,
  key = TEST_API_KEY,
): Promise<ServerBehind> {
  const service = await startService();
  const proxy = await startFaultProxy(service.port);
  await core.setBaseUrl(environment, proxy.baseUrl);
  await core.setKey(environment, key);
  return {
    service,
    proxy,
    async close() {
      await proxy.close();
      await service.close();
    },
  };
}

/** axe-core finds no violation, in light and dark, and the screen is saved for the README. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    // Judge and picture the screen at rest, not a toast halfway through fading in.
    await page.waitForFunction(() =>
      (globalThis as unknown as { document: { getAnimations(): Array<{ playState: string }> } }).document
        .getAnimations()
        .every((animation) => animation.playState !== 'running'),
    );
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `${name} (${colorScheme})`,
    ).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
}

/**
 * Closes every toast shown (their close buttons), so that a picture shows the screen under them.
 * A toast may go on its own between the count and the click: each click is tried briefly and the
 * toasts counted again, never waited on for a toast that has already gone.
 */
export async function closeToasts(page: Page): Promise<void> {
  const toasts = page.locator('[data-sonner-toast]:not([data-removed="true"])');
  const front = page.locator('[data-sonner-toast][data-front="true"]:not([data-removed="true"]) [data-close-button]');
  await expect
    .poll(
      async () => {
        if ((await toasts.count()) > 0) await front.click({ timeout: 1_000 }).catch(() => undefined);
        return toasts.count();
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toBe(0);
}

export const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

/** Reloads the page (as a restart of the window would) and waits until the app has started. */
export async function reopen(page: Page): Promise<void> {
  await page.reload();
  await expect(page.locator('.env-strip')).toBeVisible();
}

/** Main makes `environment` the active one (as a manager's switch would), and the window opens on it. */
/**
 * `count` animals named "Pet 1" to "Pet <count>", odd ones available and even ones pending, the
 * page opened on them (newest first).
 */
export async function availableAndPending(page: Page, core: PetstoreCore, count: number): Promise<void> {
  for (let i = 1; i <= count; i++)
    core.addPet('local', { name: `Pet ${i}`, categoryId: '1', status: i % 2 ? 'available' : 'pending' });
  await reopen(page);
  await expect(row(page, `Pet ${count}`)).toBeVisible();
}

/** Chooses a status as a scanner's or a script's change would: a click on its choice, the focus left where it was. */
export const showStatus = (page: Page, status: string) =>
  page.evaluate(`document.querySelector('input[name="status-filter"][value="${status}"]').click()`);

export async function workIn(page: Page, core: PetstoreCore, environment: RemoteEnvironment): Promise<void> {
  core.setActiveEnvironment(environment);
  await reopen(page);
}

/** The app restarted in production, where the person left it, past the notice that says so. */
export async function restartInProduction(page: Page, core: PetstoreCore): Promise<void> {
  core.setActiveEnvironment('production');
  await reopen(page);
  await page
    .getByRole('dialog', { name: 'You are working in PRODUCTION' })
    .getByRole('button', { name: 'Continue in production' })
    .click();
}

/**
 * The table as Chromium's own accessibility tree exposes it to a screen reader (not Playwright's
 * role guess from the markup): how many nodes of each table role it holds.
 */
export async function accessibleTableRoles(page: Page): Promise<Record<string, number>> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: Array<{ ignored: boolean; role?: { value: string } }>;
    };
    const counts: Record<string, number> = { table: 0, columnheader: 0, row: 0, cell: 0 };
    for (const node of nodes)
      if (!node.ignored && node.role && node.role.value in counts) counts[node.role.value]! += 1;
    return counts;
  } finally {
    await cdp.detach();
  }
}
