// What the person types, and what shifts the list under them: animals added by keyboard at random
// speeds (look-alikes too), the search, the list's keys on the row they moved to, and other
// counters' adds, written to the core or the server directly, as another process would.
import type { Page } from '@playwright/test';
import type { EnvironmentName } from '../../../src/shared/contract';
import { expect } from '../harness';
import { arrivedOrWaiting, checkInvariants, countOf } from './invariants';
import { command, PREFIX, type Model, type Real } from './world';

/** Name, Tab, category (replacing what is there), Tab and a status key if any, Enter (production asks in main's own question). */
async function typeAnimal(real: Real, animal: Typed, delay: number): Promise<void> {
  const { page } = real;
  await page.keyboard.press('Control+n');
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(animal.name, { delay });
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+a');
  await page.keyboard.type(animal.category, { delay });
  if (animal.statusKey) {
    await page.keyboard.press('Tab');
    await page.keyboard.press(animal.statusKey);
  }
  await page.keyboard.press('Enter');
}

interface Typed {
  name: string;
  category: string;
  statusKey: '' | 'a' | 'p' | 's';
}

const waitingGroups = (page: Page, name: string) =>
  page.getByRole('group', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) });

/** Animals typed one after another without waiting for main (a scanner's burst); each one is added, whole. */
export const add = (delay: number, animals: ReadonlyArray<{ statusKey: Typed['statusKey']; words: string }>) =>
  command(
    `add ${animals.map(({ words, statusKey }) => `"${words}"${statusKey ? ` (${statusKey})` : ''}`).join(', ')} (keys every ${delay} ms)`,
    async (model, real) => {
      const environment = model.chosen;
      model.selection = null;
      const typed: Typed[] = [];
      for (const { statusKey, words } of animals) {
        const name = `${PREFIX[environment]}${model.next++} ${words}`;
        const animal = { name, category: String(model.next % 9), statusKey };
        typed.push(animal);
        await typeAnimal(real, animal, delay);
      }
      for (const { name, category } of typed) {
        // A name never typed before: it is added, whole.
        expect(await arrivedOrWaiting(real, environment, name, 0)).toBe('added');
        model.added[environment].push(name);
        model.categoryOf[name] = category;
      }
      await checkInvariants(model, real);
    },
  );

/** Names typed here before, still listed or waiting to be sent: typed again, each is a look-alike. */
const lookAlikes = (model: Model) =>
  model.added[model.chosen].filter((name) => !name.endsWith(' Other') && !model.discarded.has(name));

export const addLookAlike = (delay: number, pick: number, decision: 'add anyway' | 'don’t add' | 'decide later') =>
  command(
    `add a look-alike (keys every ${delay} ms), then ${decision}`,
    async (model, real) => {
      const environment = model.chosen;
      const names = lookAlikes(model);
      const name = names[pick % names.length]!;
      model.selection = null;
      const before = await countOf(real, environment, name);
      const shownBefore = await waitingGroups(real.page, name).count();
      await typeAnimal(real, { name, category: model.categoryOf[name]!, statusKey: '' }, delay);
      // Not added behind the person's back, and not gone: it waits in sight for them.
      await expect(waitingGroups(real.page, name)).toHaveCount(shownBefore + 1);
      expect(await countOf(real, environment, name)).toBe(before);
      const waiting = waitingGroups(real.page, name).last();
      // Adding anyway is tried where a second animal of a name keeps the final count clear: the local store.
      const choice = decision === 'add anyway' && environment !== 'local' ? 'don’t add' : decision;
      if (choice === 'add anyway') {
        await waiting.getByRole('button', { name: 'Add anyway' }).click();
        const leftForLater = model.waiting.filter((other) => other === name).length;
        expect(await arrivedOrWaiting(real, environment, name, before, leftForLater)).toBe('added');
        model.added[environment].push(name);
      } else if (choice === 'don’t add') {
        await waiting.getByRole('button', { name: 'Don’t add' }).click();
      } else model.waiting.push(name);
      await expect(waitingGroups(real.page, name)).toHaveCount(model.waiting.filter((other) => other === name).length);
      await checkInvariants(model, real);
    },
    (model) => lookAlikes(model).length > 0,
  );

export const search = (delay: number, text: string) =>
  command(`find "${text}" (keys every ${delay} ms)`, async (model, real) => {
    const { page } = real;
    model.selection = null;
    await page.keyboard.press('Control+f');
    await page.keyboard.type(text, { delay });
    const field = page.getByLabel(/Find by name/);
    await expect(field).toHaveValue(text); // every key typed is in the search, none went to a row
    await expect(field).toBeFocused();
    await page.keyboard.press('Escape'); // and the whole list again
    await expect(field).toHaveValue('');
    await checkInvariants(model, real);
  });

