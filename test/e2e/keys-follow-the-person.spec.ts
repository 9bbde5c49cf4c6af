// Keys go where the person is: focus moves only on a person's action, a selection follows the
// animal and not the row number, and a question never opens under typing that has not finished.
// Chromium over the real core; the other counter writes to the core or the server directly, as
// another process would.
import type { Page } from '@playwright/test';
import type { PetstoreCore } from '../../src/main/core/petstore-core';
import type { Pet } from '../../src/shared/contract';
import { expect, test } from './harness';
import { connectServer, reopen, row, workIn } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

const SPEEDS = [0, 15, 40] as const;

/** Name, Tab, category, Enter, each key as the keyboard sends it, wherever the focus is. */
async function typeAnimal(page: Page, name: string, category: string, delay: number): Promise<void> {
  await page.keyboard.type(name, { delay });
  await page.keyboard.press('Tab', { delay });
  await page.keyboard.type(category, { delay });
  await page.keyboard.press('Enter', { delay });
}

const localPets = async (core: PetstoreCore): Promise<Pet[]> => (await core.listPets('local', { limit: 100 })).pets;

/** The local store's animals as they are now, by id, to compare with after a step. */
async function snapshot(core: PetstoreCore): Promise<Map<string, Pet>> {
  return new Map((await localPets(core)).map((pet) => [pet.id, pet]));
}

async function expectUnchanged(core: PetstoreCore, before: Map<string, Pet>): Promise<void> {
  const now = await snapshot(core);
  const changed = [...before.values()].filter((pet) => JSON.stringify(now.get(pet.id)) !== JSON.stringify(pet));
  expect(
    changed.map((pet) => `${pet.name} (${pet.id}) now ${JSON.stringify(now.get(pet.id))}`),
    'animals no command targeted',
  ).toEqual([]);
}

/** The local store holds `names`; a click on `clicked`, then ↓ to `chosen`. Returns the animals as they were. */
async function chooseWithArrowDown(page: Page, core: PetstoreCore, names: string[], clicked: string, chosen: string) {
  for (const name of names) core.addPet('local', { name, categoryId: '1', status: 'available' });
  await reopen(page);
  const before = await snapshot(core);
  await row(page, clicked).click();
  await page.keyboard.press('ArrowDown');
  await expect(row(page, chosen)).toBeFocused();
  return before;
}

test.describe('typing after the list’s keys goes where the person is', () => {
  for (const delay of SPEEDS) {
    test(`a row chosen with ↓, then Ctrl+N: every animal typed is added and no row changes (keys every ${delay} ms)`, async ({
      app: { page, core },
    }) => {
      const names = Array.from({ length: 20 }, (_, i) => `Pet ${i + 1}`);
      const before = await chooseWithArrowDown(page, core, names, 'Pet 13', 'Pet 12');
      await page.keyboard.press('Control+n');
      await typeAnimal(page, 'Sasha', '7', delay);
      await typeAnimal(page, 'Pepe', '7', delay);
      await expect
        .poll(async () => (await localPets(core)).filter((pet) => pet.categoryId === '7').map((pet) => pet.name))
        .toEqual(['Sasha', 'Pepe']);
      await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expectUnchanged(core, before);
    });
  }

  for (const delay of SPEEDS) {
    test(`a row chosen with ↓, then Ctrl+F: the search holds all that was typed and no row changes (keys every ${delay} ms)`, async ({
      app: { page, core },
    }) => {
      const names = ['Sam', 'Samba', 'Sammy', 'Salsa', 'Pepper'];
      const before = await chooseWithArrowDown(page, core, names, 'Sammy', 'Samba');
      await page.keyboard.press('Control+f');
      await page.keyboard.type('sam', { delay });
      const search = page.getByLabel(/Find by name/);
      await expect(search).toHaveValue('sam');
      await expect(search).toBeFocused();
      await expect(row(page, 'Salsa')).toHaveCount(0); // the list shows what was searched for
      await expect(row(page, 'Sam')).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expectUnchanged(core, before);
    });
  }
});

