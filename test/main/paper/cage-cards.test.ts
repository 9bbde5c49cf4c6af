// Cage cards through the core, as the window and the command line make them: real SQLite files, a
// real headless Chromium printing the app's page to PDF, poppler drawing the PDF as a printer
// would, and ZXing reading each printed QR code and Code 128 barcode back to the same animal.
import { describe, expect, it } from 'vitest';
import { idFromLabelCode, type PaperRequest } from '../../../src/shared/contract';
import { addAnimal, NAMES_IN_EVERY_SCRIPT } from './paper-animals';
import sharp from 'sharp';
import { codesInPdf, fontsOfPdf, pagesOfPdf, pdfToPngs, textOfPdf } from '../../helpers/paper-reading';
import { photoLikeJpeg } from '../photos/photo-fixtures';
import { useTestCore } from '../core/test-core';

/** Each code read, as the animal ids it names (both kinds of code must name the same animals). */
function idsRead(reads: Array<{ format: string; text: string }>, format: string): string[] {
  return reads
    .filter((read) => read.format === format)
    .map((read) => idFromLabelCode(read.text) ?? `not a label code: ${read.text}`)
    .sort();
}

describe('cage cards', () => {
  const { open } = useTestCore();

  it('prints one card a page on A6 and A5, each code read back as its animal', async () => {
    const core = open({ now: () => Date.parse('2026-04-01T10:00:00Z') });
    const pets = ['Biscuit', 'Pepper', 'Mochi'].map((name) => addAnimal(core, { name }));
    await core.setPhotoFromBytes('local', pets[0]!.id, await photoLikeJpeg(800, 600));
    const ids = pets.map((pet) => pet.id).sort();
    for (const [layout, size] of [
      ['a6', /^298\.08 x 420 pts/],
      ['a5', /\(A5\)$/],
    ] as const) {
      const { pdf, animals } = await core.paperPdf({ kind: 'cards', environment: 'local', animals: { ids }, layout });
      expect(animals).toBe(3);
      const { pages, size: pageSize } = await pagesOfPdf(pdf);
      expect({ layout, pages }).toEqual({ layout, pages: 3 });
      expect(pageSize).toMatch(size);
      const reads = await codesInPdf(pdf, 150);
      expect(idsRead(reads, 'QRCode')).toEqual(ids);
      expect(idsRead(reads, 'Code128')).toEqual(ids);
      // Each card's codes are on its own page.
      expect(new Set(reads.map((read) => `${read.page}:${read.text}`)).size).toBe(3);
    }
  });

  it('prints four cards to an A4 sheet, every one read back', async () => {
    const core = open();
    const pets = Array.from({ length: 5 }, (_, index) => addAnimal(core, { name: `Kitten ${index + 1}` }));
    const { pdf } = await core.paperPdf({
      kind: 'cards',
      environment: 'local',
      animals: { view: { status: 'available', sort: 'oldest' } },
      layout: 'a4-four',
    });
    expect(await pagesOfPdf(pdf)).toEqual({ pages: 2, size: expect.stringMatching(/\(A4\)$/) });
    const reads = await codesInPdf(pdf, 150);
    expect(idsRead(reads, 'QRCode')).toEqual(pets.map((pet) => pet.id).sort());
    expect(reads.filter((read) => read.page === 1 && read.format === 'QRCode')).toHaveLength(4);
  });

  it('shows names in every script as text, markup in a name as its characters', async () => {
    const core = open();
    const pets = NAMES_IN_EVERY_SCRIPT.map((name) => addAnimal(core, { name }));
    const request: PaperRequest = {
      kind: 'cards',
      environment: 'local',
      animals: { ids: pets.map((pet) => pet.id) },
      layout: 'a6',
    };
    const { html } = await core.paperPage(request);
    expect(html).not.toContain('<b>Bold');
    expect(html).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; &quot;quoted&quot;');
    const text = (await textOfPdf((await core.paperPdf(request)).pdf)).normalize('NFC').replace(/\s+/g, ' ');
    for (const name of ['Zoë Ångström', 'ポチ 小太郎', '小白 蓬松', '<b>Bold</b> & "quoted"'])
      expect(text).toContain(name);
    // Right-to-left names are extracted in visual order by some readers: each word is there.
    for (const word of ['كلب', 'سعيد', 'שלום', 'רקס', 'Rex']) expect(text).toContain(word);
    expect(await codesInPdf((await core.paperPdf(request)).pdf, 150)).toHaveLength(2 * pets.length);
  });

  it('draws an emoji in a name in colour, and CJK in a font that has it, never as empty boxes', async () => {
    const core = open();
    const card = async (name: string) => {
      const pet = addAnimal(core, { name });
      return (await core.paperPdf({ kind: 'cards', environment: 'local', animals: { ids: [pet.id] }, layout: 'a6' }))
        .pdf;
    };
    const [latin, emoji, cjk] = [await card('Rex'), await card('Rex 🐶🦜'), await card('ポチ 小太郎')];
    // The name's line, drawn as a printer would: a colour emoji font's glyphs are coloured; a box or
    // a glyph from a font without them would be black.
    expect(await colouredPixelsOfNameLine(latin)).toBe(0);
    expect(await colouredPixelsOfNameLine(emoji)).toBeGreaterThan(500);
    // DejaVu, the card's own font, has no Japanese: a font that has it is embedded beside it.
    expect((await fontsOfPdf(latin)).filter((font) => !font.startsWith('DejaVu'))).toEqual([]);
    expect((await fontsOfPdf(cjk)).filter((font) => !font.startsWith('DejaVu')).length).toBeGreaterThan(0);
  });

  it('animals marked that are gone since are left out and named; none left is refused in words', async () => {
    const core = open();
    const rex = addAnimal(core, { name: 'Rex' });
    const marked = { ids: [rex.id, '999999'], leaveOutGone: true };
    const printed = await core.paperPdf({ kind: 'cards', environment: 'local', animals: marked, layout: 'a6' });
    expect({ animals: printed.animals, gone: printed.gone }).toEqual({ animals: 1, gone: ['999999'] });
    expect(idsRead(await codesInPdf(printed.pdf, 150), 'QRCode')).toEqual([rex.id]);
    await expect(
      core.paperPdf({
        kind: 'cards',
        environment: 'local',
        animals: { ids: ['999999'], leaveOutGone: true },
        layout: 'a6',
      }),
    ).rejects.toMatchObject({
      code: 'not_found',
      message: 'None of the animals marked is in local any more: clear the marks.',
    });
    // Ids a person typed are each an animal, or the printing is refused naming the one that is not.
    await expect(
      core.paperPdf({ kind: 'cards', environment: 'local', animals: { ids: [rex.id, '999999'] }, layout: 'a6' }),
    ).rejects.toMatchObject({ code: 'not_found', message: 'No animal has id 999999 in local.' });
    // An id no animal can have is said to be no id, as everywhere else.
    await expect(
      core.paperPdf({ kind: 'cards', environment: 'local', animals: { ids: ['9223372036854775808'] }, layout: 'a6' }),
    ).rejects.toMatchObject({
      code: 'invalid_parameter',
      message: 'id must be a whole number from -9223372036854775808 to 9223372036854775807, got 9223372036854775808',
    });
  });

  it("shows only the fields the shop chose, and refuses a field that is not a card's", async () => {
    const core = open();
    const pet = addAnimal(core, { name: 'Pepper' });
    expect(core.setCardFields(['price', 'species'])).toEqual(['species', 'price']);
    const request: PaperRequest = { kind: 'cards', environment: 'local', animals: { ids: [pet.id] }, layout: 'a6' };
    const text = await textOfPdf((await core.paperPdf(request)).pdf);
    expect(text).toContain('Dog');
    expect(text).toMatch(/450/);
    expect(text).not.toContain('Border collie');
    expect(text).not.toContain('Female');
    expect(await codesInPdf((await core.paperPdf(request)).pdf, 150)).toEqual([]);
    expect(() => core.setCardFields(['price', 'weight' as never])).toThrow(/weight, which is not a card field/);
    expect(core.cardFields()).toEqual(['species', 'price']);
  });

  it('refuses ids it does not show before printing anything, naming them', async () => {
    const core = open();
    const pet = addAnimal(core, { name: 'Pepper' });
    await expect(
      core.paperPdf({ kind: 'cards', environment: 'local', animals: { ids: [pet.id, '999', '1000'] }, layout: 'a6' }),
    ).rejects.toMatchObject({ code: 'not_found', message: 'No animal has id 999, 1000 in local.' });
    await expect(
      core.paperPdf({ kind: 'cards', environment: 'local', animals: { ids: [] }, layout: 'a6' }),
    ).rejects.toMatchObject({ code: 'invalid_parameter', message: expect.stringMatching(/ids.*names no animal/) });
    await expect(
      core.paperPdf({ kind: 'cards', environment: 'local', animals: { ids: [pet.id] }, layout: 'a7' as never }),
    ).rejects.toMatchObject({ code: 'invalid_parameter', message: expect.stringContaining('layout') });
  });
});

/** Pixels of the card's top sixth (its name) drawn at 150 dpi whose colour is far from grey. */
async function colouredPixelsOfNameLine(pdf: Uint8Array): Promise<number> {
  const { pages, remove } = await pdfToPngs(pdf, 150);
  try {
    const image = sharp(pages[0]!);
    const { width, height } = await image.metadata();
    const { data, info } = await image
      .extract({ left: 0, top: 0, width: width!, height: Math.round(height! / 6) })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let coloured = 0;
    for (let at = 0; at < info.width * info.height * 3; at += 3) {
      const [r, g, b] = [data[at]!, data[at + 1]!, data[at + 2]!];
      if (Math.max(r, g, b) - Math.min(r, g, b) > 60) coloured += 1;
    }
    return coloured;
  } finally {
    remove();
  }
}
