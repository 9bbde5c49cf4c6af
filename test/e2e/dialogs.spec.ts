// Every dialog of the window, opened as a person opens it, in small windows and both themes: each
// button's label is whole and on its own words' lines; and each dialog's default is the safe answer.
import type { Page } from '@playwright/test';
import { expect, test } from './harness';
import { connectServer, row, workIn } from './ui-helpers';

/**
 * The labels of the open dialog's buttons that a person cannot read whole, each with why. Three
 * checks, because each sees a way of cutting a label the others cannot:
 * - the text is wider than its button (`scrollWidth > clientWidth`): cut off by the button itself;
 * - the button reaches past its dialog's edge: cut off by the dialog around it (its text fits the
 *   button, so the first check passes);
 * - a word's own text lies on two lines (`Range.getClientRects` over the word gives boxes at two
 *   heights): the label wraps inside a word ("Swit-ch"). Wrapping between words is fine.
 * One pixel of slack everywhere, for subpixel layout.
 */
const UNREADABLE_BUTTONS = `(() => {
  const dialogs = [...document.querySelectorAll('dialog[open]')];
  const dialog = dialogs[dialogs.length - 1];
  if (!dialog) return ['no dialog is open'];
  const edge = dialog.getBoundingClientRect();
  const found = [];
  for (const button of dialog.querySelectorAll('button')) {
    if (button.closest('dialog') !== dialog || button.getClientRects().length === 0) continue;
    const label = button.textContent.trim();
    const box = button.getBoundingClientRect();
    if (button.scrollWidth > button.clientWidth + 1) found.push(label + ': wider than its button');
    if (box.left < edge.left - 1 || box.right > edge.right + 1 || box.top < edge.top - 1 || box.bottom > edge.bottom + 1)
      found.push(label + ': past the dialog’s edge');
    const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      for (const word of text.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if ([...tops].some((top) => [...tops].some((other) => Math.abs(top - other) > 1)))
          found.push(label + ': "' + word[0] + '" broken over two lines');
      }
    }
  }
  return found;
})()`;

/** The dialog `name` is open; in the light and the dark theme, every button's label reads whole. */
async function buttonsReadWhole(page: Page, name: string | RegExp, where: string): Promise<void> {
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    expect(await page.evaluate(UNREADABLE_BUTTONS), `${String(name)}, ${where}, ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
}

for (const [width, height] of [
  [800, 600],
  [1024, 768],
] as const) {
  test(`every dialog at ${width}×${height}, light and dark: no button's label is cut or broken inside a word`, async ({
    app: { page, core, main },
  }) => {
    const where = `${width}×${height}`;
    await page.setViewportSize({ width, height });
    const server = await connectServer(core, 'production');
    try {
      const rex = server.service.store.createPet({ name: 'Rex', categoryId: '5', status: 'available' });
      server.service.store.createPet({ name: 'Bella', categoryId: '5', status: 'available' });
      core.nameCategory('production', { categoryId: '5', name: 'Birds of the southern hemisphere' });
      await workIn(page, core, 'production');
      await buttonsReadWhole(page, 'You are working in PRODUCTION', where);
      await page.getByRole('button', { name: 'Continue in production' }).click();
      const rexRow = page.locator(`tr[data-pet-id="${rex.id}"]`);
      await expect(rexRow).toBeVisible({ timeout: 15_000 });

      // What waits for a person: a conflict, and an animal the server refused.
      server.service.store.changePet(rex.id, { status: 'pending' }, '*');
      await rexRow.focus();
      await page.keyboard.press('s');
      await expect(page.getByTestId('conflict-count')).toBeVisible({ timeout: 15_000 });
      server.proxy.rejectPostsWith('not at this shop');
      await page.getByLabel('Name', { exact: true }).fill('Bad Dog');
      await page.getByLabel('Category', { exact: true }).fill('5');
      await page.getByLabel('Category', { exact: true }).press('Enter');
      await page.keyboard.press('F5');
      await expect(page.getByTestId('refused-count')).toBeVisible({ timeout: 15_000 });

      await rexRow.getByRole('button', { name: 'Choose…' }).click();
      await buttonsReadWhole(page, /was changed by someone else first/, where);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Fix and resend Bad Dog' }).click();
      await buttonsReadWhole(page, 'Fix and resend', where);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Discard Bad Dog' }).click();
      await buttonsReadWhole(page, 'Discard Bad Dog?', where);
      await page.keyboard.press('Escape');
      await row(page, 'Bella').focus();
      await page.keyboard.press('e');
      await buttonsReadWhole(page, /Correct Bella/, where);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+s');
      await buttonsReadWhole(page, 'Export animals to CSV', where);
      await page.keyboard.press('Escape');
      main.fileToOpen = { name: 'first-week.csv', bytes: Buffer.from('name,category\nRex,5\nNew,5\n', 'utf8') };
      await page.keyboard.press('Control+o');
      await buttonsReadWhole(page, /Import first-week\.csv/, where);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+Shift+E');
      await buttonsReadWhole(page, 'Export the register of Production', where);
      await page.keyboard.press('Escape');

      await core.setManagerPin('2468');
      await page.getByRole('radio', { name: 'Staging' }).click();
      await buttonsReadWhole(page, 'Manager’s PIN', where);
      await page.keyboard.press('Escape');

      // The counter's sign-in: the list by number, then a person's PIN.
      await core.unlockManager('2468', { task: 'manage-staff' });
      await core.addStaff({ name: 'Ana', role: 'staff', pin: '1234' });
      await page.keyboard.press('Control+l');
      await buttonsReadWhole(page, 'Who is at the counter?', where);
      await page.keyboard.press('2');
      await buttonsReadWhole(page, 'Ana', where);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
    } finally {
      await server.close();
    }
  });
}

test('a conflict’s filled button is its default, "Decide later"; keeping mine, which overwrites, is not filled', async ({
  app: { page, core },
}) => {
  const server = await connectServer(core, 'staging');
  try {
    const rex = server.service.store.createPet({ name: 'Shared Rex', categoryId: '2', status: 'available' });
    await workIn(page, core, 'staging');
    const rexRow = page.locator(`tr[data-pet-id="${rex.id}"]`);
    await expect(rexRow).toBeVisible({ timeout: 15_000 });
    server.service.store.changePet(rex.id, { status: 'pending' }, '*');
    await rexRow.focus();
    await page.keyboard.press('s');
    await rexRow.getByRole('button', { name: 'Choose…' }).click({ timeout: 15_000 });
    const dialog = page.getByRole('dialog', { name: /was changed by someone else first/ });
    const later = dialog.getByRole('button', { name: 'Decide later' });
    await expect(later).toBeFocused();
    await expect(later).toHaveClass(/\bprimary\b/);
    for (const choice of ['Keep mine', 'Keep theirs'])
      await expect(dialog.getByRole('button', { name: choice })).not.toHaveClass(/\b(primary|danger)\b/);
    await page.keyboard.press('Enter'); // the default decides nothing
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('conflict-count')).toContainText('1 conflict');
  } finally {
    await server.close();
  }
});
