// An animal's details at the counter: the currency a manager sets, the forms from the declaration,
// the list's columns and filters, and find by breed or microchip. The built renderer in Chromium
// over the real core.
import type { Page } from '@playwright/test';
import { ageInWords, formatMoney, localToday } from '../../src/shared/contract';
import { expect, test } from './harness';
import { typeAt } from './scanner-keys';
import { checkScreen, closeToasts, reopen, row } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 900 } });

const openSettings = async (page: Page) => {
  await page.keyboard.press('Control+,');
  await expect(page.getByRole('heading', { name: 'Prices' })).toBeVisible();
};

test('a manager sets each environment’s currency in Settings, with the PIN; the window reads prices in it at once', async ({
  app: { page, core },
}) => {
  core.addPet('local', { name: 'Goldie', categoryId: '4', price: 1250 });
  await core.setManagerPin('2468');
  await openSettings(page);
  const local = page.getByLabel('Local store currency');
  await expect(local).toHaveValue(/^[A-Z]{3}$/);
  await local.fill('pounds');
  await local.press('Enter');
  await expect(page.locator('#currency-local-note')).toHaveText(/^Currency must be an ISO 4217 currency code/);
  await local.fill('gbp');
  await expect(page.locator('#currency-local-note')).toHaveText(/^British Pound, as in £12\.50$/);
  await local.press('Enter');
  const pin = page.getByRole('dialog', { name: 'Manager’s PIN' });
  await expect(pin).toContainText('Changing the currency of Local store’s prices needs the manager’s PIN.');
  await page.keyboard.type('2468');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Local store prices are now shown in GBP.')).toBeVisible();
  expect(core.currency('local')).toBe('GBP');
  await expect(local).toHaveValue('GBP');
  await closeToasts(page);
  await page.locator('.currency-settings').scrollIntoViewIfNeeded();
  await checkScreen(page, 'settings-currency');
  // The same amount, now read in pounds: in the list, and in the form beside the price.
  await page.keyboard.press('Control+Shift+A');
  await expect(row(page, 'Goldie').locator('td.detail-price')).toHaveText('£12.50');
  await expect(page.locator('#add-price-currency')).toHaveText('GBP');
});

