// What the world and the person do around the typing: switch, filter, sync, servers up, down,
// slow or refusing, main slow, keys and addresses changed in Settings, held and refused entries,
// other counters' changes of the servers' animals.
import type { Page } from '@playwright/test';
import type { EnvironmentName, PetStatus, RemoteEnvironment } from '../../../src/shared/contract';
import { TEST_API_KEY } from '../../helpers/http-service';
import { expect } from '../harness';
import { animalsNow, checkInvariants } from './invariants';
import { clickRow, focusedRow, pressRowKey, type RowKey } from './typing-commands';
import { command, mark, type Model, type ServerMode, type Real } from './world';

const SHORTCUT: Record<EnvironmentName, string> = { local: 'Control+1', production: 'Control+2', staging: 'Control+3' };

export const switchTo = (environment: EnvironmentName) =>
  command(`switch to ${environment}`, async (model, real) => {
    await real.page.keyboard.press(SHORTCUT[environment]);
    model.chosen = environment;
    if (model.selection?.environment !== environment) model.selection = null;
    await checkInvariants(model, real);
  });

export const filter = (status: 'All' | 'Available' | 'Pending' | 'Sold') =>
  command(`filter ${status}`, async (model, real) => {
    await real.page.getByRole('radio', { name: new RegExp(`^${status} \\d`) }).check(); // "Sold 3": with its count
    model.selection = null;
    await checkInvariants(model, real);
  });

// F5 leaves the focus where it is: a row the person is on stays theirs.
export const syncNow = command('sync now (F5)', async (model, real) => {
  await real.page.keyboard.press('F5');
  await real.page.waitForTimeout(300);
  await checkInvariants(model, real);
});

export const serverMode = (environment: RemoteEnvironment, mode: ServerMode) =>
  command(`${environment} server: ${mode}`, async (model, real) => {
    const { proxy } = real.servers[environment];
    proxy.setMode(mode === 'refuse' ? 'pass' : mode);
    proxy.rejectPostsWith(mode === 'refuse' ? 'not at this shop' : null);
    model.mode[environment] = mode;
    mark(model);
    await checkInvariants(model, real);
  });

export const mainSpeed = (ms: number) =>
  command(`main answers in ${ms} ms`, async (model, real) => {
    real.app.main.answerDelayMs = ms;
    await checkInvariants(model, real);
  });

async function inSettings(
  real: Real,
  environment: RemoteEnvironment,
  act: (card: ReturnType<Page['locator']>) => Promise<void>,
) {
  await real.page.keyboard.press('Control+,');
  const card = real.page.locator(`.env-card-${environment}`);
  await expect(card.locator(`#${environment}-key-note`)).not.toHaveText(''); // what is stored has arrived
  await act(card);

  await real.page.keyboard.press('Control+Shift+A');
  await expect(real.page.getByRole('heading', { name: 'Animals' })).toBeVisible();
}

export const setKey = (environment: RemoteEnvironment, key: 'right' | 'wrong' | 'none') =>
  command(`${environment} key: ${key}`, async (model, real) => {
    await inSettings(real, environment, async (card) => {
      if (key === 'none') {
        const clear = card.getByRole('button', { name: 'Clear key' });
        if (await clear.isEnabled()) await clear.click();
        await expect(card.getByText('No key set.')).toBeVisible();
        return;
      }
      const field = card.locator(`#${environment}-key`);
      await field.fill(key === 'right' ? TEST_API_KEY : 'wrong-key-123');
      await card.getByRole('button', { name: /^(Set|Replace) key$/ }).click();
      await expect(field).toHaveValue('');
    });
    model.key[environment] = key;
    model.selection = null;
    mark(model);
    await checkInvariants(model, real);
  });

export const setAddress = (environment: RemoteEnvironment, where: 'server' | 'elsewhere') =>
  command(`${environment} address: ${where}`, async (model, real) => {
    const url = where === 'server' ? real.servers[environment].proxy.baseUrl : real.deadAddress;
    await inSettings(real, environment, async (card) => {
      await card.getByLabel('Address').fill(url);
      await card.getByRole('button', { name: 'Save address' }).click();
      await expect(card.getByLabel('Address')).toHaveValue(url);
    });
    model.address[environment] = where;
    model.selection = null;
    mark(model);
    await checkInvariants(model, real);
  });

/** Presses the first row button whose name matches, if there is one on screen; returns its name. */
async function firstButton(page: Page, name: RegExp): Promise<string | null> {
  const button = page.getByRole('button', { name }).first();
  if ((await button.count()) === 0) return null;
  const label = await button.getAttribute('aria-label');
  await button.click();
  return label;
}

export const resendHeld = command('resend a held animal to the new address', async (model, real) => {
  if ((await firstButton(real.page, /^Resend .* to the new address$/)) !== null) model.selection = null;
  await checkInvariants(model, real);
});

