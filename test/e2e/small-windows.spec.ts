// The window at 1024×768 and 800×600, with long names and long category names: nothing but the
// list scrolls, the list shows rows enough to work in, nothing is cut, and a toast covers nothing
// the person works with. With every column chosen, the add form still fits a 1280×800 window and
// the list never scrolls sideways; the filters take the Tab in the order they are seen.
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { PetstoreCore } from '../../src/main/core/petstore-core';
import { expect, test } from './harness';
import { addByKeyboard, checkScreen, closeToasts, connectServer, reopen, row, workIn } from './ui-helpers';

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
      'find by number': page.locator('.find-by-number summary'),
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

test('with no row to show, the toasts stay in the window, each closable', async ({ app: { page, core } }) => {
  // An 800×600 window whose list pane is filled by words, not rows: a search that finds nothing.
  await page.setViewportSize({ width: 800, height: 600 });
  core.addPet('local', { name: 'Rex', categoryId: '1' });
  await reopen(page);
  // A long search: the words that say nothing matches it fill the pane.
  await page.getByLabel(/Find by name/).fill(`nobody ${'by a name that no animal of this shop has '.repeat(8)}`);
  await expect(page.getByTestId('empty-list')).toBeVisible();
  for (const name of ['Biscuit', 'Pepper', 'Mochi', 'Clover']) await addByKeyboard(page, name, '1');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(4);
  const viewport = page.viewportSize()!;
  // Where they came to rest: each slides in.
  await page.waitForFunction(() =>
    (globalThis as unknown as { document: { getAnimations(): Array<{ playState: string }> } }).document
      .getAnimations()
      .every((animation) => animation.playState !== 'running'),
  );
  for (const toast of await page.locator('[data-sonner-toast][data-visible="true"]').all()) {
    const box = (await toast.boundingBox())!;
    expect(box.y + box.height, 'a toast below the window').toBeLessThanOrEqual(viewport.height);
    expect(box.y, 'a toast above the window').toBeGreaterThanOrEqual(0);
  }
  await closeToasts(page);
});

/** Forty animals with every detail the columns show, long breeds and names among them, a few with a photo. */
async function animalsWithEveryDetail(core: PetstoreCore): Promise<void> {
  for (const [categoryId, name] of CATEGORIES) core.nameCategory('local', { categoryId, name });
  for (let i = 0; i < 40; i++) {
    const added = core.addPet('local', {
      name: `Parrot number ${i} with a long name from the importer`,
      categoryId: CATEGORIES[i % CATEGORIES.length]![0],
      status: 'available',
      price: 123456 + i,
      sex: i % 2 ? 'female' : 'male',
      bornOn: '2025-03',
      breed: i % 3 ? 'Blue-fronted Amazon' : 'Grey',
      microchip: `250269604${String(100000 + i)}`,
      ...(i % 4 === 0 ? { treatment: 'Drops until Friday' } : {}),
    }) as { pet: { id: string } };
    if (i >= 36) {
      const background = { r: 40 * (i - 35), g: 120, b: 90 };
      const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background } })
        .jpeg()
        .toBuffer();
      await core.setPhotoFromBytes('local', added.pet.id, photo, 1);
    }
  }
}

type Scroll = { scrollWidth: number; clientWidth: number; scrollHeight: number; clientHeight: number };
/** How far an element's content reaches, and how much of it the element shows. */
const scrollOf = (element: Locator): Promise<Scroll> =>
  element.evaluate((shown) => {
    const { scrollWidth, clientWidth, scrollHeight, clientHeight } = shown as unknown as Scroll;
    return { scrollWidth, clientWidth, scrollHeight, clientHeight };
  });

/**
 * The list's headings and cells wider than their box without an ellipsis and the whole on hover,
 * and text that may break inside a word (a name's and a category's aside: they end in an
 * ellipsis). A word that may not break overflows its box instead, which the first finds.
 */
const cutOrBreaking = (page: Page) =>
  page.evaluate(`(() => {
    const problems = [];
    for (const cell of document.querySelectorAll('table.animals :is(th, td)')) {
      for (const element of [cell, ...cell.querySelectorAll('*')]) {
        const style = getComputedStyle(element);
        if (element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0) {
          if (style.textOverflow !== 'ellipsis' || element.closest('[title]') === null) problems.push('cut: ' + element.textContent);
        }
        // Words of its own, set where a line may break inside a word.
        const words = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.data.trim() !== '');
        const wraps = !['nowrap', 'pre'].includes(style.whiteSpace);
        const breaks = style.overflowWrap !== 'normal' || style.wordBreak !== 'normal';
        if (words && wraps && breaks && !cell.matches('td:nth-child(2), td:nth-child(3)')) problems.push('may break a word: ' + element.textContent);
      }
    }
    return problems;
  })()`) as Promise<string[]>;