/** The row that has the focus, as the person sees it: which animal, or null when the focus is not on a row. */
export async function focusedRow(real: Real, environment: EnvironmentName): Promise<Model['selection']> {
  const row = await real.page.evaluate(() => {
    type Element = {
      tagName: string;
      getAttribute(name: string): string | null;
      cells?: Array<{ textContent: string }>;
    };
    const focused = (globalThis as unknown as { document: { activeElement: Element | null } }).document.activeElement;
    if (focused?.tagName !== 'TR' || focused.getAttribute('data-index') === null) return null;
    return { petId: focused.getAttribute('data-pet-id'), name: focused.cells?.[1]?.textContent ?? '' };
  });
  if (row === null) return null;
  if (row.petId !== null) return { environment, key: `pet:${row.petId}`, name: row.name };
  const entry =
    environment === 'local' ? undefined : real.app.core.outboxEntries(environment).find((e) => e.name === row.name);
  return entry ? { environment, key: `entry:${entry.entryId}`, name: row.name } : null;
}

/** Clicks the name in the row at `position` of those `rows` match (modulo how many); false when none is on screen. */
export async function clickRow(real: Real, rows: string, position: number): Promise<boolean> {
  const found = real.page.locator(`table.animals tbody ${rows}:not(.loading-row)`);
  const count = await found.count();
  if (count === 0) return false;
  await found
    .nth(position % count)
    .locator('td')
    .nth(1)
    .click();
  return true;
}

export const moveInTheList = (position: number, moves: string[], then: RowKey[]) =>
  command(
    `click row ${position}, then ${[...moves, ...then.map((key) => key.toUpperCase())].join(' ') || 'no key'}`,
    async (model, real) => {
      model.selection = null;
      if (await clickRow(real, 'tr[data-index]', position)) {
        for (const key of moves) await real.page.keyboard.press(key);
        model.selection = await focusedRow(real, model.chosen);
      }
      let asked = false;
      for (const key of model.selection ? then : []) asked = (await pressRowKey(model, real, key)) || asked;
      await checkInvariants(model, real, { afterDialog: asked });
    },
  );

export type RowKey = 'a' | 'p' | 's' | 'e';

/** Presses a row key meant for the selected animal, which alone may change; the correction it opens (E) is left with Escape. */
export async function pressRowKey(model: Model, real: Real, key: RowKey): Promise<boolean> {
  const meant = model.selection!;
  model.targeted.add(`${meant.environment}:${meant.key}`);
  await real.page.keyboard.press(key);
  const dialog = real.page.getByRole('dialog');
  if ((await dialog.count()) === 0) return false;
  await real.page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  return true;
}

/** A row key, meant for the animal the person moved to: it alone may change (a correction is left with Escape). */
export const rowKey = (key: RowKey) =>
  command(
    `row key ${key.toUpperCase()}`,
    async (model, real) => checkInvariants(model, real, { afterDialog: await pressRowKey(model, real, key) }),
    (model) => model.selection !== null && model.selection.environment === model.chosen,
  );

/**
 * Another counter adds animals to the environment on screen, to the core (the local store) or the
 * server itself; with `then`, the person, still on their row, syncs (F5) and, once the list shows
 * what main has, presses a row key: the rows above theirs have moved.
 */
export const othersAdd = (count: number, then: RowKey | null) =>
  command(`another counter adds ${count}${then ? `, then F5 and ${then.toUpperCase()}` : ''}`, async (model, real) => {
    const environment = model.chosen;
    for (let i = 0; i < count; i++) {
      const name = `${PREFIX[environment]}${model.next++} Other`;
      const animal = { name, categoryId: String(model.next % 9), status: 'available' as const };
      if (environment === 'local') real.app.core.addPet('local', animal);
      else real.servers[environment].service.store.createPet(animal);
      model.added[environment].push(name);
      model.categoryOf[name] = animal.categoryId;
    }
    let asked = false;
    if (then !== null && model.selection?.environment === environment) {
      if (environment !== 'local') await real.page.keyboard.press('F5');
      const all = () =>
        real.page.getByRole('radio', { name: `All ${real.app.core.animals(environment).counts.all}`, exact: true });
      await expect.poll(async () => await all().count(), { message: 'the list shows what main has' }).toBe(1);
      asked = await pressRowKey(model, real, then);
    }
    await checkInvariants(model, real, { afterDialog: asked });
  });
