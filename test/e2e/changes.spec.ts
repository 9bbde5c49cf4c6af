// Changing animals from the list, keyboard first: a status in one keystroke on the
// selected row, a correction in the add form's fields, online and offline, changes of different
// fields merged with another counter's, a conflict of the same field resolved.
// Chromium over the real core; servers are our service behind the fault proxy.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DATABASE_FILE_NAME } from '../../src/main/config/data-dir';
import type { PetstoreCore } from '../../src/main/core/petstore-core';
import { openDatabase } from '../../src/main/database/database';
import { createPetsTable } from '../../src/main/database/pets-table';
import { acting } from '../../src/main/database/write-context';
import type { PetPatch } from '../../src/shared/contract';
import { expect, test } from './harness';
import { checkScreen, connectServer, reopen, row } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

const petRow = (page: Page, id: string) => page.locator(`tr[data-pet-id="${id}"]`);

/**
 * Staging's Shared Rex (priced in pounds) on screen; another counter then changes it on the server
 * (`theirs`, which the window has not seen), and the person marks it sold with S.
 */
async function soldAfterAnotherCounter(page: Page, core: PetstoreCore, theirs: PetPatch) {
  const server = await connectServer(core, 'staging');
  core.setCurrency({ environment: 'staging', currency: 'GBP' });
  const rex = server.service.store.createPet({
    name: 'Shared Rex',
    categoryId: '2',
    status: 'available',
    price: 1250,
    bornOn: '2024-05',
  });
  await reopen(page);
  await page.keyboard.press('Control+3');
  await expect(petRow(page, rex.id)).toBeVisible();
  // Another counter, which names its person to the server (our history extension).
  acting(server.service.db, { via: 'service', by: 'Ana' }, () => server.service.store.changePet(rex.id, theirs, '*'));
  await petRow(page, rex.id).focus();
  await page.keyboard.press('s');
  return { server, rex };
}

