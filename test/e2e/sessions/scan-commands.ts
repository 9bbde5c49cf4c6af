// A scanner at random moments of a session: an animal's label code (the app's prefix), or its
// number alone, at a scanner's pace over the list or in the search; the animal it names opens,
// and no row changes. A number too short to be a scan opens nothing. Its keys are stamped at the scanner's pace by Chromium's input timestamps.
import { labelCode } from '../../../src/shared/contract';
import { SCAN_MIN_LENGTH } from '../../../src/renderer/src/scan-detector';
import { expect } from '../harness';
import { typeAt } from '../scanner-keys';
import { animalsNow, checkInvariants } from './invariants';
import { command, type Model, type Real } from './world';

export const scanAnimal = (pick: number, gapMs: 5 | 15 | 30, prefixed: boolean, inSearch: boolean) =>
  command(
    `scan animal ${pick} ${prefixed ? 'by its label code' : 'by its number'} at ${gapMs} ms a key${inSearch ? ' in the search' : ''}`,
    async (model: Model, real: Real) => {
      const { page, app } = real;
      const prefix = `${model.chosen}:pet:`;
      const ids = [...animalsNow(app.core).keys()]
        .filter((key) => key.startsWith(prefix))
        .map((key) => key.slice(prefix.length));
      // A number alone is a scan from four digits (the servers' animals here): a shorter one is a
      // person's number, and opens nothing.
      if (ids.length > 0 && (await page.locator('dialog[open]').count()) === 0) {
        const id = ids[pick % ids.length]!;
        const name = (await app.core.getPet(model.chosen, id)).name;
        const scans = prefixed || id.length >= SCAN_MIN_LENGTH;
        if (inSearch && scans) await page.keyboard.press('Control+f');
        else
          await page.evaluate(() =>
            (
              globalThis as unknown as { document: { activeElement: { blur?(): void } } }
            ).document.activeElement.blur?.(),
          );
        await typeAt(page, prefixed ? labelCode(id) : id, gapMs);
        const dialog = page.getByRole('dialog', { name: `Correct ${name}` });
        if (!scans) {
          await page.waitForTimeout(300);
          await expect(page.locator('dialog[open]'), `${id} alone is no scan`).toHaveCount(0);
        } else {
          await expect(dialog).toBeVisible({ timeout: 10_000 });
          await page.keyboard.press('Escape');
          await expect(dialog).toHaveCount(0);
          if (inSearch) await expect(page.getByLabel(/Find by name/)).toHaveValue('');
        }
      }
      model.selection = null;
      await checkInvariants(model, real);
    },
  );
