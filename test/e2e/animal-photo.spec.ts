// An animal's photo in its correction dialog: chosen in main's own dialog or dropped on the dialog,
// shown from the bytes main gave, removed; hostile files refused in words, changing nothing. Its
// thumbnail in the list's Photo column, asked of main only as its row comes into view. The built
// renderer in Chromium over the real core (real SQLite files), as the harness runs it.
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './harness';
import { drop, jpegOf } from './photo-helpers';
import { checkScreen, reopen, row } from './ui-helpers';

const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(document.domain)</script></svg>',
);

/** The photo the dialog shows: an image from a blob: URL that the browser decoded. */
async function expectPhotoShown(dialog: Locator, name: string): Promise<void> {
  const image = dialog.getByRole('img', { name: `Photo of ${name}` });
  await expect(image).toBeVisible();
  expect(await image.getAttribute('src')).toMatch(/^blob:/);
  await expect
    .poll(() => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth))
    .toBe(160);
}

/** Scrolls the list to its top or its foot, as a person's wheel would. */
const scrollList = (page: Page, to: 'top' | 'bottom') =>
  page.getByTestId('animals-scroll').evaluate((list, to) => {
    const scrolled = list as unknown as { scrollTop: number; scrollHeight: number };
    scrolled.scrollTop = to === 'top' ? 0 : scrolled.scrollHeight;
  }, to);

async function openCorrection(page: Page, name: string): Promise<Locator> {
  await page.getByRole('row').filter({ hasText: name }).first().focus();
  await page.keyboard.press('e');
  const dialog = page.getByRole('dialog', { name: new RegExp(`Correct ${name}`) });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("a photo chosen in main's dialog, then one dropped on the dialog; shown, kept, removed", async ({
  app: { page, core, main },
}) => {
  core.addPet('local', { name: 'Bella', categoryId: '3', status: 'available' });
  await reopen(page);
  let dialog = await openCorrection(page, 'Bella');
  const section = dialog.getByRole('region', { name: 'Photo' });
  await expect(section.getByText('No photo')).toBeVisible();

  // A person who cancels main's dialog changes nothing.
  await section.getByRole('button', { name: 'Choose photo…' }).click();
  await expect(section.getByRole('button', { name: 'Choose photo…' })).toBeEnabled();
  expect(await core.getPet('local', '1')).toMatchObject({ revision: 1 });

  main.fileToOpen = { name: 'bella.jpg', bytes: await jpegOf([30, 140, 90]) };
  await section.getByRole('button', { name: 'Choose photo…' }).click();
  await expectPhotoShown(dialog, 'Bella');
  const chosen = await core.getPet('local', '1');
  expect(chosen).toMatchObject({ photo: expect.stringMatching(/^[0-9a-f]{64}$/), revision: 2 });

  // Dropped on the dialog: its bytes go to main, which prepares them.
  await drop(page, dialog, 'bella-2.jpg', await jpegOf([150, 30, 90]), 'image/jpeg');
  await expect.poll(async () => (await core.getPet('local', '1')).revision).toBe(3);
  const dropped = await core.getPet('local', '1');
  expect(dropped.photo).not.toBe(chosen.photo);
  await expectPhotoShown(dialog, 'Bella');

  // A correction after the photo is made under the revision the photo left.
  await dialog.getByLabel('Name', { exact: true }).fill('Bella Rose');
  await dialog.getByLabel('Name', { exact: true }).press('Enter');
  await expect(dialog).toHaveCount(0);
  expect(await core.getPet('local', '1')).toMatchObject({ name: 'Bella Rose', photo: dropped.photo, revision: 4 });

  // Opened again, the photo is the one kept by its digest: main is not asked for it again.
  const asked = main.calls['photoBytes'];
  dialog = await openCorrection(page, 'Bella Rose');
  await expectPhotoShown(dialog, 'Bella Rose');
  expect(main.calls['photoBytes']).toBe(asked);

  await dialog.getByRole('button', { name: 'Remove photo' }).click();
  await expect(dialog.getByText('No photo')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Remove photo' })).toHaveCount(0);
  expect(await core.getPet('local', '1')).not.toHaveProperty('photo');
});

test('a hostile or broken file dropped is refused in words on the photo, and nothing changes', async ({
  app: { page, core },
}) => {
  core.addPet('local', { name: 'Rex', categoryId: '3' });
  await reopen(page);
  const dialog = await openCorrection(page, 'Rex');
  const section = dialog.getByRole('region', { name: 'Photo' });
  const noise = randomBytes(4096);
  noise[0] = 0; // no photo's first bytes
  const cases: Array<[string, Buffer, string, string]> = [
    [
      'evil.svg',
      SVG_WITH_SCRIPT,
      'image/svg+xml',
      'evil.svg is not a photo this app takes: choose a JPEG, PNG, WebP, GIF or AVIF file.',
    ],
    [
      'noise.jpg',
      noise,
      'image/jpeg',
      'noise.jpg is not a photo this app takes: choose a JPEG, PNG, WebP, GIF or AVIF file.',
    ],
    [
      'cut.jpg',
      (await jpegOf([30, 60, 120])).subarray(0, 2000),
      'image/jpeg',
      'cut.jpg could not be read as a JPEG: the file is damaged or incomplete; choose another copy of the photo.',
    ],
  ];
  for (const [name, bytes, type, words] of cases) {
    await drop(page, dialog, name, bytes, type);
    await expect(section.getByRole('alert')).toHaveText(words);
  }
  expect(await core.getPet('local', '1')).toEqual({ id: '1', name: 'Rex', categoryId: '3', revision: 1 });
  await expect(section.getByText('No photo')).toBeVisible();
  // Nothing of the SVG ran, and the window is still the app's.
  expect(page.url()).not.toMatch(/evil/);
  await expect(dialog).toBeVisible();
});

test('the dialog with a photo: no axe violation in light or dark', async ({ app: { page, core } }) => {
  const { pet } = core.addPet('local', { name: 'Milo', categoryId: '3' }) as { pet: { id: string } };
  await core.setPhotoFromBytes('local', pet.id, await jpegOf([190, 120, 60]), 1);
  await reopen(page);
  const dialog = await openCorrection(page, 'Milo');
  await expectPhotoShown(dialog, 'Milo');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    const { violations } = await new AxeBuilder({ page }).include('dialog').analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      colorScheme,
    ).toEqual([]);
  }
});