export const fixRefused = command('fix and resend a refused animal (unchanged)', async (model, real) => {
  if ((await firstButton(real.page, /^Fix and resend /)) !== null) {
    model.selection = null;
    const dialog = real.page.getByRole('dialog', { name: 'Fix and resend' });
    await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
    await real.page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await checkInvariants(model, real, { afterDialog: true });
  } else await checkInvariants(model, real);
});

/** Discards the first held or refused animal shown, as the person confirms it; false when there is none. */
export async function discardFirst(model: Model, real: Real): Promise<boolean> {
  const label = await firstButton(real.page, /^Discard /);
  if (label === null) return false;
  model.selection = null;
  const name = label.replace(/^Discard /, '');
  const dialog = real.page.getByRole('dialog', { name: `Discard ${name}?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  // What main did, as it says it (the row may have been sent, or be on its way, since it was shown);
  // a person then knows whether the server may have it.
  const said = real.page
    .locator('[data-sonner-toast]')
    .filter({ hasText: name })
    .filter({ hasText: /discarded|had reached/ });
  await expect(said).toHaveCount(1, { timeout: 5_000 });
  const outcome = (await said.textContent()) ?? '';
  if (outcome.includes('discarded')) model.discarded.add(name);
  if (outcome.includes('discarded') && outcome.includes('may have it')) model.mayBeOnServer.add(name);
  return true;
}

export const discard = command('discard a held or refused animal', async (model, real) => {
  const discarded = await discardFirst(model, real);
  await checkInvariants(model, real, { afterDialog: discarded });
});

const STATUSES: readonly PetStatus[] = ['available', 'pending', 'sold'];

/**
 * The animal another counter changes on the server on screen: the person's row if it is one of
 * the server's, else one of those main lists; never one changed elsewhere before (a second change
 * there could meet a change of the person's as it goes again to the first: see the conflicts'
 * invariant). Null when there is none.
 */
function otherCountersAnimal(model: Model, real: Real, environment: RemoteEnvironment, pick: number): string | null {
  const prefix = `${environment}:pet:`;
  const fresh = (id: string) => !model.elsewhere.has(`${prefix}${id}`);
  const selected = model.selection?.environment === environment ? model.selection.key : '';
  if (selected.startsWith('pet:') && fresh(selected.slice(4))) return selected.slice(4);
  const listed = [...animalsNow(real.app.core).keys()].filter((key) => key.startsWith(prefix));
  const ids = listed.map((key) => key.slice(prefix.length)).filter(fresh);
  return ids.length === 0 ? null : ids[pick % ids.length]!;
}

/**
 * Another counter changes an animal's category or status on the server on screen, as a second
 * computer would (this window has not read it). With `then`, it is the animal of the person's row
 * (on none, they sync, and once the list shows what main has, click one of the server's animals),
 * and they press a row key on it at once: a change made to the version they saw. A change of the
 * person's to other fields is expected to merge with theirs; only the same field may wait as a
 * conflict.
 */
export const othersChange = (field: 'category' | 'status', pick: number, then: RowKey | null) =>
  command(
    `another counter changes an animal's ${field} on the server${then ? `, then ${then.toUpperCase()} on it` : ''}`,
    async (model, real) => {
      const environment = model.chosen as RemoteEnvironment;
      const prefix = `${environment}:pet:`;
      const onFreshAnimal = () =>
        model.selection?.environment === environment &&
        model.selection.key.startsWith('pet:') &&
        !model.elsewhere.has(`${environment}:${model.selection.key}`);
      if (then !== null && !onFreshAnimal()) {
        await real.page.keyboard.press('F5');
        await real.app.core.refreshAnimals(environment); // the walk F5 began (two asked at once are one)
        const all = () =>
          real.page.getByRole('radio', { name: `All ${real.app.core.animals(environment).counts.all}`, exact: true });
        await expect.poll(async () => await all().count(), { message: 'the list shows what main has' }).toBe(1);
        model.selection = null;
        const fresh = otherCountersAnimal(model, real, environment, pick);
        if (fresh !== null && (await clickRow(real, `tr[data-pet-id="${fresh}"]`, 0))) {
          model.selection = await focusedRow(real, environment);
        }
      }
      const id = otherCountersAnimal(model, real, environment, pick);
      let asked = false;
      if (id !== null) {
        const { store } = real.servers[environment].service;
        // Always another value than the server's: a change that moves the revision.
        const now = store.getPet(id);
        const value =
          field === 'category'
            ? String((Number(now.categoryId) % 9) + 1)
            : STATUSES.filter((status) => status !== now.status)[pick % 2]!;
        store.changePet(id, field === 'category' ? { categoryId: value } : { status: value as PetStatus }, '*');
        const key = `${prefix}${id}`;
        const onIt = model.selection?.environment === environment && model.selection.key === `pet:${id}`;
        model.elsewhere.set(key, { field, value });
        model.targeted.add(key); // the window shows it once it reads it
        if (then !== null && onIt) {
          asked = await pressRowKey(model, real, then);
        }
      }
      await checkInvariants(model, real, { afterDialog: asked });
    },
    (model) => model.chosen !== 'local',
  );
