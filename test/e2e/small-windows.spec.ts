// The window at 1024×768 and 800×600, with long names and long category names: nothing but the
// list scrolls, the list shows rows enough to work in, nothing is cut, and a toast covers nothing
// the person works with.
import type { Page } from '@playwright/test';
import { expect, test } from './harness';
import { checkScreen, closeToasts, connectServer, reopen, row, workIn } from './ui-helpers';

const CATEGORIES = [
  ['-9223372036854775808', 'Birds of the southern hemisphere'],
  ['7', 'Small mammals and rodents of every kind'],
  ['9223372036854775807', 'Freshwater fish for a cold-water aquarium'],
] as const;

type Box = { x: number; y: number; width: number; height: number };
type Edges = { top: number; bottom: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The rows wholly in the list's view, and the most lines any of their names takes (in the page: the test's types know no DOM). */
const rowsInView = (page: Page) =>
  page.evaluate(`(() => {
    const view = document.querySelector('[data-testid="animals-scroll"]').getBoundingClientRect();
    const head = document.querySelector('table.animals thead').getBoundingClientRect();
    const rows = [...document.querySelectorAll('table.animals tbody tr[data-row-key]')].filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= Math.max(view.top, head.bottom) - 1 && box.bottom <= view.bottom + 1;
    });
    // The lines of the name a person sees: those inside the box that holds it (one that clips a
    // long name to a few lines hides the rest).
    const linesOf = (element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const holder = element.parentElement.getBoundingClientRect();
      const seen = [...range.getClientRects()].filter((r) => r.width > 0 && r.bottom <= holder.bottom + 1);
      return new Set(seen.map((r) => Math.round(r.top))).size;
    };
    return {
      rows: rows.length,
      nameLines: Math.max(0, ...rows.map((row) => linesOf(row.querySelector('td:nth-child(2) bdi')))),
    };
  })()`) as Promise<{ rows: number; nameLines: number }>;

for (const [width, height, rows] of [
  [1024, 768, 6],
  [800, 600, 4],
] as const) {
  test(`a ${width}×${height} window: ${rows} rows or more in view, names in two lines at most, nothing cut, toasts over nothing in use`, async ({
    app: { page, core },
  }) => {
    await page.setViewportSize({ width, height });
    for (const [categoryId, name] of CATEGORIES) core.nameCategory('local', { categoryId, name });
    for (let i = 0; i < 40; i++)
      core.addPet('local', {
        name: `Parrot number ${i} with a long name from the importer`,
        categoryId: CATEGORIES[i % CATEGORIES.length]![0],
        status: 'available',
      });
    await reopen(page);
    // In the page (plain script: the test's own types know no DOM).
    const page_ = (await page.evaluate(`({
      scrollHeight: document.documentElement.scrollHeight,
      scrollWidth: document.documentElement.scrollWidth,
      innerHeight: window.innerHeight,
      innerWidth: window.innerWidth,
    })`)) as { scrollHeight: number; scrollWidth: number; innerHeight: number; innerWidth: number };
    expect(page_.scrollHeight).toBeLessThanOrEqual(page_.innerHeight);
    expect(page_.scrollWidth).toBeLessThanOrEqual(page_.innerWidth);
    await expect(page.getByRole('button', { name: 'Add to Local' })).toBeInViewport({ ratio: 1 });
    const inView = await rowsInView(page);
    expect(inView.nameLines, 'lines of the longest name in view').toBeLessThanOrEqual(2);
    expect(inView.rows, 'rows wholly in view').toBeGreaterThanOrEqual(rows);
    // No button label, id, status or badge wraps: each sits on one line.
    const broken =
      await page.evaluate(`[...document.querySelectorAll('button, td.num, .category-id, .status-text, .badge')]
      .filter((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return element.getBoundingClientRect().width > 0 && (lines.size > 1 || element.scrollWidth > element.clientWidth + 1);
      })
      .map((element) => element.textContent)`);
    expect(broken).toEqual([]);

    // Two toasts (two adds): neither covers the list, the find boxes or the form.
    await page.keyboard.press('Control+n');
    await page.keyboard.type('Toasty');
    await page.keyboard.press('Tab');
    await page.keyboard.type('7');
    await page.getByRole('button', { name: 'Add to Local' }).click();
    await page.keyboard.type('Second toast');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(2);
    const inUse = {
      list: page.getByTestId('animals-scroll'),
      'find by name': page.getByLabel(/Find by name/),
      'find by id': page.locator('.find-by-id summary'),
      'add form': page.locator('.add-form'),
      'sync now': page.getByRole('button', { name: /Sync now/ }),
    };
    for (const toast of await page.locator('[data-sonner-toast]').all()) {
      await expect(toast).toBeVisible();
      const shown = (await toast.boundingBox())!;
      for (const [name, locator] of Object.entries(inUse)) {
        if ((await locator.count()) === 0) continue;
        const box = await locator.boundingBox();
        if (box) expect(overlaps(box, shown), `a toast over ${name}`).toBe(false);
      }
    }
    await checkScreen(page, `small-${width}x${height}`);
  });
}

test('at 800×600 the row the person is on stays in sight when a toast makes room for itself', async ({
  app: { page, core },
}) => {
  await page.setViewportSize({ width: 800, height: 600 });
  const server = await connectServer(core, 'staging');
  try {
    for (let i = 1; i <= 12; i++)
      server.service.store.createPet({ name: `Guppy ${i}`, categoryId: '1', status: 'available' });
    await workIn(page, core, 'staging');
    await expect(row(page, 'Guppy 12')).toBeVisible({ timeout: 15_000 });
    await closeToasts(page);
    // The lowest row wholly in view, chosen by keyboard.
    const lowest = (await rowsInView(page)).rows - 1;
    await row(page, 'Guppy 12').focus();
    for (let i = 0; i < lowest; i++) await page.keyboard.press('ArrowDown');
    const chosen = page.locator('table.animals tbody tr:focus');
    await expect(chosen).toContainText(`Guppy ${12 - lowest}`);
    await page.keyboard.press('F5');
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Staging sync finished' });
    await expect(toast).toBeVisible({ timeout: 15_000 });
    await expect(chosen).toBeFocused();
    // While the toast shows, the chosen row is wholly inside the list's view, and the toast is not over it.
    const boxes = () =>
      page.evaluate(`(() => {
        const box = (element) => element && element.getBoundingClientRect();
        const toast = box(document.querySelector('[data-sonner-toast][data-front="true"]'));
        const view = box(document.querySelector('[data-testid="animals-scroll"]'));
        const chosen = box(document.querySelector('table.animals tbody tr:focus'));
        return { toast: toast && { top: toast.top, bottom: toast.bottom }, view: { top: view.top, bottom: view.bottom }, chosen: chosen && { top: chosen.top, bottom: chosen.bottom } };
      })()`) as Promise<{ toast: Edges | null; view: Edges; chosen: Edges | null }>;
    await expect
      .poll(async () => {
        const { toast: shown, view, chosen: rowBox } = await boxes();
        if (shown === null || rowBox === null) return 'no toast, or no row chosen';
        if (rowBox.bottom > view.bottom + 1) return 'the row is below the list’s view';
        if (rowBox.bottom > shown.top && shown.bottom > rowBox.top) return 'the toast is over the row';
        return 'in sight';
      })
      .toBe('in sight');
  } finally {
    await server.close();
  }
});
