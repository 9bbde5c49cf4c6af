// What must hold after every step of a randomized session, and at its end.
import type { Page } from '@playwright/test';
import type { PetstoreCore } from '../../../src/main/core/petstore-core';
import type { AnimalRow, EnvironmentName, RemoteEnvironment } from '../../../src/shared/contract';
import { TEST_API_KEY } from '../../helpers/http-service';
import { expect } from '../harness';
import { ENVIRONMENTS, PREFIX, REMOTES, type Model, type Real } from './world';

type InPage = { document: { activeElement: unknown; body: unknown } };
const focusOnBody = (page: Page) =>
  page.evaluate(() => {
    const { document } = globalThis as unknown as InPage;
    return document.activeElement === document.body;
  });

/** Which animal a row is, as the window keys it: a numbered animal by its id, one not yet sent by its entry. */
export const rowKeyOf = (row: AnimalRow): string =>
  row.kind === 'pet' ? `pet:${row.pet.id}` : `entry:${row.entry.entryId}`;

/** Every animal of every environment as main shows it (a change still on its way shown made). */
export function animalsNow(core: PetstoreCore): Map<string, string> {
  const seen = new Map<string, string>();
  for (const environment of ENVIRONMENTS) {
    for (let offset = 0; ; offset += 500) {
      const window = core.animals(environment, { sort: 'oldest', offset, limit: 500 });
      for (const row of window.rows) {
        const animal = row.kind === 'pet' ? row.pet : row.entry;
        seen.set(`${environment}:${rowKeyOf(row)}`, `${animal.name} | ${animal.categoryId} | ${animal.status ?? ''}`);
      }
      if (offset + 500 >= window.total) break;
    }
  }
  return seen;
}

/** What must hold after every step, whatever happened. */
export async function checkInvariants(model: Model, real: Real, { afterDialog = false } = {}): Promise<void> {
  const { page, app } = real;
  real.steps.count++;
  // The environment shown is the last chosen (after the round trips still under way).
  await expect(page.locator('.env-strip')).toHaveAttribute('data-environment', model.chosen, { timeout: 5_000 });
  // No other environment's rows on screen.
  const names = await page.locator('table.animals tbody tr td:nth-child(2)').allTextContents();
  for (const name of names) expect(name.startsWith(PREFIX[model.chosen]), `row ${name} in ${model.chosen}`).toBe(true);
  if (model.chosen !== 'local') {
    const environment = model.chosen;
    const bar = page.locator('.sync-bar');
    // The sync bar shows main's one account of the server.
    await expect
      .poll(
        async () => {
          const shown = await bar.getAttribute('data-connection');
          const decided = app.core.serverStatus(environment).connection;
          return shown === decided ? 'the same' : `the bar shows ${shown}, main decided ${decided}`;
        },
        { timeout: 3_000 },
      )
      .toBe('the same');

    // It never claims contact that did not happen.
    if (!model.couldAnswer[environment]) {
      expect(await bar.getAttribute('data-connection')).not.toBe('online');
      await expect(page.locator('.freshness')).not.toContainText('Every animal');
      await expect(page.getByTestId('last-synced')).toHaveText('Never synced');
    }
  }
  // No animal changed but those a command meant to change.
  const now = animalsNow(app.core);
  const unmeant = [...now]
    .filter(([key, reads]) => real.seen.has(key) && real.seen.get(key) !== reads && !model.targeted.has(key))
    .map(([key, reads]) => `${key}: ${real.seen.get(key)} -> ${reads}`);
  expect(unmeant, 'animals changed that no command meant to change').toEqual([]);
  real.seen = now;
  // A conflict waits for the person only where another counter changed the same field (the status,
  // the only field the person changes); a change of other fields went to their version.
  for (const environment of REMOTES) {
    for (const { petId } of app.core.changeEntries(environment).filter(({ state }) => state === 'conflict')) {
      const key = `${environment}:pet:${petId}`;
      expect(model.elsewhere.get(key)?.field, `${key}: a conflict, though no one else changed its status`).toBe(
        'status',
      );
    }
  }
  // Every animal typed and not added is in sight, waiting for the person.
  for (const name of new Set(model.waiting))
    await expect(
      page.getByRole('group', { name: new RegExp(`^${escape(name)} `) }),
      `${name} waits in sight`,
    ).toHaveCount(model.waiting.filter((other) => other === name).length);
  if (model.signedIn !== null) {
    await expect(page.locator('.counter-person')).toContainText(`Signed in: ${model.signedIn}`);
    expectChangesNamed(model, real);
  }
  if (afterDialog) expect(await focusOnBody(page), 'focus on the page body after a dialog').toBe(false);
  expect(app.pageErrors).toEqual([]);
}

/**
 * Each change made from the window since the last step, of the animals the person changed, names
 * who was signed in (an add's entry is dated when it was typed, and may be learned later: left out).
 */
