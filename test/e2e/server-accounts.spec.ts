// What the window says of a server and sends to it: held entries, the sync bar's account, an
// empty list, a server error, a slow refresh, a discard after its row moved on. Real core, real
// SQLite, a real keychain, our service behind a fault proxy.
import { startFaultProxy } from '../helpers/fault-proxy';
import { startService, TEST_API_KEY, type RunningService } from '../helpers/http-service';
import { startMisbehavingServer } from '../helpers/misbehaving-server';
import { freePort } from '../helpers/processes';
import { expect, test } from './harness';
import { addByKeyboard, reopen, row, useCleanups, workIn } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

const cleanups = useCleanups();
async function service(): Promise<RunningService> {
  const started = await startService();
  cleanups.push(() => started.close());
  return started;
}

test('a held animal is resent to the new address, and the sync bar counts it held', async ({
  app: { page, core, main },
}) => {
  const server = await service();
  await core.setBaseUrl('staging', `http://127.0.0.1:${await freePort()}/v1`); // unreachable
  await core.setKey('staging', TEST_API_KEY);
  await workIn(page, core, 'staging');
  await addByKeyboard(page, 'Held Hamster', '3');
  await expect(row(page, 'Held Hamster')).toContainText('Waiting to sync');
  await page.keyboard.press('Control+,');
  const staging = page.locator('.env-card-staging');
  await staging.getByLabel('Address').fill(`${server.baseUrl}/v1`);
  await staging.getByRole('button', { name: 'Save address' }).click();
  await expect(staging.getByLabel('Address')).toHaveValue(`${server.baseUrl}/v1`);
  main.keyOriginAnswer = true; // another port is another origin: the person says yes in main's dialog
  await staging.getByRole('button', { name: `Use the key for ${new URL(server.baseUrl).host}…` }).click();
  await expect(staging.locator('.key-left-behind')).toHaveCount(0);
  await page.keyboard.press('Control+Shift+A');
  await page.keyboard.press('F5');
  await expect(row(page, 'Held Hamster')).toContainText('Held', { timeout: 15_000 });
  await expect(page.getByTestId('held-count')).toHaveText('1 held');
  await expect(row(page, 'Held Hamster').locator('.row-reason')).toContainText(
    `The staging address changed from http://127.0.0.1:`,
  ); // main's reason, as main gave it
  const send = page.getByRole('button', { name: 'Resend Held Hamster to the new address' });
  await expect(send).toHaveText('Resend');
  await send.click();
  await expect(page.getByText(`Held Hamster is being sent to Staging at ${server.baseUrl}/v1.`)).toBeVisible();
  await expect
    .poll(() => server.store.listPets().map((pet) => pet.name), { timeout: 15_000 })
    .toEqual(['Held Hamster']);
  await expect(row(page, 'Held Hamster')).not.toContainText('Resend');
  await expect(row(page, 'Held Hamster').getByRole('cell').first()).toHaveText(/^\d+$/); // numbered by the server
  await expect(page.getByTestId('held-count')).toHaveCount(0);
  await expect(page.getByTestId('pending-count')).toHaveText('Nothing waiting');
});

test('the sync bar and the list say only what is known: one account of the server', async ({ app: { page, core } }) => {
  const server = await service();
  const proxy = await startFaultProxy(server.port, 3_000);
  cleanups.push(() => proxy.close());
  await core.setBaseUrl('staging', proxy.baseUrl);
  await core.setKey('staging', TEST_API_KEY);
  server.store.createPet({ name: 'Known Kiwi', categoryId: '1', status: 'available' });
  await workIn(page, core, 'staging');
  await expect(page.locator('.freshness')).toContainText('Every animal Staging lists, as listed');
  await expect(page.getByTestId('last-synced')).toContainText('Last synced'); // never "Never synced" beside it
  await expect(page.locator('.sync-state')).toHaveText('Online');

  // An add whose send takes 3 s: counted as waiting at once, and all the while it is on its way.
  proxy.schedule(['slow']);
  await addByKeyboard(page, 'Slow Sloth', '2');
  await expect(page.getByTestId('pending-count')).toContainText('1 waiting', { timeout: 1_000 });
  await page.waitForTimeout(1_000);
  await expect(page.getByTestId('pending-count')).toContainText('1 waiting');
  await expect(page.getByTestId('pending-count')).toHaveText('Nothing waiting', { timeout: 10_000 });
  await expect(page.locator('.freshness')).not.toContainText('has not answered');
  await expect(page.locator('.sync-state')).toHaveText('Online'); // never "Not checked yet" after an add
  await page.getByRole('radio', { name: /^Sold/ }).check();
  await expect(page.locator('.sync-state')).toHaveText('Online'); // nor after a filter change

  // The server goes down: "Sync now" never says the server has everything.
  await proxy.close();
  await page.keyboard.press('F5');
  await expect(page.getByText('Staging could not be reached')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/has everything added here/)).toHaveCount(0);
  await expect(page.locator('.sync-state')).toHaveText('Offline: working from this computer');

  // No key: never "Online".
  await page.keyboard.press('Control+,');
  await page.locator('.env-card-staging').getByRole('button', { name: 'Clear key' }).click();
  await page.keyboard.press('Control+Shift+A');
  await expect(page.locator('.sync-state')).toHaveText('No key set');
  await page.keyboard.press('F5');
  await expect(page.getByText(/Staging sync cannot start: No key is set for staging/)).toBeVisible();
});

