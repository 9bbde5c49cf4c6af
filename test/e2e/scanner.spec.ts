// A keyboard-wedge scanner in the window: a code typed faster than a person can, ending in Enter,
// anywhere but a field finds the animal (label code, number, microchip) and opens it; in the add
// form's name it is typing; during a dialog or a slow main it waits, and never acts on a row. The
// built renderer in Chromium over a real core; the keys come stamped at a scanner's pace or a person's.
import type { Page } from '@playwright/test';
import { labelCode } from '../../src/shared/contract';
import { expect, test } from './harness';
import { typeAt } from './scanner-keys';
import { checkScreen, reopen, row } from './ui-helpers';

const CHIP = '985141000123456';
const correcting = (page: Page, name: string) => page.getByRole('dialog', { name: `Correct ${name}` });

test('a code scanned over a row, at 5, 15 or 30 ms a key, opens its animal and leaves the row as it was', async ({
  app: { page, core },
}) => {
  const rex = core.addPet('local', { name: 'Rex', categoryId: '1', status: 'available', microchip: CHIP }) as {
    pet: { id: string };
  };
  core.addPet('local', { name: 'Biscuit', categoryId: '1', status: 'available' });
  await reopen(page);
  for (const delay of [5, 15, 30]) {
    // (A number alone is a scan from four digits: see the detector's tests; this store's ids are short.)
    for (const code of [labelCode(rex.pet.id), CHIP]) {
      await row(page, 'Biscuit').focus();
      await typeAt(page, code, delay);
      await expect(correcting(page, 'Rex'), `${code} at ${delay} ms`).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(correcting(page, 'Rex')).toHaveCount(0);
    }
  }
  // The codes' capitals, its Enter: none reached Biscuit's row as a key.
  expect((await core.getPet('local', rex.pet.id)).status).toBe('available');
  expect(core.petHistory('local', rex.pet.id).entries.map((entry) => entry.action)).toEqual(['added']);
  const biscuit = (await core.listPets('local', {})).pets.find((pet) => pet.name === 'Biscuit')!;
  expect(core.petHistory('local', biscuit.id).entries.map((entry) => entry.action)).toEqual(['added']);
});

