// What a person's keys and clicks do, and where the focus goes: the start in production, quick
// switches, dialogs, typing as fast as a scanner, Settings' fields, names that try to rewrite the
// window. Real core, real SQLite, a real keychain, our service behind a fault proxy, main
// answering slowly where it matters.
import type { Page } from '@playwright/test';
import { expect, test } from './harness';
import { addByKeyboard, connectServer, reopen, row, useCleanups, workIn } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

const cleanups = useCleanups();

type InPage = { document: { activeElement: unknown; body: unknown } }; // tests are typed without the DOM library
const focusIsOnBody = (page: Page) =>
  page.evaluate(
    () => (globalThis as unknown as InPage).document.activeElement === (globalThis as unknown as InPage).document.body,
  );

test('started in production: the default the code names ("Continue in production") has the focus, and looks like what it does', async ({
  app: { page, core },
}) => {
  await connectServer(core, 'production').then((server) => cleanups.push(() => server.close()));
  await workIn(page, core, 'production');
  const notice = page.getByRole('dialog', { name: 'You are working in PRODUCTION' });
  const carryOn = notice.getByRole('button', { name: 'Continue in production' });
  const leave = notice.getByRole('button', { name: 'Switch to the local store' });
  await expect(carryOn).toBeFocused();
  await expect(carryOn).toHaveClass(/\bdanger\b/); // the risky one is red, never the safe green
  await expect(leave).not.toHaveClass(/\bdanger\b/);
  await page.keyboard.press('Enter');
  await expect(notice).toHaveCount(0);
  await expect(page.locator('.env-strip')).toContainText('PRODUCTION');
  expect(core.activeEnvironment().environment).toBe('production');
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused(); // ready to work, not on the page body
});

test('two switches in quick succession, with main answering in 40 ms: the last one chosen is shown, after one round trip each', async ({
  app: { page, core, main },
}) => {
  for (const environment of ['production', 'staging'] as const) {
    await connectServer(core, environment).then((server) => cleanups.push(() => server.close()));
  }
  await reopen(page);
  main.answerDelayMs = 40;
  main.calls = {};
  await page.keyboard.press('Control+2');
  await page.keyboard.press('Control+3');
  await expect(page.locator('.env-strip')).toHaveAttribute('data-environment', 'staging');
  // It stays there: nothing echoes an older decision back.
  const shown: string[] = [];
  for (let i = 0; i < 20; i++) {
    shown.push((await page.locator('.env-strip').getAttribute('data-environment'))!);
    await page.waitForTimeout(50);
  }
  expect(new Set(shown)).toEqual(new Set(['staging']));
  expect(core.activeEnvironment().environment).toBe('staging');
  expect(main.calls['setActiveEnvironment']).toBe(2);

  // Both at once (the keys held down together), the same.
  main.calls = {};
  await page.keyboard.down('Control');
  await page.keyboard.press('2');
  await page.keyboard.press('1');
  await page.keyboard.up('Control');
  await expect(page.locator('.env-strip')).toHaveAttribute('data-environment', 'local');
  await page.waitForTimeout(500);
  await expect(page.locator('.env-strip')).toHaveAttribute('data-environment', 'local');
  expect(main.calls['setActiveEnvironment']).toBe(2);
});

