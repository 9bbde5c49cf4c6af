// An animal's history in the window: opened with H on its row (or its menu), newest first, with the
// road, the action and each field before and after; older pages on asking; Escape gives the focus
// back to the row. The built renderer in Chromium over the real core.
import { expect, test } from './harness';
import type { Page } from '@playwright/test';
import type { PetstoreCore } from '../../src/main/core/petstore-core';
import { checkScreen, reopen, row } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

/** Tick, added and then changed `changes` times, its status back and forth; the window shows it. */
async function tickWithChanges(page: Page, core: PetstoreCore, changes: number): Promise<void> {
  const { pet } = core.addPet('local', { name: 'Tick', categoryId: '1', status: 'available' }) as {
    pet: { id: string };
  };
  for (let i = 0; i < changes; i++)
    core.changePet('local', pet.id, { status: i % 2 === 0 ? 'pending' : 'available' }, {});
  await reopen(page);
}

test('H on a row shows its history, newest first; a status set from the keyboard is its newest entry', async ({
  app: { page, core },
}) => {
  core.setCurrency({ environment: 'local', currency: 'GBP' });
  const { pet } = core.addPet('local', { name: 'Biscuit', categoryId: '1', status: 'available', price: 12_50 }) as {
    pet: { id: string };
  };
  core.changePet('local', pet.id, { price: 9_99, breed: 'Beagle' }, {});
  await reopen(page);

  await row(page, 'Biscuit').focus();
  await page.keyboard.press('p'); // pending, from the keyboard
  await expect(row(page, 'Biscuit')).toContainText('pending');
  await page.keyboard.press('h');

  const dialog = page.getByRole('dialog', { name: `History of Biscuit number ${pet.id}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect(dialog.getByText('3 changes shown, newest first.')).toBeVisible();
  const entries = dialog.locator('.history-entry');
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toHaveAttribute('data-action', 'changed');
  await expect(entries.nth(0).locator('.history-changes li')).toHaveText(['Status: available → to pending']);
  await expect(entries.nth(1).locator('.history-changes')).toContainText('Price: £12.50 → to £9.99');
  await expect(entries.nth(1).locator('.history-changes')).toContainText('Breed: Beagle');
  await expect(entries.nth(2)).toHaveAttribute('data-action', 'added');
  await expect(entries.nth(2).locator('.history-changes li')).toHaveText([
    'Name: Biscuit',
    'Category: 1',
    'Status: available',
    'Price: £12.50',
  ]);
  await expect(entries.nth(0).locator('.history-who')).toHaveText('This counter');
  await checkScreen(page, 'animal-history');

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(row(page, 'Biscuit')).toBeFocused();
});

test('an animal with many changes opens on its newest page; older ones come on asking, none twice', async ({
  app: { page, core },
}) => {
  await tickWithChanges(page, core, 40);
  await row(page, 'Tick').getByRole('button', { name: 'Change Tick' }).click();
  await page.getByRole('menuitem', { name: /History/ }).click();
  const dialog = page.getByRole('dialog', { name: /^History of Tick/ });
  await expect(dialog.getByText('25 changes shown, newest first; older ones follow.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Older changes' }).click();
  await expect(dialog.getByText('41 changes shown, newest first.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Older changes' })).toHaveCount(0);
  await expect(dialog.locator('.history-entry').last()).toHaveAttribute('data-action', 'added');
});

test('a status set by mistake is taken back with Ctrl+Z, or with Undo on its toast; the history says so', async ({
  app: { page, core },
}) => {
  const { pet } = core.addPet('local', { name: 'Biscuit', categoryId: '1', status: 'available' }) as {
    pet: { id: string };
  };
  await reopen(page);
  await row(page, 'Biscuit').focus();
  await page.keyboard.press('s');
  await expect(page.getByText('Biscuit marked sold.')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(page.getByText('Undone: Biscuit is as it was before that change.')).toBeVisible();
  await expect.poll(async () => (await core.getPet('local', pet.id)).status).toBe('available');
  await expect(row(page, 'Biscuit')).toContainText('available');
  // Nothing left to undo: Ctrl+Z again does nothing.
  await page.keyboard.press('Control+z');
  expect((await core.getPet('local', pet.id)).status).toBe('available');

  await row(page, 'Biscuit').focus();
  await page.keyboard.press('p');
  // The Undo of this change's toast (the one before may still be leaving the screen).
  await page
    .locator('[data-sonner-toast]:not([data-removed="true"])')
    .filter({ hasText: 'Biscuit marked pending.' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect.poll(async () => (await core.getPet('local', pet.id)).status).toBe('available');
  expect(core.petHistory('local', pet.id).entries.map((entry) => entry.action)).toEqual([
    'undone',
    'changed',
    'undone',
    'changed',
    'added',
  ]);

  // In a text field Ctrl+Z is the field's own undo: no animal is changed.
  await row(page, 'Biscuit').focus();
  await page.keyboard.press('s');
  await page.keyboard.press('Control+f');
  await page.keyboard.type('bis');
  await page.keyboard.press('Control+z');
  expect((await core.getPet('local', pet.id)).status).toBe('sold');
});

test('a status key that changes nothing offers nothing back: an earlier change is not undone by it', async ({
  app: { page, core },
}) => {
  const { pet } = core.addPet('local', { name: 'Biscuit', categoryId: '1', status: 'available' }) as {
    pet: { id: string };
  };
  core.changePet('local', pet.id, { status: 'pending' }); // an earlier change, made here
  await reopen(page);
  await row(page, 'Biscuit').focus();
  await page.keyboard.press('p'); // already pending
  await expect(page.getByText('Biscuit is already pending.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(page.getByText(/^Undone/)).toHaveCount(0);
  expect((await core.getPet('local', pet.id)).status).toBe('pending');
});

test('Ctrl+Z pressed before main has answered the key takes back that key, not what was offered before it', async ({
  app: { page, core, main },
}) => {
  for (const name of ['Rex', 'Biscuit']) core.addPet('local', { name, categoryId: '1', status: 'available' });
  await reopen(page);
  await row(page, 'Rex').focus();
  await page.keyboard.press('p');
  await expect(page.getByText('Rex marked pending.')).toBeVisible();
  main.answerDelayMs = 300;
  await row(page, 'Biscuit').focus();
  await page.keyboard.press('s');
  await page.keyboard.press('Control+z'); // main has not answered the S yet
  await expect(page.getByText('Undone: Biscuit is as it was before that change.')).toBeVisible();
  const statuses = async () =>
    Object.fromEntries((await core.listPets('local', {})).pets.map((pet) => [pet.name, pet.status]));
  await expect.poll(statuses).toEqual({ Rex: 'pending', Biscuit: 'available' });
});

test.describe('in the tallest view the history list has', () => {
  test.use({ viewport: { width: 1280, height: 1200 } });

  test('a long history opens with its list full in its first frame; the rest of the page follows', async ({
    app: { page, core },
  }) => {
    await tickWithChanges(page, core, 40);
    // What the first frame that shows the dialog holds: read in that frame, before it is painted.
    await page.evaluate(`window.firstFrame = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        const list = document.querySelector('dialog.history-dialog[open] .history-entries');
        if (list === null) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve({ drawn: list.children.length, full: list.scrollHeight > list.clientHeight }));
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    }); undefined`);
    await row(page, 'Tick').focus();
    await page.keyboard.press('h');
    const first = (await page.evaluate('window.firstFrame')) as { drawn: number; full: boolean };
    expect(first.full, `${first.drawn} entries drawn do not fill the list`).toBe(true);
    const dialog = page.getByRole('dialog', { name: /^History of Tick/ });
    await expect(dialog.locator('.history-entry')).toHaveCount(25);
    await expect(dialog.getByText('25 changes shown, newest first; older ones follow.')).toBeVisible();
  });
});