test('in the search field a scan opens its animal and leaves the search as it was; a person’s number is a search', async ({
  app: { page, core },
}) => {
  const rex = core.addPet('local', { name: 'Rex', categoryId: '1' }) as { pet: { id: string } };
  await reopen(page);
  const search = page.getByLabel(/Find by name/);
  await search.fill('re');
  await search.press('End');
  await typeAt(page, labelCode(rex.pet.id), 5);
  await expect(correcting(page, 'Rex')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('re');

  await search.fill('');
  await typeAt(page, rex.pet.id, 120); // a person, Enter and all
  await expect(search).toHaveValue(rex.pet.id);
  await expect(page.locator('dialog[open]')).toHaveCount(0);
});

test('in the add form’s name a scan is typing, never a command', async ({ app: { page, core } }) => {
  const rex = core.addPet('local', { name: 'Rex', categoryId: '1' }) as { pet: { id: string } };
  await reopen(page);
  await page.keyboard.press('Control+n');
  const name = page.getByLabel('Name', { exact: true });
  await expect(name).toBeFocused();
  await typeAt(page, labelCode(rex.pet.id), 5, { enter: false });
  await expect(name).toHaveValue(labelCode(rex.pet.id));
  await expect(page.locator('dialog[open]')).toHaveCount(0);
});

test('a scan during a dialog, or while main is slow, waits and is never lost, nor acts on the row moved to', async ({
  app: { page, core, main },
}) => {
  const rex = core.addPet('local', { name: 'Rex', categoryId: '1', status: 'available' }) as { pet: { id: string } };
  core.addPet('local', { name: 'Biscuit', categoryId: '1', status: 'available' });
  await reopen(page);
  await row(page, 'Biscuit').focus();
  await page.keyboard.press('h');
  const history = page.getByRole('dialog', { name: /Biscuit/ });
  await expect(history).toBeVisible();
  await typeAt(page, labelCode(rex.pet.id), 5);
  await expect(correcting(page, 'Rex')).toHaveCount(0); // not over the dialog the person is reading
  await page.keyboard.press('Escape');
  await expect(correcting(page, 'Rex')).toBeVisible();
  // Opened by a scan, its focus is off its fields: scanned again, nothing is typed into Rex, and
  // Biscuit waits for Rex's dialog to close.
  await expect(correcting(page, 'Rex').getByRole('button', { name: 'Cancel' })).toBeFocused();
  const biscuit = (await core.listPets('local', {})).pets.find((pet) => pet.name === 'Biscuit')!;
  await typeAt(page, labelCode(biscuit.id), 5);
  await expect(correcting(page, 'Rex').getByLabel('Name', { exact: true })).toHaveValue('Rex');
  await expect(correcting(page, 'Rex')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(correcting(page, 'Biscuit')).toBeVisible();
  await page.keyboard.press('Escape');

  main.answerDelayMs = 400;
  await row(page, 'Biscuit').focus();
  await typeAt(page, labelCode(rex.pet.id), 5);
  await page.keyboard.press('ArrowUp'); // the person moves on while main looks it up
  await expect(correcting(page, 'Rex')).toBeVisible({ timeout: 5_000 });
  await checkScreen(page, 'scanned');
  await page.keyboard.press('Escape');
  expect((await core.listPets('local', {})).pets.map((pet) => pet.status)).toEqual(['available', 'available']);
});

test('Find by number opens the animal by its number, label code or microchip, and says what it could not find', async ({
  app: { page, core },
}) => {
  const rex = core.addPet('local', { name: 'Rex', categoryId: '1', microchip: CHIP }) as { pet: { id: string } };
  await reopen(page);
  await page.getByText('Find by number').click();
  await expect(page.locator('.find-by-number')).not.toContainText('Deprecated');
  const field = page.getByLabel('Number, label code or microchip');
  for (const text of [rex.pet.id, labelCode(rex.pet.id), '985 141 000 123 456']) {
    await field.fill(text);
    await field.press('Enter');
    await expect(correcting(page, 'Rex'), text).toBeVisible();
    await page.keyboard.press('Escape');
  }
  await field.fill('99');
  await field.press('Enter');
  await expect(page.locator('.find-by-number')).toContainText('No animal has the number 99.');
});

test('a scan opens its animal when the filter shows no row at all', async ({ app: { page, core } }) => {
  const rex = core.addPet('local', { name: 'Rex', categoryId: '1', status: 'available' }) as { pet: { id: string } };
  await reopen(page);
  await page.getByRole('radio', { name: /^Pending/ }).check();
  await expect(page.getByTestId('empty-list')).toBeVisible();
  await page.getByTestId('empty-list').locator('p').click(); // the focus off the radio: a scan there is no field's
  await typeAt(page, labelCode(rex.pet.id), 5);
  await expect(correcting(page, 'Rex')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(correcting(page, 'Rex')).toHaveCount(0);
});

test('a scan made in one environment and not yet opened when the person switches says so, and opens nothing', async ({
  app: { page, core, main },
}) => {
  const rex = core.addPet('local', { name: 'Rex', categoryId: '1', status: 'available' }) as { pet: { id: string } };
  await reopen(page);
  await page.locator('[data-focus-home]').focus();
  const release = main.holdAnswers('findAnimal'); // main still looking the scan up
  await typeAt(page, labelCode(rex.pet.id), 5);
  await page.keyboard.press('Control+3');
  await expect(page.locator('.env-strip')).toHaveAttribute('data-environment', 'staging');
  release();
  await expect(
    page.getByText(
      `Scanned ${labelCode(rex.pet.id)} in Local store, not opened: the window shows Staging now. Go back to Local store and scan it again.`,
    ),
  ).toBeVisible({ timeout: 5_000 });
  await expect(page.locator('dialog[open]')).toHaveCount(0);
});