test('an animal’s details from the keyboard: More details opens with Enter and stays open; the price is read in the currency', async ({
  app: { page, core },
}) => {
  core.setCurrency({ environment: 'local', currency: 'GBP' });
  await reopen(page);
  await page.keyboard.press('Control+n');
  await page.keyboard.type('Biscuit');
  await page.keyboard.press('Tab');
  await page.keyboard.type('3');
  await page.keyboard.press('Tab'); // the status: Available
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Price', { exact: true })).toBeFocused();
  await expect(page.locator('#add-price-currency')).toHaveText('GBP');
  await page.keyboard.type('12.505');
  await expect(page.locator('#add-price-error')).toHaveText(
    'price must have at most 2 decimal places in GBP, got "12.505"',
  );
  await page.keyboard.press('Backspace');
  await expect(page.locator('#add-price-error')).toHaveText('');
  await page.keyboard.press('Tab');
  const sex = page.locator('.add-form').getByLabel('Sex', { exact: true });
  await expect(sex).toBeFocused();
  await page.keyboard.type('f');
  await expect(sex).toHaveValue('female');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Born', { exact: true })).toHaveAttribute('placeholder', '2026-05-03, 2026-05, 2026');
  await page.keyboard.type('2026-13');
  await expect(page.locator('#add-bornOn-error')).toHaveText(/^born must be a real date \(months run from 01 to 12\)/);
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('05');
  await expect(page.locator('#add-bornOn-error')).toHaveText(/^A day, or for an estimate a month or a year/);
  await page.keyboard.press('Tab');
  const more = page.locator('.add-form details.more-details');
  await expect(more.locator('summary')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('open', '');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Species', { exact: true })).toBeFocused();
  await page.keyboard.type('Dog');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Beagle');
  await page.keyboard.press('Tab');
  await page.keyboard.type('985 141 000 123 456');
  await expect(page.getByLabel('Sold on', { exact: true })).toHaveCount(0); // shown for a sold animal only
  await checkScreen(page, 'add-form-more-details');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  await expect.poll(() => core.animals('local').total).toBe(1);
  expect(await core.getPet('local', '1')).toMatchObject({
    name: 'Biscuit',
    price: 1250,
    sex: 'female',
    bornOn: '2026-05',
    species: 'Dog',
    breed: 'Beagle',
    microchip: '985141000123456',
  });
  // In the list: the price in the currency, the age in words (the birth date on hover).
  const biscuit = row(page, 'Biscuit');
  await expect(biscuit.locator('td.detail-price')).toHaveText('£12.50');
  await expect(biscuit.locator('td.detail-age')).toHaveText(ageInWords('2026-05', localToday()));
  await expect(biscuit.locator('td.detail-age')).toHaveAttribute('title', /^Born May 2026$/);
  // The form is ready for the next animal, More details still open, and so after a restart.
  await expect(page.getByLabel('Breed', { exact: true })).toHaveValue('');
  await reopen(page);
  await expect(page.locator('.add-form details.more-details')).toHaveAttribute('open', '');
  await page.locator('#add-status').selectOption('sold');
  await expect(page.getByLabel('Sold on', { exact: true })).toBeVisible();
});

test('a correction shows every detail, two columns wide; a sale under treatment and a microchip already another’s are refused on their fields', async ({
  app: { page, core },
}) => {
  core.setCurrency({ environment: 'local', currency: 'GBP' });
  core.addPet('local', {
    name: 'Rex',
    categoryId: '1',
    status: 'available',
    price: 4999,
    sex: 'male',
    bornOn: '2025-11-01',
    species: 'Dog',
    breed: 'Beagle',
    microchip: '985141000123456',
    treatment: 'Antibiotics until 2026-12-01',
  });
  await reopen(page);
  await row(page, 'Rex').click();
  await page.keyboard.press('e');
  const dialog = page.getByRole('dialog', { name: /Correct Rex/ });
  await expect(dialog.getByLabel('Price', { exact: true })).toHaveValue('49.99');
  await expect(dialog.getByLabel('Treatment', { exact: true })).toHaveValue('Antibiotics until 2026-12-01');
  await expect(dialog.locator('details')).toHaveCount(0); // every field, none folded away
  const [price, sex] = [dialog.locator('[data-field="price"]'), dialog.locator('[data-field="sex"]')];
  expect((await price.boundingBox())!.y).toBe((await sex.boundingBox())!.y); // side by side
  await checkScreen(page, 'edit-animal-details');

  // Sold while under treatment: main refuses, and says why on the status.
  await dialog.getByLabel('Status', { exact: true }).selectOption('sold');
  await expect(dialog.getByLabel('Sold on', { exact: true })).toBeVisible();
  await dialog.getByLabel('Status', { exact: true }).press('Enter');
  await expect(dialog.locator('#edit-status-error')).toHaveText(
    /^Rex is under veterinary treatment \("Antibiotics until 2026-12-01"\): an animal under treatment cannot be sold\./,
  );
  expect((await core.getPet('local', '1')).status).toBe('available');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // A second animal with Rex's microchip: not added, put back with the reason on its field, naming Rex.
  // More details closed again before the add: the refusal opens it, where the reason is.
  await page.keyboard.press('Control+n');
  await page.keyboard.type('Rexette');
  const more = page.locator('.add-form details.more-details');
  await more.locator('summary').press('Enter');
  await page.getByLabel('Microchip', { exact: true }).fill('985141000123456');
  await more.locator('summary').press('Enter');
  await expect(more).not.toHaveAttribute('open');
  await expect(more.locator('summary')).toHaveText('More details (1 filled)');
  await page.getByLabel('Name', { exact: true }).press('Enter');
  await expect(page.locator('#add-microchip-error')).toHaveText(
    /^microchip is already Rex's \(id 1\): a microchip number belongs to one animal/,
  );
  await expect(more).toHaveAttribute('open', '');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Rexette');
  expect(core.animals('local').total).toBe(1);
});

test('an animal that died: given no status, the correction shows when and how it left; marked sold from the list, refused saying so', async ({
  app: { page, core },
}) => {
  core.addPet('local', { name: 'Goldie', categoryId: '4', status: 'available', acquiredOn: '2026-01-05' });
  await reopen(page);
  await row(page, 'Goldie').click();
  await page.keyboard.press('e');
  const dialog = page.getByRole('dialog', { name: /Correct Goldie/ });
  await expect(dialog.getByLabel('Left on', { exact: true })).toHaveCount(0); // not while it is for sale
  await dialog.getByLabel('Status', { exact: true }).selectOption('');
  await dialog.getByLabel('Left on', { exact: true }).fill('2026-03-01');
  const how = dialog.getByLabel('How it left', { exact: true });
  await expect(how.locator('option')).toHaveText([
    'Died',
    'Returned to its supplier',
    'Rehomed',
    'Another way',
    'It has not left',
  ]);
  await how.selectOption('died');
  await how.press('Enter');
  await expect(dialog).toHaveCount(0);
  expect(core.getPet('local', '1')).toMatchObject({ leftOn: '2026-03-01', leftHow: 'died' });
  expect(core.getPet('local', '1')).not.toHaveProperty('status');

  await row(page, 'Goldie').click();
  await page.keyboard.press('s');
  // The refusal's toast (the correction's, with its Undo, may still be beside it).
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toContainText(
    'Goldie left the shop on 2026-03-01 (died)',
  );
  expect(core.getPet('local', '1')).not.toHaveProperty('status');
});

test('the list’s detail columns: chosen from the keyboard, kept after a restart; a row under treatment says so', async ({
  app: { page, core },
}) => {
  core.setCurrency({ environment: 'local', currency: 'EUR' });
  const add = (pet: Record<string, unknown>) =>
    core.addPet('local', { categoryId: '2', status: 'available', ...pet } as never);
  add({
    name: 'Nibbles',
    price: 123456,
    sex: 'female',
    breed: 'Lionhead',
    bornOn: '2026-02',
    microchip: '250269604123456',
    treatment: 'Ear drops until Friday',
  });
  add({ name: 'Plain', categoryId: '3' });
  add({ name: 'Pepper', price: 4500, sex: 'male', breed: 'Netherland Dwarf', bornOn: '2026-09-14' });
  add({ name: 'Clover', price: 0, sex: 'female', breed: 'Rex', bornOn: '2024', status: 'pending' });
  await reopen(page);
  const headers = page.locator('table.animals thead th');
  await expect(headers).toHaveText(['Id', 'Name', 'Category', 'Status', 'Price', 'Age', 'Sync']);
  await expect(row(page, 'Nibbles').locator('td.detail-price')).toHaveText(formatMoney(123456, 'EUR', 'en-US'));
  await expect(row(page, 'Clover').locator('td.detail-price')).toHaveText('€0.00');
  await expect(row(page, 'Nibbles').getByText('Under treatment')).toHaveAttribute('title', 'Ear drops until Friday');
  await expect(row(page, 'Plain').getByText('Under treatment')).toHaveCount(0);

  const chooser = page.getByRole('button', { name: /^Columns/ });
  await chooser.focus();
  await page.keyboard.press('Enter');
  await expect(chooser).toHaveAttribute('aria-expanded', 'true');
  const choices = page.getByRole('group', { name: 'Columns shown in the list' });
  await expect(choices.getByRole('checkbox', { name: 'Photo' })).toBeFocused();
  await page.keyboard.press('ArrowDown'); // Price
  await page.keyboard.press('ArrowDown'); // Age
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown'); // Sex
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown'); // Breed
  await page.keyboard.press('ArrowDown'); // Microchip
  await page.keyboard.press('Space');
  await expect(choices.getByRole('checkbox', { name: 'Age' })).not.toBeChecked();
  await checkScreen(page, 'column-chooser');
  await page.keyboard.press('Escape');
  await expect(choices).toHaveCount(0);
  await expect(chooser).toBeFocused();
  await expect(headers).toHaveText(['Id', 'Name', 'Category', 'Status', 'Price', 'Sex', 'Microchip', 'Sync']);
  await expect(row(page, 'Nibbles').locator('td.detail-microchip')).toHaveText('250269604123456');
  await expect(row(page, 'Nibbles').locator('td.detail-sex')).toHaveText('Female');

  await reopen(page); // a restart: the person's columns are still there
  await expect(headers).toHaveText(['Id', 'Name', 'Category', 'Status', 'Price', 'Sex', 'Microchip', 'Sync']);
  // Age and breed back on, microchip off: the list as the screenshots show it.
  await chooser.click();
  await choices.getByRole('checkbox', { name: 'Age' }).check();
  await choices.getByRole('checkbox', { name: 'Breed' }).check();
  await choices.getByRole('checkbox', { name: 'Microchip' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(headers).toHaveText(['Id', 'Name', 'Category', 'Status', 'Price', 'Age', 'Sex', 'Breed', 'Sync']);
  await row(page, 'Pepper').click();
  await checkScreen(page, 'animals-details');
});

test('find by breed, or by a whole microchip number scanned: that animal at once; sex and treatment filtered, counted', async ({
  app: { page, core },
}) => {
  const add = (pet: Record<string, unknown>) =>
    core.addPet('local', { categoryId: '1', status: 'available', ...pet } as never);
  add({ name: 'Rex', species: 'Dog', breed: 'Beagle', sex: 'male', microchip: '985141000123456' });
  add({ name: 'Bella', species: 'Dog', breed: 'Bichon Frisé', sex: 'female', treatment: 'Ear drops' });
  add({ name: 'Tom', species: 'Cat', sex: 'male', status: 'sold' });
  add({ name: 'Luna', species: 'Cat', breed: 'Siamese', sex: 'female' });
  await reopen(page);
  const search = page.getByLabel(/Find by name/);
  await expect(search).toHaveAttribute('placeholder', 'Name, species, breed, microchip');
  const names = page.locator('table.animals tbody tr[data-row-key] td:nth-child(2)');

  await page.keyboard.press('Control+f');
  await page.keyboard.type('bichon frise');
  await expect(names).toHaveText(['Bella']);
  await page.keyboard.press('Escape');
  await page.keyboard.type('cat');
  await expect(names).toHaveText(['Luna', 'Tom']);
  await page.keyboard.press('Escape');

  // A person types the number and Enter: the animal is found, selected and has the focus (a
  // reader's scan opens it: see scanner.spec.ts).
  await typeAt(page, '985 141 000 123 456', 120);
  await expect(names).toHaveText(['Rex']);
  const rex = row(page, 'Rex');
  await expect(rex).toHaveAttribute('aria-selected', 'true');
  await expect(rex).toBeFocused();
  await page.keyboard.press('Control+f');
  await page.keyboard.press('Escape');

  // Sex and treatment, with the status counts for what they leave.
  await page.getByLabel('Show by sex').selectOption('female');
  await expect(names).toHaveText(['Luna', 'Bella']);
  await expect(page.getByRole('radio', { name: 'All 2' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Sold 0' })).toBeVisible();
  const underTreatment = page.getByRole('checkbox', { name: 'Under treatment' });
  await underTreatment.focus();
  await page.keyboard.press('Space');
  await expect(names).toHaveText(['Bella']);
  await expect(page.getByRole('radio', { name: 'All 1' })).toBeVisible();
  await checkScreen(page, 'animals-filtered-by-details');
  await page.getByLabel('Show by sex').selectOption('male');
  await expect(page.getByTestId('empty-list')).toContainText('No male animals under treatment.');
  await page.getByRole('button', { name: 'Show all animals' }).click();
  await expect(names).toHaveCount(4);
  await expect(underTreatment).not.toBeChecked();
});
