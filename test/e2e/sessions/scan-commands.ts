// A scanner at random moments of a session: an animal's label code (the app's prefix), or its
// number alone, at a scanner's pace over the list or in the search; the animal it names opens,
// and no row changes. Its keys are stamped at the scanner's pace by Chromium's input timestamps.
import { labelCode } from '../../../src/shared/contract';
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
      // A number alone is a scan from four digits (a person's short number stays a number).
      const scannable = ids.filter((id) => prefixed || id.length >= 4);
      if (scannable.length > 0 && (await page.locator('dialog[open]').count()) === 0) {
        const id = scannable[pick % scannable.length]!;
        const name = (await app.core.getPet(model.chosen, id)).name;
        if (inSearch) await page.keyboard.press('Control+f');
        else
          await page.evaluate(() =>
            (
              globalThis as unknown as { document: { activeElement: { blur?(): void } } }
            ).document.activeElement.blur?.(),
          );
        await typeAt(page, prefixed ? labelCode(id) : id, gapMs);
        const dialog = page.getByRole('dialog', { name: `Correct ${name}` });
        await expect(dialog).toBeVisible({ timeout: 10_000 });
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
        if (inSearch) await expect(page.getByLabel(/Find by name/)).toHaveValue('');
      }
      model.selection = null;
      await checkInvariants(model, real);
    },
  );
