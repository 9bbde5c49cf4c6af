// Another filter's rows are drawn in the rows' elements already on the page, and a key on a row
// still acts on the animal that row shows: the selected animal's element is never given to another,
// so a key pressed on it after the filter changed acts on it, or on none if it left.
// Chromium over the real core.
import type { Page } from '@playwright/test';
import type { PetstoreCore } from '../../src/main/core/petstore-core';
import { expect, test } from './harness';
import { availableAndPending, reopen, row, showStatus } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

/** `name`'s row focused by a click, then only the available animals shown with the focus left where it was. */
async function focusThenShowAvailable(page: Page, core: PetstoreCore, name: string): Promise<void> {
  await availableAndPending(page, core, 40);
  await row(page, name).click();
  await expect(row(page, name)).toBeFocused();
  await showStatus(page, 'available');
  await expect(row(page, 'Pet 40')).toHaveCount(0);
}

const statusOf = async (core: PetstoreCore, name: string) =>
  (await core.listPets('local', { limit: 100 })).pets.find((pet) => pet.name === name)?.status;

test('a status filter draws its rows in the elements already there', async ({ app: { page, core } }) => {
  await availableAndPending(page, core, 40);
  // Each row's element remembers the animal it showed.
  const marked = (await page.evaluate(`(() => {
    const rows = [...document.querySelectorAll('table.animals tbody tr[data-pet-id]')];
    for (const tr of rows) tr.shown = tr.dataset.petId;
    return rows.length;
  })()`)) as number;
  expect(marked).toBeGreaterThanOrEqual(6);
  await showStatus(page, 'available');
  await expect(row(page, 'Pet 40')).toHaveCount(0);
  await expect(row(page, 'Pet 39')).toBeVisible();
  const reused = (await page.evaluate(`[...document.querySelectorAll('table.animals tbody tr[data-pet-id]')]
    .filter((tr) => tr.shown !== undefined)
    .map((tr) => ({ before: tr.shown, now: tr.dataset.petId }))`)) as Array<{ before: string; now: string }>;
  // Most rows are drawn in an element that showed a pending animal before.
  expect(reused.filter(({ before, now }) => before !== now).length).toBeGreaterThan(marked / 3);
  for (const { now } of reused) await expect(page.locator(`tr[data-pet-id="${now}"]`)).toContainText(/available/i);
});

test('the focused animal still shown after a filter change takes the row keys', async ({ app: { page, core } }) => {
  await focusThenShowAvailable(page, core, 'Pet 37');
  await expect(row(page, 'Pet 37')).toBeFocused();
  await page.keyboard.press('s');
  await expect.poll(() => statusOf(core, 'Pet 37')).toBe('sold');
  const sold = (await core.listPets('local', { status: 'sold', limit: 100 })).pets.map((pet) => pet.name);
  expect(sold).toEqual(['Pet 37']);
});

test('the focused animal gone by a filter change: its element goes with it and a row key sells no one', async ({
  app: { page, core },
}) => {
  await focusThenShowAvailable(page, core, 'Pet 36');
  await expect(row(page, 'Pet 36')).toHaveCount(0);
  await expect(row(page, 'Pet 39')).toBeVisible();
  expect(await page.evaluate(`document.activeElement?.closest('tr[data-pet-id]')?.dataset.petId ?? null`)).toBeNull();
  for (const key of ['s', 'p', 'a']) await page.keyboard.press(key);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const statuses = (await core.listPets('local', { limit: 100 })).pets.map((pet) => pet.status);
  expect(statuses.filter((status) => status === 'sold')).toEqual([]);
  expect(statuses.filter((status) => status === 'pending')).toHaveLength(20);
});

test('another filter never narrows the columns: the category column keeps the width its longest id took', async ({
  app: { page, core },
}) => {
  // The pending animals' category id is 19 digits long; the available ones' is one digit.
  for (let i = 1; i <= 20; i++)
    core.addPet('local', {
      name: `Pet ${i}`,
      categoryId: i % 2 ? '1' : '9223372036854775807',
      status: i % 2 ? 'available' : 'pending',
    });
  await reopen(page);
  await expect(row(page, 'Pet 20')).toBeVisible();
  const header = page.locator('table.animals thead th', { hasText: 'Category' });
  const widthOf = async () => (await header.boundingBox())!.width;
  const wide = await widthOf();
  await showStatus(page, 'available');
  await expect(row(page, 'Pet 20')).toHaveCount(0);
  await expect(row(page, 'Pet 19')).toBeVisible();
  expect(await widthOf()).toBe(wide);
  // A list that needs more widens it.
  await showStatus(page, 'all');
  await expect(row(page, 'Pet 20')).toBeVisible();
  expect(await widthOf()).toBe(wide);
});
