// Staff at the counter: signing in from the keyboard (the shortcut, a number, the PIN, Enter), the
// person in the top bar, each change named in the animal's history, signing out, and main's idle
// sign-out keeping what was half typed. The built renderer in Chromium over the real core, whose
// clock the test may move on.
import { test as base, expect, type Page } from '@playwright/test';
import type { PetstoreCore } from '../../src/main/core/petstore-core';
import { serveRenderer } from '../helpers/renderer-page';
import { openHarnessApp } from './harness';
import { checkScreen, closeToasts } from './ui-helpers';

const MARIA = { name: 'Maria', role: 'manager', pin: '24681357' } as const;
const ANA = { name: 'Ana', role: 'staff', pin: '1234' } as const;

/** A shop whose list has a manager (1, Maria) and a staff member (2, Ana); main's clock moves on when told. */
const test = base.extend<{ shop: { page: Page; core: PetstoreCore; passTime(ms: number): void } }>({
  shop: async ({ page }, use) => {
    const { server, url } = await serveRenderer();
    let ahead = 0;
    const app = await openHarnessApp(page, url, { now: () => Date.now() + ahead });
    await app.core.addStaff(MARIA);
    await app.core.unlockManager(MARIA.pin, { task: 'manage-staff' });
    await app.core.addStaff(ANA);
    await use({ page, core: app.core, passTime: (ms) => void (ahead += ms) });
    expect(app.pageErrors, 'uncaught errors in the page').toEqual([]);
    server.close();
    await app.close();
  },
});

const topBar = (page: Page) => page.locator('.counter-person');
const signInDialog = (page: Page) => page.getByRole('dialog', { name: 'Who is at the counter?' });

/** Ctrl+L, the person's number, their PIN, Enter: as the counter signs in. */
async function signInByKeyboard(page: Page, number: string, pin: string): Promise<void> {
  await page.keyboard.press('Control+l');
  await expect(signInDialog(page)).toBeVisible();
  await page.keyboard.press(number);
  await expect(page.getByLabel('PIN', { exact: true })).toBeFocused();
  await page.keyboard.type(pin);
  await page.keyboard.press('Enter');
  await expect(page.locator('dialog[open]')).toHaveCount(0);
}

