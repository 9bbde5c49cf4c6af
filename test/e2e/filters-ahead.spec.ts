// Once the list has been still a moment, the first rows of each filter one choice away are asked
// of main, so that choosing one shows its rows with the choice, however late main answers then;
// after any change of the data, what was asked before is never shown. Chromium over the real core.
import type { Page } from '@playwright/test';
import { expect, test, type MainProcess } from './harness';
import { availableAndPending, row, showStatus } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

/** The rows drawn that show `text`. */
const drawnWith = (page: Page, text: string) => page.locator('table.animals tbody tr[data-pet-id]', { hasText: text });

/** The statuses main was asked to list, in order. */
const statusesAsked = (main: MainProcess) =>
  (main.asked['animals'] ?? []).map((argument) => (argument as { query: { status?: string } }).query.status ?? 'all');

test('a status chosen once the list has been still shows its rows with the choice, main not yet answering', async ({
  app: { page, core, main },
}) => {
  await availableAndPending(page, core, 20);
  await expect.poll(() => statusesAsked(main)).toEqual(expect.arrayContaining(['available', 'pending', 'sold']));
  const release = main.holdAnswers('animals');
  try {
    await showStatus(page, 'pending');
    // Drawn in the same render as the choice: no answer of main's was needed.
    expect(await row(page, 'Pet 19').count(), 'an available animal left on screen').toBe(0);
    await expect(row(page, 'Pet 20')).toBeVisible();
    await expect(drawnWith(page, 'available')).toHaveCount(0);
    await showStatus(page, 'sold');
    await expect(page.getByTestId('empty-list')).toBeVisible();
  } finally {
    release();
  }
});

test('after the data changed, a status shows the animals as they are now, never the rows asked for before', async ({
  app: { page, core, main },
}) => {
  await availableAndPending(page, core, 20);
  await expect.poll(() => statusesAsked(main)).toContain('pending');
  const release = main.holdAnswers('animals');
  try {
    const asked = main.calls['animals'] ?? 0;
    core.addPet('local', { name: 'Newcomer', categoryId: '1', status: 'pending' });
    // The window heard of the change and asked for its list again.
    await expect.poll(() => main.calls['animals'] ?? 0).toBeGreaterThan(asked);
    await showStatus(page, 'pending');
    // The pending rows asked for before the change lack the newcomer: the list stays as it was until main answers.
    expect(await row(page, 'Pet 19').count(), 'the list before the choice, still shown').toBe(1);
  } finally {
    release();
  }
  await expect(row(page, 'Newcomer')).toBeVisible();
  await expect(row(page, 'Pet 19')).toHaveCount(0);
  await expect(drawnWith(page, 'available')).toHaveCount(0);
});

test('a status changed on a row is seen in every filter at once: no row asked for before the change is shown', async ({
  app: { page, core, main },
}) => {
  await availableAndPending(page, core, 20);
  await expect.poll(() => statusesAsked(main)).toEqual(expect.arrayContaining(['available', 'pending', 'sold']));
  await row(page, 'Pet 19').focus();
  await page.keyboard.press('s');
  await expect(row(page, 'Pet 19')).toContainText('sold');
  for (const [status, shown, gone] of [
    ['sold', 'Pet 19', 'Pet 20'],
    ['available', 'Pet 17', 'Pet 19'],
    ['all', 'Pet 19', null],
  ] as const) {
    await showStatus(page, status);
    await expect(row(page, shown)).toBeVisible();
    if (gone !== null) await expect(row(page, gone)).toHaveCount(0);
  }
  expect(await core.listPets('local', { status: 'sold', limit: 10 })).toMatchObject({ pets: [{ name: 'Pet 19' }] });
});

test('a change main did not tell the window of: the rows shown from before give way to main’s answer', async ({
  app: { page, core, main },
}) => {
  await availableAndPending(page, core, 20);
  await expect.poll(() => statusesAsked(main)).toContain('pending');
  main.eventsLost.add('dataChanged');
  core.addPet('local', { name: 'Unannounced', categoryId: '1', status: 'pending' });
  await showStatus(page, 'pending');
  // Shown at once from before the change, asked again all the same, and read again as main answers otherwise.
  await expect(row(page, 'Unannounced')).toBeVisible();
  await expect(drawnWith(page, 'available')).toHaveCount(0);
});
