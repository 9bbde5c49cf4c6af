// The counter UI, flow by flow, in Chromium over the real core.
import { startService, TEST_API_KEY } from '../helpers/http-service';
import { startMisbehavingServer } from '../helpers/misbehaving-server';

import { expect, test } from './harness';
import { accessibleTableRoles, checkScreen, connectServer, reopen, row, workIn } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

test.describe('animals in the local store', () => {
  test('empty, then two animals added without touching the mouse', async ({ app: { page, core } }) => {
    await expect(page.getByText('No animals yet.')).toBeVisible();
    await expect(page.getByText('Nothing to sync: the local store is this computer')).toBeVisible();
    await checkScreen(page, 'empty');
    await page.keyboard.press('Control+n');
    const name = page.getByLabel('Name', { exact: true });
    await expect(name).toBeFocused();
    await page.keyboard.type('Rex');
    await page.keyboard.press('Tab');
    await page.keyboard.type('9223372036854775807');
    await page.keyboard.press('Enter');
    await expect(row(page, 'Rex')).toContainText('9223372036854775807');
    // The longest int64 stays inside its column (it wraps), never over the next one.
    const categoryCell = row(page, 'Rex').getByRole('cell', { name: '9223372036854775807' });
    const overflow = await categoryCell.evaluate((cell) => {
      const box = cell as unknown as { scrollWidth: number; clientWidth: number };
      return box.scrollWidth - box.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByText('Rex added as number 1.')).toBeVisible(); // announced (sonner's live region)
    await expect(name).toHaveValue('');
    await expect(name).toBeFocused();
    await page.keyboard.type('Tom');
    await page.keyboard.press('Tab');
    await page.keyboard.type('2');
    await page.keyboard.press('Tab');
    await page.keyboard.press('s'); // the status select: "sold"
    await page.keyboard.press('Enter');
    await expect(row(page, 'Tom')).toContainText('sold');
    expect((await core.listPets('local', { limit: 100 })).pets.map((pet) => pet.name)).toEqual(['Rex', 'Tom']);
  });

  test('validated as you type, from the contract, on the field concerned', async ({ app: { page, core } }) => {
    const name = page.getByLabel('Name', { exact: true });
    const category = page.getByLabel('Category', { exact: true });
    await name.fill('x');
    await name.fill('   ');
    await expect(page.getByText('name must not be empty')).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await category.fill('12.5');
    await expect(page.locator('#add-categoryId-error')).toContainText('categoryId must be');
    await name.fill('Bella');
    await expect(page.locator('#add-name-error')).toHaveText('');
    await category.press('Enter');
    await expect(category).toBeFocused(); // refused: the cursor goes to the field to fix
    expect((await core.listPets('local', { limit: 100 })).pets).toEqual([]);
  });

  test('every animal in one list: number 151 on top, found by name, counted in its status; kept across screens', async ({
    app: { page, core },
  }) => {
    for (let i = 1; i <= 150; i++) core.addPet('local', { name: `Guppy ${i}`, categoryId: '1', status: 'available' });
    for (let i = 1; i <= 30; i++)
      core.addPet('local', { name: `Animal ${i}`, categoryId: '1', status: i % 2 ? 'pending' : 'sold' });
    core.addPet('local', { name: 'Ölfisch Größe', categoryId: '2', status: 'available' }); // the 181st
    await reopen(page);
    // Newest first: the newest arrival is the first row, not cut off past a page.
    await expect(page.getByRole('row').nth(1)).toContainText('Ölfisch Größe');
    await expect(page.getByRole('radio', { name: 'All 181' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Available 151' })).toBeVisible();
    await page.getByRole('radio', { name: /^Available/ }).check();
    await expect(page.getByRole('row').nth(1)).toContainText('Ölfisch Größe');
    // Only what is on screen is in the page, however many animals there are.
    expect(await page.getByRole('row').count()).toBeLessThan(64);
    // Scrolled to the end: the oldest available animal is there.
    await page.getByTestId('animals-scroll').evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(page.getByRole('row', { name: /Guppy 1 / })).toBeVisible();
    // Found by name, from the keyboard, accents and case aside.
    await page.keyboard.press('Control+f');
    await expect(page.getByLabel(/Find by name/)).toBeFocused();
    await page.keyboard.type('olfisch gr');
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('row').nth(1)).toContainText('Ölfisch Größe');
    await expect(page.getByRole('radio', { name: 'Available 1' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Sold 0' })).toBeVisible();
    // Rows are laid out as flex lines, not table rows: a screen reader must still get a table.
    // Id, name, category, status, sync, and the local store's price and age (the columns shown at first).
    expect(await accessibleTableRoles(page)).toEqual({ table: 1, columnheader: 7, row: 2, cell: 7 });
    await checkScreen(page, 'animals');
    await page.keyboard.press('Control+,');
    await expect(page.getByRole('heading', { name: 'Safety' })).toBeVisible();
    await checkScreen(page, 'settings');
    await page.getByRole('button', { name: 'Animals' }).click();
    await expect(page.getByLabel(/Find by name/)).toHaveValue('olfisch gr');
    await expect(page.getByRole('radio', { name: /^Available/ })).toBeChecked();
    // Escape clears the search; the order can be by name.
    await page.getByLabel(/Find by name/).press('Escape');
    await expect(page.getByRole('radio', { name: 'Available 151' })).toBeChecked();
    await page.getByLabel('Order').selectOption('name');
    await expect(page.getByRole('row').nth(1)).toContainText('Guppy 1');
    await page.getByRole('radio', { name: /^Pending/ }).check();
    await page.getByLabel(/Find by name/).fill('zebra');
    await expect(page.getByTestId('empty-list')).toContainText('No pending animals named like “zebra”.');
    await page.getByRole('button', { name: 'Show all animals' }).click();
    await expect(page.getByRole('radio', { name: 'All 181' })).toBeChecked();
  });
});

test.describe('working against a server', () => {
  test('offline add, then sync with F5: pending, then on the server exactly once', async ({ app: { page, core } }) => {
    const server = await connectServer(core, 'staging');
    const port = server.service.port;
    await server.service.close(); // the server is down (its address still answers, with resets)
    await reopen(page);
    await page.keyboard.press('Control+3');
    await expect(page.locator('.env-strip')).toContainText('STAGING');
    await page.getByLabel('Name', { exact: true }).fill('Offline Olly');
    await page.getByLabel('Category', { exact: true }).fill('4');
    await page.getByLabel('Category', { exact: true }).press('Enter');
    await expect(row(page, 'Offline Olly')).toContainText('Waiting to sync');
    await expect(page.getByText('goes to Staging with the next sync')).toBeVisible();
    await expect(page.getByTestId('pending-count')).toHaveText('1 waiting');
    await expect(page.locator('.sync-state')).toContainText('Offline');
    await checkScreen(page, 'offline');

    const service = await startService({ port }); // back up, at the same address
    await page.evaluate(() => ((globalThis as Record<string, unknown>)['notReloaded'] = true));
    await page.keyboard.press('F5');
    await expect(page.getByTestId('pending-count')).toHaveText('Nothing waiting', { timeout: 15_000 });
    await expect(row(page, 'Offline Olly')).not.toContainText('Waiting');
    await expect(page.locator('.sync-state')).toContainText('Online');
    expect(await page.evaluate(() => (globalThis as Record<string, unknown>)['notReloaded'])).toBe(true); // F5 synced; it did not reload
    expect(service.store.listPets().filter((pet) => pet.name === 'Offline Olly')).toHaveLength(1);
    await server.proxy.close();
    await service.close();
  });

  test('a refused add shows the server reason on its field; fix and resend, or discard', async ({
    app: { page, core },
  }) => {
    const server = await connectServer(core, 'staging');
    core.setActiveEnvironment('staging');
    server.proxy.rejectPostsWith('name Bad Dog is not allowed at this shop', [
      { field: 'name', message: 'Bad Dog is not allowed at this shop' },
    ]);
    await reopen(page);
    for (const name of ['Bad Dog', 'Worse Dog']) {
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Category', { exact: true }).fill('1');
      await page.getByLabel('Category', { exact: true }).press('Enter');
      await expect(row(page, name)).toBeVisible();
    }
    await page.keyboard.press('Control+r');
    await expect(page.getByTestId('refused-count')).toHaveText('2 refused', { timeout: 15_000 });
    // Compact: the server's reason in words under the name, one line; the buttons inside the row, not cut.
    await expect(row(page, 'Bad Dog').locator('.row-reason')).toHaveText('Name: Bad Dog is not allowed at this shop.');
    for (const name of ['Bad Dog', 'Worse Dog']) {
      const rowBox = (await row(page, name).boundingBox())!;
      expect(rowBox.height, `${name}'s row height`).toBeLessThan(64);
      for (const button of [`Fix and resend ${name}`, `Discard ${name}`]) {
        const box = (await page.getByRole('button', { name: button }).boundingBox())!;
        expect(box.x + box.width, button).toBeLessThanOrEqual(rowBox.x + rowBox.width);
        expect(box.y + box.height, button).toBeLessThanOrEqual(rowBox.y + rowBox.height);
      }
    }

    // Both refused rows wear the danger colour, whatever the striping of odd and even rows.
    const danger = await page.evaluate(`(() => {
      const probe = document.body.appendChild(document.createElement('div'));
      probe.style.background = 'var(--danger-bg)';
      const colour = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return colour;
    })()`);
    type InPage = { getComputedStyle(element: unknown): { backgroundColor: string } }; // tests are typed without the DOM library
    for (const name of ['Bad Dog', 'Worse Dog'])
      expect(
        await row(page, name).evaluate(
          (element) => (globalThis as unknown as InPage).getComputedStyle(element).backgroundColor,
        ),
        name,
      ).toBe(danger);
    await checkScreen(page, 'refused');
    server.proxy.rejectPostsWith(null);
    await page.getByRole('button', { name: 'Fix and resend Bad Dog' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fix and resend' });
    await expect(dialog.locator('#fix-name-error')).toHaveText('name Bad Dog is not allowed at this shop');
    await checkScreen(page, 'fix-and-resend');
    await dialog.getByLabel('Name', { exact: true }).fill('Good Dog');
    await dialog.getByRole('button', { name: 'Resend' }).click();
    await expect(row(page, 'Good Dog')).not.toContainText('Refused', { timeout: 15_000 });
    await expect.poll(() => server.service.store.listPets().map((pet) => pet.name)).toEqual(['Good Dog']);
    await page.getByRole('button', { name: 'Discard Worse Dog' }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard Worse Dog?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await expect(row(page, 'Worse Dog')).toHaveCount(0);
    await expect(page.getByTestId('refused-count')).toHaveCount(0); // a count shows when it is not zero
    await server.close();
  });

  test('a key rejected mid-sync says so, and a new key in Settings resumes it', async ({ app: { page, core } }) => {
    const server = await connectServer(core, 'staging');
    await workIn(page, core, 'staging');
    await page.getByLabel('Name', { exact: true }).fill('First Fox');
    await page.getByLabel('Category', { exact: true }).fill('3');
    await page.getByLabel('Category', { exact: true }).press('Enter');
    await expect
      .poll(() => server.service.store.listPets().map((pet) => pet.name), { timeout: 15_000 })
      .toEqual(['First Fox']);
    // Then the shop rotates its key: from now on the server refuses the one the app holds.
    server.proxy.schedule(Array.from({ length: 50 }, () => 'unauthorized-401' as const));
    await page.getByLabel('Name', { exact: true }).fill('Kept Kitty');
    await page.getByLabel('Category', { exact: true }).fill('3');
    await page.getByLabel('Category', { exact: true }).press('Enter');
    await page.getByRole('button', { name: /Sync now/ }).click();
    await expect(page.getByText('The server rejected the key: set a new one in Settings.')).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByTestId('pending-count')).toHaveText('1 waiting');
    await page.getByRole('button', { name: 'Settings' }).click();
    const staging = page.locator('.env-card-staging');
    await expect(staging).toContainText(/Key set just now/);
    await staging.getByRole('button', { name: 'Test connection' }).click();
    await expect(staging.locator('.verdict')).toContainText('Key rejected');
    server.proxy.schedule([]); // the new key, as the shop's server now expects it
    await staging.getByLabel('Replace the key').fill(TEST_API_KEY);
    await staging.getByRole('button', { name: 'Replace key' }).click();
    await expect(staging.getByLabel('Replace the key')).toHaveValue('');
    expect(await page.content()).not.toContain(TEST_API_KEY); // never shown back
    await staging.getByRole('button', { name: 'Test connection' }).click();
    await expect(staging.locator('.verdict')).toContainText('Connected');
    await page.getByRole('button', { name: 'Animals' }).click();
    await page.keyboard.press('F5');
    await expect(page.getByTestId('pending-count')).toHaveText('Nothing waiting', { timeout: 15_000 });
    expect(server.service.store.listPets().map((pet) => pet.name)).toEqual(['First Fox', 'Kept Kitty']);
    await server.close();
  });

  test('test connection in words: unreachable, not a pet store', async ({ app: { page, core, url } }) => {
    await core.setBaseUrl('production', 'http://127.0.0.1:9/v1');
    await core.setKey('production', 'some-key-123');
    await core.setBaseUrl('staging', `${url}v1`); // the renderer's own file server: HTML, not a pet store
    await core.setKey('staging', 'some-key-123');
    await page.keyboard.press('Control+,');
    await page.locator('.env-card-production').getByRole('button', { name: 'Test connection' }).click();
    await expect(page.locator('.env-card-production .verdict')).toContainText('Unreachable');
    await page.locator('.env-card-staging').getByRole('button', { name: 'Test connection' }).click();
    await expect(page.locator('.env-card-staging .verdict')).toContainText('Not a pet store service');
    await page.locator('.env-card-staging').getByLabel('Address').fill('ftp://shop');
    await page.locator('.env-card-staging').getByRole('button', { name: 'Save address' }).click();
    await expect(page.locator('.env-card-staging')).toContainText('must start with https://');
  });

  test("an address moved to another origin leaves the key behind until main's own dialog is answered yes", async ({
    app: { page, core, main },
  }) => {
    const service = await startService();
    const collector = await startMisbehavingServer();
    await core.setBaseUrl('staging', `${service.baseUrl}/v1`);
    await core.setKey('staging', TEST_API_KEY);
    await page.keyboard.press('Control+,');
    const staging = page.locator('.env-card-staging');
    await expect(staging).toContainText(`for ${new URL(service.baseUrl).host}. It is never shown`);
    const elsewhere = new URL(collector.url('echo-key'));
    await staging.getByLabel('Address').fill(elsewhere.href);
    await staging.getByRole('button', { name: 'Save address' }).click();
    const notice = staging.locator('.key-left-behind');
    await expect(notice).toContainText(
      `The key was set for ${new URL(service.baseUrl).host}. It is not sent to ${elsewhere.host} until you confirm`,
    );
    await staging.getByRole('button', { name: 'Test connection' }).click();
    await expect(staging.locator('.verdict')).toContainText('Key not sent');

    await notice.getByRole('button', { name: `Use the key for ${elsewhere.host}…` }).click();
    await expect(page.getByText(`Not confirmed: the Staging key is not sent to ${elsewhere.host}.`)).toBeVisible();
    expect(main.keyOriginQuestions).toEqual([{ environment: 'staging', from: service.baseUrl, to: elsewhere.origin }]);
    expect(collector.requests).toBe(0);

    main.keyOriginAnswer = true;
    await notice.getByRole('button', { name: `Use the key for ${elsewhere.host}…` }).click();
    await expect(page.getByText(`Staging key confirmed for ${elsewhere.host}.`)).toBeVisible();
    await expect(notice).toHaveCount(0);
    await staging.getByRole('button', { name: 'Test connection' }).click();
    await expect(staging.locator('.verdict')).toContainText('Connected');
    expect(collector.authorizations).toEqual([`Bearer ${TEST_API_KEY}`]);
    await collector.close();
    await service.close();
  });

  test('a key waits for its address: the key field is off until an address is saved', async ({ app: { page } }) => {
    await page.keyboard.press('Control+,');
    const production = page.locator('.env-card-production');
    await expect(production.getByLabel('Key', { exact: true })).toBeDisabled();
    await expect(production).toContainText('Save the address first: a key is kept for the address it is set for.');
    await production.getByLabel('Address').fill('https://shop.example/v1');
    await production.getByRole('button', { name: 'Save address' }).click();
    await expect(production.getByLabel('Key', { exact: true })).toBeEnabled();
  });
});