test.describe('the selection is an animal, not a row number', () => {
  test('another counter adds three animals; after F5, S sells the animal that was selected', async ({
    app: { page, core },
  }) => {
    const server = await connectServer(core, 'staging');
    try {
      for (let i = 1; i <= 50; i++)
        server.service.store.createPet({ name: `Srv ${i}`, categoryId: '1', status: 'available' });
      await workIn(page, core, 'staging');
      await expect(row(page, 'Srv 50')).toBeVisible({ timeout: 15_000 });
      await row(page, 'Srv 50').click(); // newest first
      for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowDown');
      await expect(row(page, 'Srv 40')).toBeFocused();
      for (let i = 51; i <= 53; i++)
        server.service.store.createPet({ name: `Srv ${i}`, categoryId: '1', status: 'available' });
      await page.keyboard.press('F5');
      // The list read again with the three (the rows above may be out of view: the focused row keeps its place).
      await expect(page.getByRole('radio', { name: /^All 53/ })).toBeVisible({ timeout: 15_000 });
      await page.keyboard.press('s');
      await expect
        .poll(() => server.service.store.listPets({ status: 'sold' }).map((pet) => pet.name), {
          timeout: 15_000,
        })
        .toEqual(['Srv 40']);
      await expect(row(page, 'Srv 40')).toHaveAttribute('aria-selected', 'true');
      await expect(row(page, 'Srv 40')).toBeFocused();
    } finally {
      await server.close();
    }
  });

  test('the selected animal leaves the view (sold by another counter): a row key then changes nothing', async ({
    app: { page, core },
  }) => {
    for (let i = 1; i <= 10; i++) core.addPet('local', { name: `Pet ${i}`, categoryId: '1', status: 'available' });
    await reopen(page);
    await page.getByRole('radio', { name: /^Available/ }).check();
    await row(page, 'Pet 8').click();
    await page.keyboard.press('ArrowDown');
    await expect(row(page, 'Pet 7')).toBeFocused();
    // Another counter (the command line, say) sells it; the window hears the data changed.
    const seven = (await localPets(core)).find((pet) => pet.name === 'Pet 7')!;
    core.changePet('local', seven.id, { status: 'sold' });
    await expect(row(page, 'Pet 7')).toHaveCount(0);
    const before = await snapshot(core);
    await page.keyboard.press('p');
    await page.keyboard.press('s');
    await page.keyboard.press('e');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectUnchanged(core, before);
  });
});

test.describe('a look-alike never takes the keys typed for the next animal', () => {
  for (const delay of SPEEDS) {
    test(`Rex again, then Max and Bella without pausing: both added, Rex waits visibly for the person (keys every ${delay} ms)`, async ({
      app: { page, core, main },
    }) => {
      core.addPet('local', { name: 'Rex', categoryId: '1', status: 'available' });
      await reopen(page);
      await page.keyboard.press('Control+n');
      await typeAnimal(page, 'Rex', '1', delay);
      await typeAnimal(page, 'Max', '1', delay);
      await typeAnimal(page, 'Bella', '1', delay);
      await expect
        .poll(async () => (await localPets(core)).map((pet) => pet.name).sort())
        .toEqual(['Bella', 'Max', 'Rex']);
      const name = page.getByLabel('Name', { exact: true });
      await expect(name).toHaveValue('');
      await expect(name).toBeFocused();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // Rex is not lost: it waits, visibly, for the person to decide.
      const waiting = page.getByRole('group', { name: /Rex/ });
      await expect(waiting).toContainText(/Rex .*already listed as number 1/);
      // A stray Enter (a scanner's) goes to the empty form, which sends nothing: no duplicate.
      await page.keyboard.press('Enter');
      await expect(page.locator('#add-name-error')).toHaveText('name must not be empty');
      await waiting.getByRole('button', { name: 'Add anyway' }).click();
      await expect(waiting).toHaveCount(0);
      await expect.poll(async () => (await localPets(core)).filter((pet) => pet.name === 'Rex')).toHaveLength(2);
      expect(main.calls['addPet'], 'adds asked of main: Rex, Max, Bella, Rex anyway').toBe(4);
      await expect(name).toBeFocused();
    });
  }
});