test('an empty list says what is known: a server never listed, and why, is not an empty shop', async ({
  app: { page, core },
}) => {
  const bad = await startMisbehavingServer();
  cleanups.push(() => bad.close());
  core.setActiveEnvironment('staging');
  const cases: Array<[string, RegExp]> = [
    [`http://127.0.0.1:${await freePort()}/v1`, /\. It could not be reached\.$/],
    [bad.url('server-error'), /answered 500 internal: The database is locked/],
  ];
  const yes = { ask: async () => true }; // each address is another origin: the key is confirmed for it
  for (const [address, reason] of cases) {
    await core.setBaseUrl('staging', address);
    if ((await core.environmentSettings('staging')).key.set) await core.confirmKeyForAddress('staging', yes);
    else await core.setKey('staging', TEST_API_KEY);
    await reopen(page);
    const empty = page.getByTestId('empty-list');
    await expect(empty).toContainText('Staging has not listed its animals to this computer yet');
    await expect(empty).toContainText(reason);
    await expect(page.getByText('No animals yet')).toHaveCount(0);
  }
  const server = await service();
  await core.setBaseUrl('staging', `${server.baseUrl}/v1`);
  await core.setKey('staging', 'not-the-key-123'); // a new key: for this address
  await reopen(page);
  await expect(page.getByTestId('empty-list')).toContainText(/rejected the key/);
  await core.setKey('staging', TEST_API_KEY);
  await reopen(page);
  await expect(page.getByTestId('empty-list')).toHaveText('Staging has no animals.'); // asked, and it has none
});

test('"Test connection" against a server answering 500 says it is a server error, once', async ({
  app: { page, core },
}) => {
  const bad = await startMisbehavingServer();
  cleanups.push(() => bad.close());
  await core.setBaseUrl('staging', bad.url('server-error'));
  await core.setKey('staging', TEST_API_KEY);
  await page.keyboard.press('Control+,');
  const staging = page.locator('.env-card-staging');
  await staging.getByRole('button', { name: 'Test connection' }).click();
  await expect(staging.locator('.verdict')).toHaveText(
    `Server error: staging (${bad.url('server-error')}) answered 500 internal: The database is locked.`,
  );
});

test('while a slow refresh runs, the list says where its rows came from', async ({ app: { page, core } }) => {
  const server = await service();
  const proxy = await startFaultProxy(server.port, 2_000);
  cleanups.push(() => proxy.close());
  await core.setBaseUrl('staging', proxy.baseUrl);
  await core.setKey('staging', TEST_API_KEY);
  server.store.createPet({ name: 'Sold Seal', categoryId: '1', status: 'sold' });
  await workIn(page, core, 'staging');
  await expect(row(page, 'Sold Seal')).toBeVisible();
  proxy.schedule(['slow']);
  await page.keyboard.press('F5'); // sync now: the server's whole list is asked for again
  await expect(page.locator('.freshness')).toContainText('Bringing in every animal Staging lists');
  await expect(row(page, 'Sold Seal')).toBeVisible(); // what was known stays on screen meanwhile
  await expect(page.getByText(/Nothing has been listed|Not fetched/)).toHaveCount(0);
  await expect(page.locator('.freshness')).toContainText('Every animal Staging lists, as listed', { timeout: 10_000 });
});

test('a discard confirmed after its row moved on says what main did: already there, or on its way', async ({
  app: { page, core },
}) => {
  const server = await service();
  const proxy = await startFaultProxy(server.port, 1_500);
  cleanups.push(() => proxy.close());
  await core.setBaseUrl('staging', proxy.baseUrl);
  await core.setKey('staging', TEST_API_KEY);
  await workIn(page, core, 'staging');
  proxy.rejectPostsWith('not at this shop');
  for (const name of ['Sent Meanwhile', 'On Its Way']) await addByKeyboard(page, name, '1');
  await page.keyboard.press('F5');
  await expect(page.getByTestId('refused-count')).toHaveText('2 refused', { timeout: 15_000 });
  proxy.rejectPostsWith(null);
  const entryOf = (name: string) => core.outboxEntries('staging').find((entry) => entry.name === name)!;
  const discardAfter = async (name: string, meanwhile: () => Promise<void>) => {
    await page.getByRole('button', { name: `Discard ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Discard ${name}?` });
    await expect(dialog).toContainText('The server never accepted it');
    await meanwhile(); // another counter, or the CLI, sends it again while the dialog is open
    await dialog.getByRole('button', { name: 'Discard', exact: true }).click();
  };

  await discardAfter('Sent Meanwhile', async () => {
    core.resendEntry('staging', entryOf('Sent Meanwhile').entryId);
    await core.syncNow('staging');
    expect(entryOf('Sent Meanwhile').state).toBe('accepted');
  });
  await expect(
    page.getByText('Sent Meanwhile had reached Staging already: there was nothing to discard.'),
  ).toBeVisible();

  proxy.setMode('slow');
  await discardAfter('On Its Way', async () => {
    core.resendEntry('staging', entryOf('On Its Way').entryId);
    await expect.poll(() => entryOf('On Its Way').state).toBe('sending');
  });
  await expect(
    page.getByText(
      'On Its Way discarded. A send of it was on its way or got no answer, so Staging may have it: it will not be sent again.',
    ),
  ).toBeVisible();
  await expect
    .poll(
      () =>
        server.store
          .listPets()
          .map((pet) => pet.name)
          .sort(),
      { timeout: 10_000 },
    )
    .toEqual(['On Its Way', 'Sent Meanwhile']);
  await core.syncNow('staging');
  expect(core.outboxEntries('staging').filter((entry) => entry.state !== 'accepted')).toEqual([]);
});