test.describe('changing animals', () => {
  test('local store: sell by keyboard in one keystroke, move with the arrows, and the row leaves its filter', async ({
    app: { page, core },
  }) => {
    core.addPet('local', { name: 'Rex', categoryId: '1', status: 'available' });
    core.addPet('local', { name: 'Tom', categoryId: '1', status: 'available' });
    await reopen(page);
    await petRow(page, '2').focus(); // newest first: Tom, then Rex
    await page.keyboard.press('s');
    await expect(petRow(page, '2')).toContainText('sold');
    expect(await core.getPet('local', '2')).toMatchObject({ status: 'sold', revision: 2 });
    await page.keyboard.press('ArrowDown');
    await expect(petRow(page, '1')).toBeFocused();
    await page.keyboard.press('p');
    await expect(petRow(page, '1')).toContainText('pending');
    expect(await core.getPet('local', '1')).toMatchObject({ status: 'pending' });

    await page.getByRole('radio', { name: /^Pending/ }).check();
    await petRow(page, '1').focus();
    await page.keyboard.press('a'); // available: it leaves "Pending"
    await expect(petRow(page, '1')).toHaveCount(0);
    await expect(page.getByTestId('empty-list')).toBeVisible();
    expect((await core.getPet('local', '1')).status).toBe('available');
  });

  test('local store: changed meanwhile by another process, the key changes nothing and says so in words', async ({
    app: { page, core, dataDir },
  }) => {
    core.addPet('local', { name: 'Rex', categoryId: '1', status: 'available' });
    await reopen(page);
    // The command line, say: another connection to the same file, which the window does not hear of.
    const other = openDatabase(join(dataDir, DATABASE_FILE_NAME));
    createPetsTable(other).changePet('1', { name: 'Rex II', status: 'pending' }, '*');
    other.close();
    await petRow(page, '1').focus();
    await page.keyboard.press('s');
    await expect(page.getByText(/Rex was changed elsewhere meanwhile/)).toBeVisible();
    await expect(page.getByText(/It now reads: Rex II, pending/)).toBeVisible();
    expect(await core.getPet('local', '1')).toMatchObject({ name: 'Rex II', status: 'pending', revision: 2 });
    await expect(petRow(page, '1')).toContainText('Rex II'); // the list shows it as it is now
    await page.keyboard.press('s'); // on purpose, now that it was seen
    await expect(petRow(page, '1')).toContainText('sold');
    expect(await core.getPet('local', '1')).toMatchObject({ status: 'sold', revision: 3 });
  });

  test('a correction with the add form’s checks as you type; the menu on the row does the same', async ({
    app: { page, core },
  }) => {
    core.addPet('local', { name: 'Bela', categoryId: '3', status: 'available' });
    await reopen(page);
    await petRow(page, '1').focus();
    await page.keyboard.press('e');
    const dialog = page.getByRole('dialog', { name: /Correct Bela/ });
    const name = dialog.getByLabel('Name', { exact: true });
    await expect(name).toBeFocused();
    await name.fill('   ');
    await expect(dialog.getByText('name must not be empty')).toBeVisible();
    await name.fill('Bella');
    await checkScreen(page, 'correct-animal');
    await name.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(row(page, 'Bella')).toBeVisible();
    expect(await core.getPet('local', '1')).toMatchObject({ name: 'Bella', revision: 2 });

    await petRow(page, '1').getByRole('button', { name: 'Change Bella' }).click();
    await page.getByRole('menuitem', { name: /Mark sold/ }).click();
    await expect(petRow(page, '1')).toContainText('sold');
    expect((await core.getPet('local', '1')).status).toBe('sold');
  });

  test('against a server: sold by keyboard online; offline the change waits, shown at once, and is sent once', async ({
    app: { page, core },
  }) => {
    const server = await connectServer(core, 'staging');
    const rex = server.service.store.createPet({ name: 'Server Rex', categoryId: '2', status: 'available' });
    const max = server.service.store.createPet({ name: 'Server Max', categoryId: '2', status: 'available' });
    await reopen(page);
    await page.keyboard.press('Control+3');
    await expect(petRow(page, rex.id)).toBeVisible();
    await petRow(page, rex.id).focus();
    await page.keyboard.press('s');
    await expect.poll(() => server.service.store.getPet(rex.id).status, { timeout: 15_000 }).toBe('sold');
    await expect(petRow(page, rex.id)).not.toContainText('waiting');

    server.proxy.setMode('reset'); // the network goes down
    await petRow(page, max.id).focus();
    await page.keyboard.press('s');
    await expect(petRow(page, max.id)).toContainText('sold');
    await expect(petRow(page, max.id)).toContainText('Change waiting');
    await expect(page.getByTestId('pending-count')).toHaveText(/1 waiting/, { timeout: 15_000 });
    await checkScreen(page, 'change-waiting');
    expect(server.service.store.getPet(max.id).status).toBe('available');

    server.proxy.setMode('pass');
    await page.keyboard.press('F5');
    await expect(page.getByTestId('pending-count')).toHaveText('Nothing waiting', { timeout: 15_000 });
    expect(server.service.store.getPet(max.id)).toMatchObject({ status: 'sold', revision: 2 });
    await expect(petRow(page, max.id)).not.toContainText('waiting');
    await server.close();
  });

  test('two counters: a conflict shows both versions; keep mine sends it to theirs', async ({
    app: { page, core },
  }) => {
    const { server, rex } = await soldAfterAnotherCounter(page, core, {
      name: 'Rex (counter 2)',
      status: 'pending',
      price: 1300,
    });
    await expect(petRow(page, rex.id)).toContainText('Conflict', { timeout: 15_000 });
    await expect(page.getByTestId('conflict-count')).toContainText('1 conflict');
    await expect(petRow(page, rex.id)).toContainText('pending'); // what the server has: nothing overwritten
    await checkScreen(page, 'conflict-row');

    await petRow(page, rex.id).getByRole('button', { name: 'Choose…' }).click();
    const dialog = page.getByRole('dialog', { name: /was changed by someone else first/ });
    await expect(dialog.getByRole('button', { name: 'Decide later' })).toBeFocused();
    // Who made their change, and when, as the server recorded it.
    await expect(dialog.getByTestId('conflict-who')).toHaveText(/^Ana changed it on Staging: .+\.$/);
    await expect(dialog.getByRole('row', { name: /Status/ })).toContainText('pending');
    await expect(dialog.getByRole('row', { name: /Status/ })).toContainText('sold');
    await expect(dialog.getByRole('row', { name: /Name/ })).toContainText('Rex (counter 2)');
    // Both changed the status: marked; the name only they changed is theirs in both columns.
    await expect(dialog.getByRole('row', { name: /Status/ })).toContainText('changed by both');
    await expect(dialog.getByRole('row', { name: /Name/ })).not.toContainText('changed by both');
    await expect(dialog.getByRole('row', { name: /Name/ })).not.toHaveClass('differs');
    // Details as the list shows them: a price in the environment's currency, a date in words.
    await expect(dialog.getByRole('row', { name: /Price/ })).toContainText('£13.00'); // theirs, which yours keeps
    await expect(dialog.getByRole('row', { name: /Born/ })).toContainText('May 2024');
    await checkScreen(page, 'conflict');
    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    await expect
      .poll(() => server.service.store.getPet(rex.id), { timeout: 15_000 })
      .toMatchObject({ name: 'Rex (counter 2)', status: 'sold', revision: 3 });
    await expect(page.getByTestId('conflict-count')).toHaveCount(0);
    await server.close();
  });

  test('two counters, different fields: the change goes to their version without asking, and the animal has both', async ({
    app: { page, core },
  }) => {
    const { server, rex } = await soldAfterAnotherCounter(page, core, { name: 'Rex (counter 2)' });
    await expect
      .poll(() => server.service.store.getPet(rex.id), { timeout: 15_000 })
      .toMatchObject({ name: 'Rex (counter 2)', status: 'sold', revision: 3 });
    await expect(petRow(page, rex.id)).toContainText('Rex (counter 2)');
    await expect(petRow(page, rex.id)).toContainText('sold');
    await expect(page.getByTestId('pending-count')).toHaveText('Nothing waiting', { timeout: 15_000 });
    await expect(page.getByTestId('conflict-count')).toHaveCount(0);
    await expect(petRow(page, rex.id)).not.toContainText('Conflict');
    await server.close();
  });

  test('production: main alone asks, naming the animal; a no changes nothing and says so; an animal not yet sent is corrected in its add', async ({
    app: { page, core, main },
  }) => {
    const server = await connectServer(core, 'production');
    const rex = server.service.store.createPet({ name: 'Live Rex', categoryId: '2', status: 'available' });
    await reopen(page);
    await page.keyboard.press('Control+2');
    main.productionAnswer = false;
    await petRow(page, rex.id).focus();
    await page.keyboard.press('s');
    await expect(
      page.getByText('Live Rex was not changed: Production was not confirmed, so nothing was sent.'),
    ).toBeVisible();
    expect(main.productionQuestions.map((question) => question.message)).toEqual([
      'Mark Live Rex (category 2) sold in PRODUCTION?',
    ]);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(petRow(page, rex.id)).toContainText('available'); // shown as not made
    expect(server.service.store.getPet(rex.id).status).toBe('available');
    main.productionAnswer = true;
    await petRow(page, rex.id).focus();
    await page.keyboard.press('s');
    await expect.poll(() => server.service.store.getPet(rex.id).status, { timeout: 15_000 }).toBe('sold');
    expect(main.productionQuestions).toHaveLength(2);

    server.proxy.setMode('unavailable-503'); // down for maintenance: what was sent was certainly not taken
    await page.getByLabel('Name', { exact: true }).fill('Tpyo');
    await page.getByLabel('Category', { exact: true }).fill('4');
    await page.getByLabel('Category', { exact: true }).press('Enter');
    await expect(row(page, 'Tpyo')).toContainText('Waiting to sync');
    expect(main.productionQuestions.at(-1)?.message).toBe('Add Tpyo (category 4) to PRODUCTION?');
    await row(page, 'Tpyo').focus();
    await page.keyboard.press('e');
    const edit = page.getByRole('dialog', { name: /Correct Tpyo \(not yet sent\)/ });
    await edit.getByLabel('Name', { exact: true }).fill('Typo');
    main.productionAnswer = false; // the correction, refused: the dialog keeps it, and says it was not made
    await edit.getByLabel('Name', { exact: true }).press('Enter');
    await expect(edit.getByRole('alert')).toHaveText(
      'Tpyo was not changed: Production was not confirmed, so nothing was sent.',
    );
    await expect(edit.getByLabel('Name', { exact: true })).toHaveValue('Typo');
    expect(main.productionQuestions.at(-1)?.message).toBe('Add Typo (category 4) to PRODUCTION?');
    main.productionAnswer = true;
    await edit.getByLabel('Name', { exact: true }).press('Enter');
    await expect(edit).toHaveCount(0);
    await expect(row(page, 'Typo')).toContainText('Waiting to sync');
    server.proxy.setMode('pass');
    await page.keyboard.press('F5');
    await expect
      .poll(() => server.service.store.listPets({ limit: 100 }).map((pet) => pet.name), { timeout: 15_000 })
      .toEqual(['Live Rex', 'Typo']);
    await server.close();
  });
});