function expectChangesNamed(model: Model, real: Real): void {
  for (const key of model.targeted) {
    const [environment, kind, id] = key.split(':') as [EnvironmentName, string, string];
    if (kind !== 'pet') continue;
    const checked = real.historyChecked.get(key) ?? 0;
    const { entries } = real.app.core.petHistory(environment, id, { limit: 50 });
    for (const entry of entries.filter(({ seq, via }) => seq > checked && via === 'window')) {
      if (entry.action !== 'added')
        expect(entry.by, `${key}: entry ${entry.seq} names who did it`).toBe(model.signedIn);
    }
    real.historyChecked.set(key, Math.max(checked, ...entries.map(({ seq }) => seq)));
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The local store's names, oldest first. */
const localNames = (core: PetstoreCore): string[] =>
  core.animals('local', { sort: 'oldest', limit: 500 }).rows.map((row) => (row.kind === 'pet' ? row.pet.name : ''));

/** How many animals of that name main holds in the environment: in the local store, or in its outbox. */
export async function countOf(real: Real, environment: EnvironmentName, name: string): Promise<number> {
  const { core } = real.app;
  const names = environment === 'local' ? localNames(core) : core.outboxEntries(environment).map((entry) => entry.name);
  return names.filter((other) => other === name).length;
}

/**
 * A name typed and sent: it arrives whole (one more of that name in the local store or the
 * outbox), or the window shows it waiting for the person. Says which.
 */
export async function arrivedOrWaiting(
  real: Real,
  environment: EnvironmentName,
  name: string,
  before: number,
  /** Notices of this name already waiting for the person (left for later): they say nothing of this add. */
  waitingBefore = 0,
): Promise<'added' | 'waiting'> {
  const waiting = real.page.getByRole('group', { name: new RegExp(`^${escape(name)} `) });
  let outcome: 'added' | 'waiting' | null = null;
  await expect
    .poll(
      async () => {
        if ((await countOf(real, environment, name)) > before) outcome = 'added';
        else if ((await waiting.count()) > waitingBefore) outcome = 'waiting';
        return outcome;
      },
      { timeout: 10_000, message: `${name} was neither added whole nor shown waiting` },
    )
    .not.toBeNull();
  return outcome!;
}

/**
 * Of the animals another counter changed on a server: those in conflict still show the other
 * counter's status there (nothing overwritten without the person); the person's changes of
 * animals re-categorized there go to the server as main showed them before the healing, with
 * the other counter's category (both changes, merged). Returns the check to make once healed.
 */
function changesElsewhere(model: Model, real: Real, environment: RemoteEnvironment): () => void {
  const { core } = real.app;
  const { store } = real.servers[environment].service;
  const prefix = `${environment}:pet:`;
  const entries = core.changeEntries(environment);
  for (const { petId } of entries.filter(({ state }) => state === 'conflict')) {
    const theirs = model.elsewhere.get(`${prefix}${petId}`);
    expect(store.getPet(petId).status, `${prefix}${petId}: overwritten in a conflict`).toBe(theirs?.value);
  }
  const shown = animalsNow(core);
  // A change not shown (refused or unsupported) is sent by the healing, not as main showed it.
  const unshown = new Set(
    entries.filter(({ state }) => ['refused', 'unsupported'].includes(state)).map((e) => e.petId),
  );
  return () => {
    for (const [key, { field, value }] of model.elsewhere) {
      if (field !== 'category' || !key.startsWith(prefix)) continue;
      const id = key.slice(prefix.length);
      const server = store.getPet(id);
      expect(server.categoryId, `${key}: their category`).toBe(value);
      const [name, , status] = shown.get(key)!.split(' | ');
      if (!unshown.has(id))
        expect({ name: server.name, status: server.status ?? '' }, `${key}: merged`).toEqual({ name, status });
    }
  };
}

/** Heals every server and key, sends everything through the same use cases the window uses, and counts. */
export async function expectNothingLostOrDuplicated(model: Model, real: Real): Promise<void> {
  const { core } = real.app;
  for (const environment of REMOTES) {
    const { proxy, service } = real.servers[environment];
    const mergedOnceHealed = changesElsewhere(model, real, environment);
    proxy.setMode('pass');
    proxy.rejectPostsWith(null);
    await core.setBaseUrl(environment, proxy.baseUrl);
    await core.setKey(environment, TEST_API_KEY);
    // A person confirms what is held (a pass holds what was added for the old address) and resends
    // what was refused, until nothing waits or needs them.
    await expect
      .poll(
        async () => {
          for (const entry of [...core.outboxEntries(environment), ...core.changeEntries(environment)]) {
            if (entry.state === 'held' || entry.state === 'refused') {
              core.resendEntry(environment, entry.entryId);
            }
            // A conflict (the same field changed elsewhere): the person keeps theirs, and what waited behind it goes.
            if (entry.state === 'conflict') core.resolveConflict(environment, entry.entryId, 'keep-theirs');
          }
          const { status } = await core.syncUntilSettled(environment);
          return status.waiting + status.held + status.refused;
        },
        { timeout: 60_000 },
      )
      .toBe(0);
    mergedOnceHealed();
    // What the person last did to an animal (a status, or an undo of one) is what the server has:
    // main shows each animal they changed as the server accepted it, unless another counter's
    // status met theirs there (kept theirs above).
    const shownNow = animalsNow(core);
    for (const key of model.targeted) {
      if (!key.startsWith(`${environment}:pet:`) || model.elsewhere.get(key)?.field === 'status') continue;
      const status = shownNow.get(key)?.split(' | ')[2];
      const onTheServer = service.store.getPet(key.slice(`${environment}:pet:`.length)).status ?? '';
      expect(onTheServer, `${key}: the server has what the person last left`).toBe(status);
    }
    const onServer = service.db.prepare('SELECT name, count(*) AS n FROM pets GROUP BY name').all() as Array<{
      name: string;
      n: number;
    }>;
    const expected = model.added[environment].filter((name) => !model.discarded.has(name)).sort();
    expect(
      onServer.filter(({ n }) => n > 1),
      `${environment}: duplicated`,
    ).toEqual([]);
    // Discarded animals whose send went unanswered may be there (the dialog said so); nothing else may.
    const held = onServer.map(({ name }) => name).filter((name) => !model.mayBeOnServer.has(name));
    expect(held.sort(), `${environment}: lost or unexpected`).toEqual(
      expected.filter((name) => !model.mayBeOnServer.has(name)),
    );
  }
  expect(localNames(core)).toEqual(model.added.local);
}
