// Signing in and out at random moments of a session whose shop has staff: by the keyboard, as the
// counter does (Ctrl+L, the person's number, their PIN, Enter), with or without signing out first.
import { expect } from '../harness';
import { checkInvariants } from './invariants';
import { command, STAFF, type Model, type Real } from './world';

const topBar = (real: Real) => real.page.locator('.counter-person');

export const signIn = (person: number, signOutFirst: boolean) => {
  const { name, pin } = STAFF[person % STAFF.length]!;
  return command(
    `${signOutFirst ? 'sign out, then ' : ''}sign in as ${name}`,
    async (model: Model, real: Real) => {
      const { page } = real;
      model.selection = null;
      if (signOutFirst) {
        await topBar(real).getByRole('button', { name: 'Sign out' }).click();
        // Managers alone on the list: nobody is asked to sign in, and the top bar names nobody.
        await expect(topBar(real)).not.toContainText('Signed in:');
        model.signedIn = null;
      }
      await page.keyboard.press('Control+l');
      const dialog = page.getByRole('dialog', { name: 'Who is at the counter?' });
      // The number the dialog gives the person, as the key that chooses them.
      const number = await dialog
        .locator('button[aria-keyshortcuts]', { hasText: name })
        .getAttribute('aria-keyshortcuts');
      await page.keyboard.press(number!);
      await expect(page.getByLabel('PIN', { exact: true })).toBeFocused();
      await page.keyboard.type(pin);
      await page.keyboard.press('Enter');
      await expect(page.locator('dialog[open]')).toHaveCount(0);
      await expect(topBar(real)).toContainText(`Signed in: ${name}`);
      model.signedIn = name;
      await checkInvariants(model, real, { afterDialog: true });
    },
    (model) => model.signedIn !== null,
  );
};