test('an animal waiting for the person’s decision is still there after a trip to Settings', async ({
  app: { page, core },
}) => {
  core.addPet('local', { name: 'Rex', categoryId: '1', status: 'available' });
  await reopen(page);
  await page.keyboard.press('Control+n');
  await typeAnimal(page, 'Rex', '1', 0);
  const waiting = page.getByRole('group', { name: /^Rex / });
  await expect(waiting).toBeVisible();
  await page.keyboard.press('Control+,');
  await expect(page.getByRole('heading', { name: 'Safety' })).toBeVisible();
  await page.keyboard.press('Control+Shift+A');
  await expect(waiting).toContainText('already listed as number 1');
  await waiting.getByRole('button', { name: 'Add anyway' }).click();
  await expect.poll(async () => (await localPets(core)).map((pet) => pet.name)).toEqual(['Rex', 'Rex']);
});

test('an add main refuses after the person went to Settings waits for them when they come back', async ({
  app: { page, core, main },
}) => {
  const server = await connectServer(core, 'staging');
  try {
    await workIn(page, core, 'staging');
    const answer = main.holdAnswers('addPet'); // main is busy: the add is answered later
    await page.keyboard.press('Control+n');
    await typeAnimal(page, 'Sam', '1', 0);
    await page.keyboard.press('Control+1'); // meanwhile the local store is chosen: main refuses the add to Staging
    await expect(page.locator('.env-strip')).toHaveAttribute('data-environment', 'local');
    await page.keyboard.press('Control+,');
    await expect(page.getByRole('heading', { name: 'Safety' })).toBeVisible();
    answer();
    await expect.poll(() => main.calls['addPet']).toBe(1);
    await page.keyboard.press('Control+Shift+A');
    await expect(page.getByRole('group', { name: /^Sam / })).toContainText('was not added');
  } finally {
    await server.close();
  }
});

test('Tab and Shift+Tab in a dialog go round its controls, never out to the page', async ({ app: { page, core } }) => {
  core.addPet('local', { name: 'Rex', categoryId: '1', status: 'available' });
  await reopen(page);
  await row(page, 'Rex').click();
  await page.keyboard.press('e');
  const dialog = page.getByRole('dialog', { name: /Correct Rex/ });
  await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
  type InPage = { document: { activeElement: { closest(selector: string): unknown } | null } };
  const focusInTheDialog = () =>
    page.evaluate(() => {
      const focused = (globalThis as unknown as InPage).document.activeElement;
      return focused !== null && focused.closest('dialog[open]') !== null;
    });
  for (const key of [...Array<string>(7).fill('Tab'), ...Array<string>(7).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    expect(await focusInTheDialog(), `after ${key}`).toBe(true);
  }
});

test.describe('a question main raises never opens over typing that went on', () => {
  for (const delay of SPEEDS) {
    test(`Ctrl+3 needs the PIN, said while the person types an animal: it is added here, and the PIN waits beside (keys every ${delay} ms)`, async ({
      app: { page, core, main },
    }) => {
      const server = await connectServer(core, 'staging');
      try {
        await core.setManagerPin('2468');
        await reopen(page);
        // Main answers the switch (the PIN is needed) while the person is typing the next animal.
        const answer = main.holdAnswers('setActiveEnvironment');
        await page.keyboard.press('Control+3');
        await page.keyboard.press('Control+n');
        await page.keyboard.type('Ma', { delay });
        answer();
        await typeAnimal(page, 'x', '1', delay);
        await expect.poll(async () => (await localPets(core)).map((pet) => pet.name)).toEqual(['Max']);
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
        expect(main.calls['unlockManager'], 'no PIN was tried with what was typed').toBeUndefined();
        await expect(page.locator('.env-strip')).toHaveAttribute('data-environment', 'local');
        // The question waits, in sight, until the person goes to it.
        const waiting = page.getByRole('group', { name: /Switching to Staging needs the manager’s PIN/ });
        await waiting.getByRole('button', { name: 'Enter the PIN…' }).click();
        const pin = page.getByRole('dialog', { name: 'Manager’s PIN' });
        await expect(pin.getByLabel('PIN', { exact: true })).toBeFocused();
        await page.keyboard.type('2468');
        await page.keyboard.press('Enter');
        await expect(page.locator('.env-strip')).toHaveAttribute('data-environment', 'staging');
        await expect(waiting).toHaveCount(0);
      } finally {
        await server.close();
      }
    });
  }
});
