// What main holds for a person says why, on its row: a send unanswered for longer than a server
// remembers its key, or an address changed since. Chromium over the real core; the server is our
// service behind the fault proxy, the replica's file edited as another process would.
import { join } from 'node:path';
import { openDatabase } from '../../src/main/database/database';
import { REPLICA_MIGRATIONS } from '../../src/main/database/migrations';
import { replicaFileName } from '../../src/main/sync/replica-file';
import { expect, test } from './harness';
import { checkScreen, closeToasts, connectServer, restartInProduction, row } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

const TWO_DAYS_MS = 2 * 24 * 60 * 60 * 1000;

test('a send unanswered for two days is held with main’s reason, and "Resend" (asked in production) sends it', async ({
  app: { page, core, main, dataDir },
}) => {
  const server = await connectServer(core, 'production');
  try {
    const rex = server.service.store.createPet({ name: 'Weekend Rex', categoryId: '2', status: 'available' });
    await restartInProduction(page, core);
    await expect(page.locator(`tr[data-pet-id="${rex.id}"]`)).toBeVisible({ timeout: 15_000 });

    // An add and a change whose sends reach the server, and whose answers are lost on the way back.
    server.proxy.setMode('drop-after-commit');
    await page.getByLabel('Name', { exact: true }).fill('Weekend Walter');
    await page.getByLabel('Category', { exact: true }).fill('3');
    await page.getByLabel('Category', { exact: true }).press('Enter');
    await expect.poll(() => core.outboxEntries('production').map((entry) => entry.state)).toEqual(['unknown']);
    await page.locator(`tr[data-pet-id="${rex.id}"]`).focus();
    await page.keyboard.press('s');
    await expect
      .poll(() => core.changeEntries('production').map((change) => change.state), { timeout: 15_000 })
      .toEqual(['unknown']);

    // Two days pass without an answer (the sends' times set back, as the sync would have seen them).
    const replica = openDatabase(join(dataDir, replicaFileName('production')), REPLICA_MIGRATIONS);
    for (const table of ['outbox', 'pet_changes'])
      replica
        .prepare(`UPDATE ${table} SET unknown_since = unknown_since - ? WHERE unknown_since IS NOT NULL`)
        .run(TWO_DAYS_MS);
    replica.close();
    server.proxy.setMode('pass');
    await page.keyboard.press('F5');
    // The server's list has it already (its answer was lost, not its add); the entry waits beside it.
    const walter = page.locator('tr.unsynced').filter({ hasText: 'Weekend Walter' });
    await expect(walter).toContainText('Held', { timeout: 15_000 });
    await expect(walter.locator('.row-reason')).toContainText(
      /^Sent on \w+ \d+ \w+ at \d\d:\d\d with no answer; the production server may already have it/,
    );
    await expect(walter).not.toContainText('address changed');
    const rexRow = page.locator(`tr[data-pet-id="${rex.id}"]`);
    await expect(rexRow.locator('.row-reason')).toContainText(
      /with no answer; the production server may already have made this change/,
    );
    await expect(page.getByTestId('held-count')).toHaveText('2 held');
    await closeToasts(page);
    await checkScreen(page, 'held');

    // "Resend": production asks in main's question; a no sends nothing and says so.
    main.productionAnswer = false;
    await walter.getByRole('button', { name: 'Resend Weekend Walter' }).click();
    await expect(
      page.getByText('Weekend Walter was not sent: Production was not confirmed, so nothing was sent.'),
    ).toBeVisible();
    expect(main.productionQuestions.at(-1)?.message).toBe('Resend Weekend Walter (category 3) to PRODUCTION?');
    await expect(walter).toContainText('Held');
    main.productionAnswer = true;
    await walter.getByRole('button', { name: 'Resend Weekend Walter' }).click();
    await rexRow.getByRole('button', { name: 'Resend' }).click();
    await page.keyboard.press('F5');
    await expect(page.getByTestId('held-count')).toHaveCount(0, { timeout: 15_000 });
    // Our service still knew the keys: each arrived once.
    expect(server.service.store.listPets().filter((pet) => pet.name === 'Weekend Walter')).toHaveLength(1);
    await expect(row(page, 'Weekend Walter')).toHaveCount(1);
    expect(server.service.store.getPet(rex.id)).toMatchObject({ status: 'sold', revision: 2 });
  } finally {
    await server.close();
  }
});
