// Undo at a random moment of a session: before, during or after the send of what it takes back.
// What was taken back is read from what the window says, as a person would: a discard taken back
// puts the animal back among those that must reach the server, once.
import { expect } from '../harness';
import { closeToasts } from '../ui-helpers';
import { checkInvariants } from './invariants';
import { clickRow, focusedRow, pressRowKey, type RowKey } from './typing-commands';
import { command, type Model, type Real } from './world';
import { discardFirst } from './world-commands';

export type UndoHow = 'ctrl+z' | 'toast';
export type UndoWhen = 'at once' | 'during the send' | 'after the send';

const SAID = /^Undone: |was not undone/;
const saidToasts = (real: Real) =>
  real.page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: SAID });

/** What the window said of the undo, or null when nothing was offered back (or its time had run out). */
async function whatWasSaid(real: Real, before: number): Promise<string | null> {
  const said = saidToasts(real);
  await expect
    .poll(() => said.count(), { timeout: 3_000 })
    .toBeGreaterThan(before)
    .catch(() => undefined);
  if ((await said.count()) <= before) return null;
  return await said.last().textContent();
}

/** Ctrl+Z with the focus outside any text field, or the newest toast's Undo; the model told what came back. */
async function undoNow(model: Model, real: Real, how: UndoHow): Promise<void> {
  const { page } = real;
  let said: string | null = null;
  const offered = page.locator('[data-sonner-toast]:not([data-removed="true"])').getByRole('button', { name: 'Undo' });
  if (how === 'toast' && (await offered.count()) > 0) {
    const before = await saidToasts(real).count();
    await offered
      .last()
      .click({ timeout: 2_000 })
      .catch(() => undefined); // its time may run out as it is clicked
    said = await whatWasSaid(real, before);
  } else {
    await closeToasts(page);
    await page.evaluate(() =>
      (globalThis as unknown as { document: { activeElement: { blur?(): void } } }).document.activeElement.blur?.(),
    );
    await page.keyboard.press('Control+z');
    said = await whatWasSaid(real, 0);
  }
  const outcome = said === null ? 'nothing offered' : said.startsWith('Undone') ? 'undone' : 'refused';
  real.steps.kinds.set(`undo: ${outcome}`, (real.steps.kinds.get(`undo: ${outcome}`) ?? 0) + 1);
  const back = said === null ? null : /^Undone: (.+) is back, waiting to be sent\.$/.exec(said);
  if (back !== null) {
    // Sent again under its own key: it must reach the server, once, whatever its sends did before.
    model.discarded.delete(back[1]!);
    model.mayBeOnServer.delete(back[1]!);
  }
}

/** Waits as a person would for the moment chosen: the send begun (F5), or over. */
async function waitFor(model: Model, real: Real, when: UndoWhen): Promise<void> {
  if (when === 'at once' || model.chosen === 'local') return;
  await real.page.keyboard.press('F5');
  if (when === 'during the send') return;
  const { core } = real.app;
  const environment = model.chosen;
  await expect
    .poll(() => core.serverStatus(environment).waiting, { timeout: 5_000 })
    .toBe(0)
    .catch(() => undefined); // a server down or slow: the undo comes while it still waits
}

/** Whatever was offered back last, taken back now (often nothing: its time ran out). */
export const undo = (how: UndoHow) =>
  command(`undo (${how})`, async (model, real) => {
    model.selection = null;
    await undoNow(model, real, how);
    await checkInvariants(model, real);
  });

/** A status key on the row clicked, then undo at the moment chosen. */
export const statusThenUndo = (position: number, key: Exclude<RowKey, 'e'>, when: UndoWhen, how: UndoHow) =>
  command(`click row ${position}, ${key.toUpperCase()}, then undo ${when} (${how})`, async (model, real) => {
    model.selection = null;
    if (await clickRow(real, 'tr[data-index]', position)) model.selection = await focusedRow(real, model.chosen);
    if (model.selection !== null) {
      await pressRowKey(model, real, key);
      await waitFor(model, real, when);
      model.selection = null;
      await undoNow(model, real, how);
    }
    await checkInvariants(model, real);
  });

/** A held or refused animal discarded, then the discard taken back at the moment chosen. */
export const discardThenUndo = (when: UndoWhen, how: UndoHow) =>
  command(`discard, then undo ${when} (${how})`, async (model, real) => {
    if (await discardFirst(model, real)) {
      await waitFor(model, real, when);
      await undoNow(model, real, how);
    }
    await checkInvariants(model, real, { afterDialog: false });
  });
