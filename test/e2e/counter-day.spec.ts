// The counter's day in the window: defaults that keep animals findable, category names,
// the manager's lock. The built renderer in Chromium over the real core.
import type { Page } from '@playwright/test';
import { test, expect } from './harness';
import { checkScreen, connectServer, reopen, row, workIn } from './ui-helpers';

const nameField = (page: Page) => page.getByLabel('Name', { exact: true });
const categoryField = (page: Page) => page.getByLabel('Category', { exact: true });

test.describe('the counter’s day', () => {
  test('the add form starts at Available with the last category; a look-alike waits under the form until “Add anyway”', async ({
    app: { page, core },
  }) => {
    await expect(page.locator('#add-status')).toHaveValue('available');
    await expect(page.locator('#add-status').locator('option:checked')).toHaveText('Available');
    await page.keyboard.press('Control+n');
    await expect(nameField(page)).toBeFocused();
    await page.keyboard.type('Rex');
    await page.keyboard.press('Tab');
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await expect(row(page, 'Rex')).toContainText('available');
    // Ready for the next: the name empty and focused, the category kept, Available again.
    await expect(nameField(page)).toBeFocused();
    await expect(categoryField(page)).toHaveValue('5');
    await expect(page.locator('#add-status')).toHaveValue('available');
    await reopen(page); // a restart: the category is still the last one
    await expect(categoryField(page)).toHaveValue('5');

    // The same name (as search reads it) and category: not added, and waiting under the form for the
    // person, who goes on typing meanwhile; only "Add anyway" adds it.
    await page.keyboard.press('Control+n');
    await expect(nameField(page)).toBeFocused();
    await page.keyboard.type('rex ');
    await page.keyboard.press('Enter');
    const asked = page.getByRole('group', { name: /^rex/ });
    await expect(asked).toContainText(/already listed as number \d+ in Local store/);
    await expect(nameField(page)).toBeFocused();
    await checkScreen(page, 'look-alike');
    await page.keyboard.press('Enter'); // a stray Enter goes to the empty form, which sends nothing
    await expect(page.locator('#add-name-error')).toHaveText('name must not be empty');
    await asked.getByRole('button', { name: 'Add anyway' }).click();
    await expect(page.getByRole('row').filter({ hasText: /rex/i })).toHaveCount(2);
    await expect(asked).toHaveCount(0);
    await expect(nameField(page)).toBeFocused();
    // "Don't add", from the keyboard, leaves it out.
    await page.keyboard.type('REX');
    await page.keyboard.press('Enter');
    const again = page.getByRole('group', { name: /^REX/ });
    await again.getByRole('button', { name: 'Don’t add' }).focus();
    await page.keyboard.press('Enter');
    await expect(again).toHaveCount(0);
    await expect(nameField(page)).toBeFocused();
    await expect(page.getByRole('row').filter({ hasText: /rex/i })).toHaveCount(2);
    expect(core.animals('local').total).toBe(2);

    // "No status" is a choice a person makes, and says what it means.
    await page.locator('#add-status').selectOption('');
    await expect(page.locator('#add-status').locator('option:checked')).toHaveText(/No status \(matches no filter\)/);
  });

  test('at a glance: times are relative, the exact moment on hover and on focus, and they move on', async ({
    app: { page, core },
  }) => {
    const server = await connectServer(core, 'staging');
    try {
      await page.clock.install(); // the window's clock only: main's stays real
      await workIn(page, core, 'staging');
      await page.keyboard.press('Control+r');
      const freshness = page.locator('.freshness');
      const lastSynced = page.getByTestId('last-synced');
      // What the eye reads: the relative time; the exact moment is on hover, on focus, and in the text a screen reader reads.
      type Node = {
        cloneNode(deep: true): Node;
        querySelectorAll(s: string): Array<{ remove(): void }>;
        textContent: string;
      };
      type Styles = { getComputedStyle(element: unknown, pseudo: string): { content: string } }; // tests are typed without the DOM library
      const seen = (locator: typeof freshness) =>
        locator.evaluate((element) => {
          const copy = (element as unknown as Node).cloneNode(true);
          copy.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
          return copy.textContent;
        });
      // The exact moment and what shows it, read at once: the time may move on between two reads (another sync).
      type Time = {
        getAttribute(name: string): string | null;
        querySelector(s: string): { textContent: string } | null;
      };
      const exactAndShown = (locator: typeof freshness) =>
        locator.evaluate((element) => ({
          exact: (element as unknown as Time).getAttribute('title') ?? '',
          hidden: (element as unknown as Time).querySelector('.visually-hidden')?.textContent,
          after: (globalThis as unknown as Styles).getComputedStyle(element, '::after').content,
        }));
      await expect
        .poll(() => seen(freshness), { timeout: 15_000 })
        .toBe('Every animal Staging lists, as listed just now.');
      await expect.poll(() => seen(lastSynced)).toContain('Last synced just now');
      for (const time of [freshness.locator('time'), lastSynced.locator('time')]) {
        const { exact, hidden, after } = await exactAndShown(time);
        expect(exact).toMatch(/\d{4}.*\d{1,2}:\d{2}:\d{2}/); // the day, the year and the second
        expect(hidden).toBe(` (${exact})`);
        expect(after).toBe('none');
        await time.focus();
        const focused = await exactAndShown(time);
        expect(focused.after).toContain(focused.exact);
      }
      await page.clock.fastForward('03:00');
      await expect.poll(() => seen(freshness)).toMatch(/^Every animal Staging lists, as listed 3 min\.? ago\.$/);
      await expect.poll(() => seen(lastSynced)).toMatch(/Last synced 3 min\.? ago/);
      await page.clock.fastForward('02:00:00');
      await expect.poll(() => seen(lastSynced)).toMatch(/Last synced 2 hr\.? ago/);
      await page.getByRole('button', { name: 'Settings' }).click();
      await expect(page.getByText(/^Key set 2 hr\.? ago \(.*\) for 127\.0\.0\.1:\d+\./)).toBeVisible();
    } finally {
      await server.close();
    }
  });

  test('category names: given in Settings, shown in the list beside the id, picked by name in the form, named in main’s production questions', async ({
    app: { page, core, main },
  }) => {
    const server = await connectServer(core, 'production');
    try {
      core.addPet('local', { name: 'Tom', categoryId: '9223372036854775807', status: 'available' });
      await page.keyboard.press('Control+,');
      await page.getByLabel('Environment', { exact: true }).selectOption('local');
      await page.getByLabel('Category id').fill('9223372036854775807');
      await page.getByLabel('Name', { exact: true }).fill('Cats');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('row', { name: /9223372036854775807 Cats/ })).toBeVisible();
      await page.getByLabel('Category id').fill('5');
      await page.getByLabel('Name', { exact: true }).fill('cats');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('alert')).toContainText('"cats" already names category 9223372036854775807');
      await page.getByLabel('Name', { exact: true }).fill('Dogs');
      await page.keyboard.press('Enter');
      await checkScreen(page, 'category-names');
      await page.getByRole('button', { name: 'Animals' }).click();
      await expect(row(page, 'Tom')).toContainText('Cats 9223372036854775807');

      // Picked by name: the form shows the id it stands for, and adds under it.
      await page.keyboard.press('Control+n');
      await expect(nameField(page)).toBeFocused();
      await page.keyboard.type('Bello');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Control+a');
      await page.keyboard.type('dogs');
      await expect(page.locator('#add-categoryId-error')).toHaveText('id 5');
      await page.keyboard.press('Enter');
      await expect(row(page, 'Bello')).toContainText('Dogs 5');
      await page.keyboard.type('Nemo');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Control+a');
      await page.keyboard.type('Fish');
      await expect(page.locator('#add-categoryId-error')).toHaveText(/No category is named "Fish" here/);

      // Main's production question names the category (names are per environment: here, none yet).
      await core.setActiveEnvironment('production');
      await expect(page.locator('.env-strip')).toHaveAttribute('data-environment', 'production');
      await core.nameCategory('production', { categoryId: '5', name: 'Hunde' });
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('button', { name: 'Animals' }).click(); // names are read again on the way
      main.productionAnswer = false;
      await page.keyboard.press('Control+n');
      await expect(nameField(page)).toBeFocused();
      await page.keyboard.type('Live Bello');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Control+a');
      await page.keyboard.type('5');
      await page.keyboard.press('Enter');
      await expect(page.getByText('Not added: Production was not confirmed')).toBeVisible();
      expect(main.productionQuestions.at(-1)).toMatchObject({ message: 'Add Live Bello (Hunde (5)) to PRODUCTION?' });

      // A status key and a correction in production name the category too, and say what changes.
      const live = server.service.store.createPet({ name: 'Live Rex', categoryId: '5', status: 'available' });
      await page.keyboard.press('Control+r');
      const liveRow = page.locator(`tr[data-pet-id="${live.id}"]`);
      await expect(liveRow).toContainText('Hunde 5', { timeout: 15_000 });
      await liveRow.focus();
      await page.keyboard.press('s');
      await expect(page.getByText('Live Rex was not changed')).toBeVisible();
      expect(main.productionQuestions.at(-1)).toEqual({
        message: 'Mark Live Rex (Hunde (5)) sold in PRODUCTION?',
        detail: "The live shop's server will show Live Rex (Hunde (5)) as sold.",
        confirmLabel: 'Mark sold',
      });
      await liveRow.focus();
      await page.keyboard.press('e');
      const correcting = page.getByRole('dialog', { name: /Correct Live Rex/ });
      await correcting.getByLabel('Category', { exact: true }).fill('7');
      await correcting.getByLabel('Status', { exact: true }).selectOption('pending');
      await correcting.getByLabel('Category', { exact: true }).press('Enter');
      await expect(correcting.getByRole('alert')).toContainText('Live Rex was not changed');
      expect(main.productionQuestions.at(-1)).toMatchObject({
        message: 'Change Live Rex (Hunde (5)) in PRODUCTION?',
        detail: 'Category: Hunde (5) → category 7\nStatus: available → pending',
      });
      await page.keyboard.press('Escape');
      expect(server.service.store.getPet(live.id)).toMatchObject({ categoryId: '5', status: 'available' });
    } finally {
      await server.close();
    }
  });

  test('the manager’s lock: the counter works on; switching, Settings’ saves and discarding ask for the PIN, each once', async ({
    app: { page, core },
  }) => {
    const server = await connectServer(core, 'staging');
    try {
      await page.keyboard.press('Control+,');
      await page.getByLabel('PIN', { exact: true }).fill('2468');
      await page.getByRole('button', { name: 'Set PIN' }).click();
      await expect(page.getByText('The manager’s PIN is set.')).toBeVisible();
      await page.getByRole('button', { name: 'Animals' }).click();

      // Switching asks; a wrong PIN says so; the right one switches; the next switch asks again.
      await page.getByRole('radio', { name: 'Staging' }).click();
      const pin = page.getByRole('dialog', { name: 'Manager’s PIN' });
      await expect(pin).toContainText('Switching to Staging needs the manager’s PIN.');
      await expect(page.getByLabel('PIN', { exact: true })).toBeFocused();
      await checkScreen(page, 'manager-pin');
      await page.keyboard.type('1111');
      await page.keyboard.press('Enter');
      await expect(pin).toContainText(/That is not the manager.s PIN\./);
      await page.keyboard.type('2468');
      await page.keyboard.press('Enter');
      await expect(page.locator('.env-strip')).toHaveAttribute('data-environment', 'staging');
      await page.getByRole('radio', { name: 'Local' }).click();
      await expect(pin).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.locator('.env-strip')).toHaveAttribute('data-environment', 'staging');
      await expect(page.getByRole('radio', { name: 'Staging' })).toBeChecked();

      // The counter's work needs no PIN: adding (it waits, the server being down) and changing.
      server.proxy.setMode('reset');
      await page.keyboard.press('Control+n');
      await expect(nameField(page)).toBeFocused();
      await page.keyboard.type('Waiting Wally');
      await page.keyboard.press('Tab');
      await page.keyboard.type('3');
      await page.keyboard.press('Enter');
      await expect(row(page, 'Waiting Wally')).toContainText('Waiting to sync');
      // Discarding what waits asks for the PIN.
      await row(page, 'Waiting Wally').click();
      await page.keyboard.press('Delete');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /Discard/ })
        .click();
      await expect(pin).toContainText('Discarding what waits to be sent to Staging needs the manager’s PIN.');
      await page.keyboard.type('2468');
      await page.keyboard.press('Enter');
      await expect(row(page, 'Waiting Wally')).toHaveCount(0);

      // Settings show without it; each save asks for it for that one task, and main locks again after it.
      await page.keyboard.press('Control+,');
      await expect(page.getByRole('heading', { name: 'Safety' })).toBeVisible();
      const staging = page.getByRole('region', { name: 'Staging server' });
      await expect(staging.getByLabel('Address')).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/v1$/); // the stored one, shown
      await staging.getByLabel('Address').fill('http://127.0.0.1:9/v1');
      await staging.getByRole('button', { name: 'Save address' }).click();
      await expect(pin).toContainText('Changing Staging’s address needs the manager’s PIN.');
      await page.keyboard.type('2468');
      await page.keyboard.press('Enter');
      await expect(page.getByText('Staging address saved.')).toBeVisible();
      expect((await core.environmentSettings('staging')).baseUrl).toBe('http://127.0.0.1:9/v1');
      expect(core.managerLock().unlocked).toBe(false);
      // Given up (Escape): not saved, and the field says why.
      await staging.getByRole('button', { name: 'Clear key' }).click();
      await expect(pin).toContainText('Removing Staging’s key needs the manager’s PIN.');
      await page.keyboard.press('Escape');
      await expect(staging.getByText('Not done: it needs the manager’s PIN.')).toBeVisible();
      expect((await core.environmentSettings('staging')).key.set).toBe(true);
      await page.getByRole('button', { name: 'Animals' }).click();
      expect(core.managerLock().unlocked).toBe(false);
    } finally {
      await server.close();
    }
  });
});