/**
 * A window of that size on animals with every detail, every column Columns offers ticked; the
 * names of those the list says it has no room for.
 */
async function openWithEveryColumn(page: Page, core: PetstoreCore, width: number, height: number): Promise<string[]> {
  await page.setViewportSize({ width, height });
  await animalsWithEveryDetail(core);
  await reopen(page);
  const chooser = page.getByRole('button', { name: /^Columns/ });
  await chooser.click();
  const choices = page.getByRole('group', { name: 'Columns shown in the list' });
  for (const box of await choices.getByRole('checkbox').all()) await box.check();
  const noRoom = await choices.locator('label:has(.no-room)').allTextContents();
  await page.keyboard.press('Escape');
  await expect(choices).toHaveCount(0);
  return noRoom.map((text) => text.replace('no room at this width', ''));
}

test('with every column on, a 1280×800 window shows the whole add form, its button without a scroll', async ({
  app: { page, core },
}) => {
  await openWithEveryColumn(page, core, 1280, 800);
  const add = page.getByRole('button', { name: 'Add to Local store' });
  await expect(add).toBeInViewport({ ratio: 1 });
  const sidePane = await scrollOf(page.locator('.side-pane'));
  expect(sidePane.scrollHeight, 'the side pane needs no scroll').toBeLessThanOrEqual(sidePane.clientHeight);
  const list = await scrollOf(page.getByTestId('animals-scroll'));
  expect(list.scrollWidth, 'the list scrolls sideways').toBeLessThanOrEqual(list.clientWidth);
  expect(await cutOrBreaking(page)).toEqual([]);
});

test('with every column on, an 800×600 list never scrolls sideways: columns without room are left out, said in Columns; none cut', async ({
  app: { page, core },
}) => {
  const noRoom = await openWithEveryColumn(page, core, 800, 600);
  expect(noRoom.length, 'columns left out').toBeGreaterThan(0);
  const headers = page.locator('table.animals thead th');
  for (const left of noRoom) await expect(headers.filter({ hasText: left })).toHaveCount(0);
  await expect(headers.first()).toHaveText('Id');
  await expect(headers.last()).toHaveText('Sync');
  const list = await scrollOf(page.getByTestId('animals-scroll'));
  expect(list.scrollWidth, 'the list scrolls sideways').toBeLessThanOrEqual(list.clientWidth);
  expect(await cutOrBreaking(page)).toEqual([]);
  // Wider again, columns come back.
  const narrow = await headers.count();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(() => headers.count()).toBeGreaterThan(narrow);
});

test('the filters take the Tab in the order they are seen, in a short window and a tall one', async ({
  app: { page, core },
}) => {
  core.addPet('local', { name: 'Rex', categoryId: '1', status: 'available', sex: 'male' });
  await reopen(page);
  const inOrder = [
    page.getByLabel(/Find by name/),
    page.getByLabel('Order'),
    page.getByRole('checkbox', { name: 'Under treatment' }),
    page.getByRole('radio', { name: /^All/ }),
    page.getByLabel('Show by sex'),
  ];
  for (const [width, height] of [
    [800, 600],
    [1280, 720],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await inOrder[0]!.focus();
    for (const next of inOrder.slice(1)) {
      await page.keyboard.press('Tab');
      await expect(next, `${width}×${height}`).toBeFocused();
    }
    // As seen: line by line, left to right (the box of a check or radio is the segment around it).
    const boxes = [];
    for (const control of inOrder) {
      const seen = control.locator('xpath=ancestor-or-self::*[self::label or self::div][1]');
      boxes.push((await seen.boundingBox())!);
    }
    for (let i = 1; i < boxes.length; i++) {
      const [before, after] = [boxes[i - 1]!, boxes[i]!];
      const sameLine = after.y < before.y + before.height && before.y < after.y + after.height;
      const seenAfter = sameLine ? after.x >= before.x + before.width - 1 : after.y >= before.y + before.height - 1;
      expect(seenAfter, `${width}×${height}: filter ${i + 1} seen after filter ${i}`).toBe(true);
    }
  }
});