test('signing in from the keyboard names the person in the top bar and in each change; signing out', async ({
  shop: { page, core },
}) => {
  const added = core.addPet('local', { name: 'Rex', categoryId: '1', status: 'available' }) as { pet: { id: string } };
  const rex = page.locator(`tr[data-pet-id="${added.pet.id}"]`);
  await expect(topBar(page)).toContainText('Nobody signed in');
  await expect(page.getByRole('button', { name: 'Sign in…' })).toBeVisible();

  // Nobody signed in: a change is refused in main's words, and the sign-in dialog is offered.
  await rex.focus();
  await page.keyboard.press('s');
  await expect(signInDialog(page)).toBeVisible();
  await expect(page.getByText(/sign in at the counter first/)).toBeVisible();
  expect(await core.getPet('local', added.pet.id)).toMatchObject({ status: 'available' });
  await expect(signInDialog(page).getByRole('button', { name: /Maria/ })).toBeFocused();
  await closeToasts(page);
  await checkScreen(page, 'sign-in');
  await page.keyboard.press('Escape');
  await expect(signInDialog(page)).toHaveCount(0);

  // Ctrl+L, 2 (Ana), a wrong PIN said on its field, then hers.
  await page.keyboard.press('Control+l');
  await page.keyboard.press('2');
  const pinDialog = page.getByRole('dialog', { name: 'Ana' });
  await expect(page.getByLabel('PIN', { exact: true })).toBeFocused();
  await page.keyboard.type('9999');
  await page.keyboard.press('Enter');
  await expect(pinDialog).toContainText('That is not Ana');
  await expect(page.getByLabel('PIN', { exact: true })).toHaveValue('');
  await checkScreen(page, 'sign-in-pin');
  await page.keyboard.type(ANA.pin);
  await page.keyboard.press('Enter');
  await expect(pinDialog).toHaveCount(0);
  await expect(topBar(page)).toContainText('Signed in: Ana');

  // The status change is made, and named hers.
  await rex.focus();
  await page.keyboard.press('s');
  await expect(rex).toContainText('sold');
  const [latest] = core.petHistory('local', added.pet.id).entries;
  expect(latest).toMatchObject({ action: 'changed', via: 'window', by: 'Ana' });

  // Signing out: the top bar says nobody is, and offers to sign in again.
  await topBar(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(topBar(page)).toContainText('Nobody signed in');
  await expect(page.getByRole('button', { name: 'Sign in…' })).toBeFocused();
  expect(core.counter().signedIn).toBeNull();
});

test('main signs the person out after the idle time; what was half typed stays, and goes as the next person’s', async ({
  shop: { page, core, passTime },
}) => {
  await signInByKeyboard(page, '2', ANA.pin);
  await expect(topBar(page)).toContainText('Signed in: Ana');
  await page.keyboard.press('Control+n');
  await page.keyboard.type('Half Typed');

  passTime(6 * 60_000); // past the five idle minutes
  await expect(topBar(page)).toContainText('Nobody signed in');
  expect(core.counter().signedIn).toBeNull();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Half Typed');

  // Maria signs in over it; the focus goes back to the form, and the add is hers.
  await signInByKeyboard(page, '1', MARIA.pin);
  await expect(topBar(page)).toContainText('Signed in: Maria (manager)');
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('row').filter({ hasText: 'Half Typed' })).toBeVisible();
  const { pets } = await core.listPets('local', {});
  expect(core.petHistory('local', pets[0]!.id).entries[0]).toMatchObject({ action: 'added', by: 'Maria' });
});

test('a signed-in manager keeps the staff list in Settings without the PIN', async ({ shop: { page, core } }) => {
  await signInByKeyboard(page, '1', MARIA.pin);
  await page.keyboard.press('Control+,');
  const staff = page.getByRole('region', { name: 'Staff at the counter' });
  await staff.getByLabel('Name', { exact: true }).fill('Bo');
  await staff.getByLabel('Personal PIN').fill('55');
  await staff.getByRole('button', { name: 'Add' }).click();
  await expect(staff.getByText('PIN must be 4 to 8 digits')).toBeVisible();
  await staff.getByLabel('Personal PIN').fill('5555');
  await staff.getByRole('button', { name: 'Add' }).click();
  await expect(staff.getByRole('row', { name: /Bo/ })).toBeVisible();
  expect(core.counter().staff.map(({ name }) => name)).toEqual(['Maria', 'Ana', 'Bo']);
  await closeToasts(page);
  await staff.scrollIntoViewIfNeeded();
  await checkScreen(page, 'staff-settings');
});

for (const [width, height] of [
  [800, 600],
  [1024, 768],
] as const) {
  test(`a ${width}×${height} window with someone signed in: the top bar names them, nothing but the list scrolls`, async ({
    shop: { page, core },
  }) => {
    await page.setViewportSize({ width, height });
    await core.unlockManager(MARIA.pin, { task: 'manage-staff' });
    await core.addStaff({ name: 'Maria-Fernanda Oliveira', role: 'manager', pin: '13572468' });
    await signInByKeyboard(page, '3', '13572468');
    await expect(topBar(page)).toContainText('Signed in: Maria-Fernanda Oliveira (manager)');
    await expect(topBar(page).getByRole('button', { name: 'Sign out' })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Add to Local' })).toBeInViewport({ ratio: 1 });
    const overflow = (await page.evaluate(
      `document.documentElement.scrollHeight - window.innerHeight + Math.max(0, document.documentElement.scrollWidth - window.innerWidth)`,
    )) as number;
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
