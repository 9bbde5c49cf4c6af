// A whole microchip number typed in the search field, then Enter: the focus goes to the animal that
// number finds, however late main's answer comes, never to the animal an earlier number found, and
// never away from where the person has gone meanwhile (typed by a person: a scan opens the animal). The built renderer in Chromium over the real
// core, main's answers held back.
import type { Page } from '@playwright/test';
import { expect, test } from './harness';
import { typeAt } from './scanner-keys';
import { reopen } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

const REX = '985141000123456';
const LUNA = '985141000654321';
/** A person's typing, not a scanner's (scanner.spec.ts has those): a scan opens the animal instead. */
const PERSON_MS = 120;
const rowOf = (page: Page, id: string) => page.locator(`tr[data-pet-id="${id}"]`);

test.beforeEach(async ({ app: { page, core } }) => {
  core.addPet('local', { name: 'Rex', categoryId: '1', status: 'available', microchip: REX });
  core.addPet('local', { name: 'Luna', categoryId: '1', status: 'available', microchip: LUNA });
  core.addPet('local', { name: 'Tom', categoryId: '1', status: 'available' });
  await reopen(page);
});

test('Enter before main has answered: the animal is focused once its row is drawn', async ({ app: { page, main } }) => {
  const search = page.getByLabel(/Find by name/);
  await page.keyboard.press('Control+f');
  await expect(search).toBeFocused();
  const release = main.holdAnswers('animals');
  await typeAt(page, REX, PERSON_MS);
  await expect(search).toBeFocused();
  release();
  await expect(rowOf(page, '1')).toBeFocused();
  await expect(rowOf(page, '1')).toHaveAttribute('aria-selected', 'true');
});

test('another number while the first one’s animal is shown: Enter never goes to the first animal', async ({
  app: { page, main },
}) => {
  const search = page.getByLabel(/Find by name/);
  await search.fill(REX);
  await expect(rowOf(page, '1')).toHaveAttribute('aria-selected', 'true');
  const release = main.holdAnswers('animals');
  await search.fill('');
  await typeAt(page, LUNA, PERSON_MS);
  await expect(rowOf(page, '1')).not.toBeFocused();
  await expect(search).toBeFocused();
  release();
  await expect(rowOf(page, '2')).toBeFocused();
});

test('the person moves on before the answer: the focus stays where they went', async ({ app: { page, main } }) => {
  const search = page.getByLabel(/Find by name/);
  await page.keyboard.press('Control+f');
  await expect(search).toBeFocused();
  const release = main.holdAnswers('animals');
  await typeAt(page, REX, PERSON_MS);
  await page.keyboard.press('Control+n'); // to the add form's name
  const name = page.getByRole('form', { name: /New animal/ }).getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toBeFocused();
  release();
  await expect(rowOf(page, '1')).toHaveAttribute('aria-selected', 'true');
  await expect(name).toBeFocused();
});