test('after every dialog the focus is back where the person was, never on the page body', async ({
  app: { page, core, main },
}) => {
  // Production not confirmed in main's question: the animal is back in the form, the focus in Name,
  // and Tab goes on to the category.
  await connectServer(core, 'production').then((server) => cleanups.push(() => server.close()));
  await page.keyboard.press('Control+2');
  main.productionAnswer = false;
  await addByKeyboard(page, 'Real Rabbit', '5');
  await expect(page.getByText('Not added: Production was not confirmed')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Real Rabbit');
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Category', { exact: true })).toBeFocused();
  await page.getByLabel('Category', { exact: true }).fill('');
  await page.getByLabel('Name', { exact: true }).fill('');

  // Refused rows: Fix / Resend cancelled, and Discard cancelled, give the focus back to their button.
  const staging = await connectServer(core, 'staging');
  cleanups.push(() => staging.close());
  staging.proxy.rejectPostsWith('not at this shop');
  await page.keyboard.press('Control+3');
  for (const name of ['Bad Dog', 'Worse Dog']) await addByKeyboard(page, name, '1');
  await page.keyboard.press('F5');
  await expect(page.getByTestId('refused-count')).toHaveText('2 refused', { timeout: 15_000 });
  const fix = page.getByRole('button', { name: 'Fix and resend Bad Dog' });
  await fix.focus();
  await page.keyboard.press('Enter');
  const fixDialog = page.getByRole('dialog', { name: 'Fix and resend' });
  await expect(fixDialog.getByLabel('Name', { exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(fix).toBeFocused();
  const discard = page.getByRole('button', { name: 'Discard Worse Dog' });
  await discard.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('dialog', { name: 'Discard Worse Dog?' }).getByRole('button', { name: 'Cancel' }),
  ).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(discard).toBeFocused();
  // Discarded: its row and button are gone; the focus goes to the list, not the body.
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Discard Worse Dog?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(row(page, 'Worse Dog')).toHaveCount(0);
  expect(await focusIsOnBody(page)).toBe(false);
});

test('typing as fast as a scanner loses nothing: every name arrives whole, in order', async ({
  app: { page, core, main },
}) => {
  for (const [delay, answerMs] of [
    [0, 0],
    [0, 40],
    [15, 40],
  ] as const) {
    main.answerDelayMs = answerMs; // while main answers one add, the next name is already being typed
    const names = Array.from({ length: 10 }, (_, i) => `Key ${delay}-${answerMs}-${i}`);
    for (const name of names) await addByKeyboard(page, name, '7', delay);
    await expect
      .poll(async () =>
        (await core.listPets('local', { limit: 100 })).pets
          .filter((pet) => pet.name.startsWith(`Key ${delay}-${answerMs}-`))

          .map((pet) => pet.name),
      )
      .toEqual(names);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  }
});

/** Settings opened while main holds back the stored settings: the stored address (https://stored.example/v1) has not arrived. */
async function settingsBeforeTheStoredAddress(
  page: Page,
  core: { setBaseUrl(environment: 'staging', url: string): Promise<unknown> },
  main: { holdAnswers(channel: string): () => void },
) {
  await core.setBaseUrl('staging', 'https://stored.example/v1');
  const answer = main.holdAnswers('environmentSettings');
  await page.keyboard.press('Control+,');
  return { address: page.locator('.env-card-staging').getByLabel('Address'), answer };
}

test('Settings: an address typed before the stored one arrives is kept; a key too long is said so in words', async ({
  app: { page, core, main },
}) => {
  const { address, answer } = await settingsBeforeTheStoredAddress(page, core, main);
  await address.fill('https://typed.example/v1');
  answer();
  await expect(page.locator('#staging-key-note')).toHaveText('No key set.'); // the stored settings have arrived
  await expect(address).toHaveValue('https://typed.example/v1');
  const key = page.locator('.env-card-staging').getByLabel('Key');
  await key.fill('k'.repeat(5_000));
  await page.locator('.env-card-staging').getByRole('button', { name: 'Set key' }).click();
  await expect(page.locator('#staging-key-note')).toHaveText('key is too long: at most 4096 characters, got 5000');
});

test('Settings: in the address field when the stored address arrives, what is typed replaces it', async ({
  app: { page, core, main },
}) => {
  const { address, answer } = await settingsBeforeTheStoredAddress(page, core, main);
  await address.focus();
  await expect(address).toHaveValue(''); // in the field before the stored address arrives
  answer();
  await expect(address).toHaveValue('https://stored.example/v1');
  await page.keyboard.type('https://typed.example/v1');
  await expect(address).toHaveValue('https://typed.example/v1');
});

test('names cannot rewrite the window: direction controls and invisible names are refused; names shown isolated', async ({
  app: { page, core },
}) => {
  await addByKeyboard(page, '\u202Egod a si siht', '1');
  await expect(page.locator('#add-name-error')).toHaveText(
    'name must not contain text-direction controls (U+202A to U+202E, U+2066 to U+2069)',
  );
  await page.getByLabel('Name', { exact: true }).fill('\u200B');
  await page.getByLabel('Name', { exact: true }).press('Enter');
  await expect(page.locator('#add-name-error')).toHaveText('name must contain at least one visible character');
  expect((await core.listPets('local')).pets).toEqual([]);
  // A right-to-left name is fine, and stays inside its own isolate in the app's sentences.
  await page.getByLabel('Name', { exact: true }).fill('רקס');
  await page.getByLabel('Name', { exact: true }).press('Enter');
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'added as number 1.' }).locator('bdi')).toHaveText(
    'רקס',
  );
  await expect(row(page, 'רקס').locator('bdi')).toHaveText('רקס');
});
