// What the window says in sentences holds as a person reads it: counts count what they name, and
// a server out of reach is told without an address, a count of nothing, or a claim of a sync.
import { expect, test } from './harness';
import { connectServer, workIn } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

test('a server never read, out of reach: the list says so in words, with no address and no count of nothing', async ({
  app: { page, core },
}) => {
  const server = await connectServer(core, 'staging');
  try {
    server.proxy.setMode('reset');
    await workIn(page, core, 'staging');
    const freshness = page.locator('.freshness');
    await expect(freshness).toHaveAttribute('data-inventory', 'interrupted', { timeout: 15_000 });
    await expect(freshness).toHaveText(
      "Staging's list could not be read yet; it is asked for again at the next sync. It could not be reached.",
    );
    await expect(page.getByTestId('empty-list')).toHaveText(
      'Staging has not listed its animals to this computer yet. It could not be reached.',
    );
    await expect(page.locator('.content')).not.toContainText('127.0.0.1');
    await expect(page.locator('.content')).not.toContainText('(0 animals)');
  } finally {
    await server.close();
  }
});

test('offline after a sync, the bar says when the server was last reached, never that it synced', async ({
  app: { page, core },
}) => {
  const server = await connectServer(core, 'staging');
  try {
    await workIn(page, core, 'staging');
    const lastSynced = page.getByTestId('last-synced');
    await expect(page.locator('.sync-state')).toHaveText('Online', { timeout: 15_000 });
    await expect(lastSynced).toContainText('Last synced just now');
    server.proxy.setMode('reset');
    await page.keyboard.press('F5');
    await expect(page.locator('.sync-state')).toHaveText('Offline: working from this computer', { timeout: 15_000 });
    await expect(lastSynced).toContainText('Last reached just now');
    await expect(page.locator('.sync-bar')).not.toContainText('synced');
  } finally {
    await server.close();
  }
});
