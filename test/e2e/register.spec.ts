// The shop's register of a period, from the window: opened by its shortcut, the environment named
// in the strip's own words, the year so far by default, a reversed period refused by main on its
// field, the register exported through main's save dialog (answered by the harness). The built
// renderer in Chromium over the real core.
import { localToday } from '../../src/shared/contract';
import { expect, test } from './harness';
import { checkScreen, reopen, restartInProduction } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

test('the register from the keyboard: a reversed period is refused on its field; Enter exports; Escape closes', async ({
  app: { page, core, main },
}) => {
  core.setCurrency({ environment: 'local', currency: 'GBP' });
  core.addPet('local', {
    name: 'Sold in March',
    categoryId: '1',
    status: 'sold',
    acquiredOn: '2025-02-01',
    soldOn: '2025-03-15',
    price: 12_50,
  });
  core.addPet('local', { name: 'Sold the year before', categoryId: '1', status: 'sold', soldOn: '2024-12-31' });
  core.addPet('local', { name: 'Taken in later', categoryId: '1', status: 'available', acquiredOn: '2025-07-01' });
  await reopen(page);
  const opener = page.getByRole('button', { name: 'Register…' });
  await expect(opener).toHaveAttribute('aria-keyshortcuts', 'Control+Shift+E');
  await page.keyboard.press('Control+Shift+E');

  const dialog = page.getByRole('dialog', { name: 'Export the register of Local store' });
  await expect(dialog).toHaveAccessibleDescription('Local store: the animals kept on this computer only');
  const from = dialog.getByLabel('From', { exact: true });
  const to = dialog.getByLabel('To', { exact: true });
  const today = localToday();
  await expect(from).toHaveValue(`${today.slice(0, 4)}-01-01`); // the year so far
  await expect(to).toHaveValue(today);
  await expect(from).toBeFocused();

  // Typed over (a field's text is selected as it takes the focus), the days the wrong way round.
  await page.keyboard.type('2025-06-30');
  await page.keyboard.press('Tab');
  await expect(to).toBeFocused();
  await page.keyboard.type('2025-01-01');
  await page.keyboard.press('Enter');
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await expect(from).toHaveAccessibleDescription(
    'From must not be after to (2025-01-01): the period runs from one day to a later one',
  );
  await expect(from).toBeFocused();
  expect(main.savedFiles).toEqual([]);
  await checkScreen(page, 'register');

  await page.keyboard.type('2025-01-01');
  await expect(from).not.toHaveAttribute('aria-invalid');
  await page.keyboard.press('Tab');
  await page.keyboard.type('2025-06-30');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByText(
      /^Register of Local store, 2025-01-01 to 2025-06-30: 1 animal exported to .*register-local-2025-01-01-to-2025-06-30\.csv\.$/,
    ),
  ).toBeVisible();
  expect(main.savedFiles).toHaveLength(1);
  const lines = main.savedFiles[0]!.contents.trimEnd().split('\r\n');
  expect(lines).toHaveLength(2); // the header and the one animal held in the period
  expect(lines[1]).toContain('"Sold in March"');
  expect(lines[1]).toMatch(/"2025-03-15","","","12\.50"$/); // sold on, neither left on nor how, the price
  expect(await page.evaluate('document.activeElement === document.body')).toBe(false); // never the page body

  // Escape closes it; nothing is exported.
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  expect(main.savedFiles).toHaveLength(1);
});

test('in production the register says so, in the strip’s words, before anything is exported', async ({
  app: { page, core },
}) => {
  await restartInProduction(page, core);
  await page.keyboard.press('Control+Shift+E');
  const dialog = page.getByRole('dialog', { name: 'Export the register of Production' });
  await expect(dialog).toHaveAccessibleDescription('⚠ PRODUCTION: the live shop. Animals added here are real.');
  await expect(dialog.locator('.env-strip-production')).toBeVisible();
  await expect(dialog).toContainText('and those added here that the server does not have yet');
});