test('the list’s Photo column: a thumbnail for an animal with a photo, asked of main only as its row comes into view, never while filtering; none asked for an animal without', async ({
  app: { page, core, main },
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const withPhoto = async (name: string, colour: [number, number, number], details: object = {}) => {
    const { pet } = core.addPet('local', { name, categoryId: '4', status: 'available', ...details }) as {
      pet: { id: string };
    };
    await core.setPhotoFromBytes('local', pet.id, await jpegOf(colour), 1);
  };
  const colours: Array<[number, number, number]> = [
    [60, 130, 200],
    [80, 160, 80],
    [200, 160, 40],
    [160, 80, 160],
    [210, 100, 80],
  ];
  for (let i = 1; i <= 30; i++) await withPhoto(`Budgie ${i}`, colours[i % colours.length]!);
  core.addPet('local', { name: 'Rex', categoryId: '3', status: 'available', price: 45000 });
  await withPhoto('Bella', [190, 120, 60], { price: 12500, bornOn: '2026-02' });
  await reopen(page);
  await expect(row(page, 'Bella')).toBeVisible();
  expect(main.calls['photoBytes'] ?? 0, 'no Photo column yet: no thumbnail asked').toBe(0);

  // The column chosen from the keyboard: Photo is the first choice.
  await page.getByRole('button', { name: /^Columns/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('checkbox', { name: 'Photo' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Escape');
  await expect(page.locator('table.animals thead th')).toHaveText([
    'Id',
    'Name',
    'Category',
    'Status',
    'Photo',
    'Price',
    'Age',
    'Sync',
  ]);
  const thumbnail = row(page, 'Bella').getByRole('img', { name: 'Photo of Bella' });
  await expect(thumbnail).toBeVisible();
  expect(await thumbnail.getAttribute('src')).toMatch(/^blob:/);
  await expect
    .poll(() => thumbnail.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
  const size = (await thumbnail.boundingBox())!;
  expect(Math.max(size.width, size.height)).toBe(32);
  // An animal without a photo: a blank cell, and nothing asked.
  await expect(row(page, 'Rex').locator('td.detail-photo')).toBeEmpty();

  // Asked for the rows in view alone: the rows drawn beyond them (the virtual list's margin) wait.
  const shown = page.locator('td.detail-photo img');
  const waiting = page.locator('td.detail-photo [data-photo="waiting"]');
  const onTheirWay = page.locator('td.detail-photo [data-photo="asked"]');
  // Counted once none is on its way and the count has held for a poll: a request sent but not yet
  // at main, or a row the observer has not reported yet, is not missed.
  const settledShown = async () => {
    let before = -1;
    await expect
      .poll(
        async () => {
          const now = (await onTheirWay.count()) === 0 ? await shown.count() : -1;
          const settled = now > 0 && now === before;
          before = now;
          return settled;
        },
        { intervals: [250] },
      )
      .toBe(true);
    return await shown.count();
  };
  expect(main.calls['photoBytes']).toBe(await settledShown());
  expect(await waiting.count(), 'rows drawn out of view wait for theirs').toBeGreaterThan(0);
  const asked = main.calls['photoBytes']!;
  expect(asked).toBeLessThan(31);

  // A filter and back: the thumbnails seen before come from the window's cache, not from main.
  await page.keyboard.press('Control+f');
  await page.keyboard.type('bella');
  await expect(page.locator('table.animals tbody tr[data-row-key]')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(row(page, 'Rex')).toBeVisible();
  await expect(thumbnail).toBeVisible();
  // None asked twice (a row the redrawn list brings into view for the first time may be asked once).
  await settledShown();
  const petsAsked = (main.asked['photoBytes'] ?? []).map((argument) => (argument as { petId: string }).petId);
  expect(petsAsked.length).toBeGreaterThanOrEqual(asked);
  expect(new Set(petsAsked).size, `thumbnails asked: ${petsAsked.join(', ')}`).toBe(petsAsked.length);

  // Main slow to answer: typing in the search filters the list at once all the same.
  const release = main.holdAnswers('photoBytes');
  await scrollList(page, 'bottom');
  await expect(row(page, 'Budgie 1')).toBeVisible();
  await expect.poll(() => main.calls['photoBytes']).toBeGreaterThan(asked);
  await page.keyboard.press('Control+f');
  await page.keyboard.type('budgie 2');
  await expect(page.locator('table.animals tbody tr[data-row-key]')).toHaveCount(11); // Budgie 2, 20 to 29
  release();
  await expect(row(page, 'Budgie 2').getByRole('img', { name: 'Photo of Budgie 2' })).toBeVisible();
  await page.keyboard.press('Escape');
  await scrollList(page, 'top');
  await expect(thumbnail).toBeVisible();
  await row(page, 'Bella').click();
  await checkScreen(page, 'animals-photos');
});
