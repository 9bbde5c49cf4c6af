// Cards, labels and the stock list from the real command line (the built `petstore`, a real SQLite
// file, the system's Chromium): each PDF read back, its codes decoded to the animals asked for.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { idFromLabelCode } from '../../../src/shared/contract';
import { useCli } from '../../helpers/cli';
import { codesInPdf, pagesOfPdf, pdfToPngs, textOfPdf } from '../../helpers/paper-reading';

const idsIn = (reads: Array<{ format: string; text: string }>, format: string) =>
  reads
    .filter((read) => read.format === format)
    .map((read) => idFromLabelCode(read.text))
    .sort();

const MM_A_POINT = 25.4 / 72;

/** Every page's width and height in whole millimetres, as the PDF sets them. */
async function pageSizesInMm(pdf: Uint8Array): Promise<Array<[number, number]>> {
  const document = await PDFDocument.load(pdf);
  return document.getPages().map((page) => {
    const { width, height } = page.getSize();
    return [Math.round(width * MM_A_POINT), Math.round(height * MM_A_POINT)];
  });
}

let decoderReady: Promise<unknown> | undefined;
/** The decoder's WebAssembly from its own package, as the paper-reading helper loads it. */
function readyDecoder() {
  if (decoderReady !== undefined) return decoderReady;
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  return (decoderReady = prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    fireImmediately: true,
  }));
}

/**
 * Every QR code and Code 128 barcode of the PDF with the cell of a sheet's grid it stands in (cells
 * of `cell` millimetres from the page's top left, `top` millimetres down, counted along each row):
 * "page cell format id", to tell which label or card each code is printed on.
 */
async function codesByCell(
  pdf: Uint8Array,
  grid: { columns: number; cell: [number, number]; top: number },
  dpi: number,
): Promise<string[]> {
  await readyDecoder();
  const { pages, remove } = await pdfToPngs(pdf, dpi);
  try {
    const found: string[] = [];
    for (const [index, page] of pages.entries()) {
      const results = await readBarcodes(readFileSync(page), {
        formats: ['QRCode', 'Code128'],
        maxNumberOfSymbols: 64,
      });
      for (const result of results.filter((read) => read.isValid)) {
        const { topLeft, topRight, bottomLeft, bottomRight } = result.position;
        const x = ((topLeft.x + topRight.x + bottomLeft.x + bottomRight.x) / 4 / dpi) * 25.4;
        const y = ((topLeft.y + topRight.y + bottomLeft.y + bottomRight.y) / 4 / dpi) * 25.4;
        const cell = Math.floor((y - grid.top) / grid.cell[1]) * grid.columns + Math.floor(x / grid.cell[0]);
        found.push(`${index + 1} ${cell} ${result.format} ${idFromLabelCode(result.text)}`);
      }
    }
    return found.sort();
  } finally {
    remove();
  }
}

/** What codesByCell reads when each animal's QR code and barcode stand in its own cell, `perSheet` a page in order. */
const eachInItsCell = (ids: string[], perSheet: number) =>
  ids
    .flatMap((id, index) =>
      ['QRCode', 'Code128'].map((format) => `${Math.floor(index / perSheet) + 1} ${index % perSheet} ${format} ${id}`),
    )
    .sort();

describe('paper on the command line', () => {
  const { run, dataDir } = useCli();
  const GBP = { LANG: 'en_GB.UTF-8', LC_ALL: 'en_GB.UTF-8' };
  const out = (name: string) => join(dataDir(), name);
  async function add(name: string, status: string): Promise<string> {
    const added = await run(
      [
        'pets',
        'add',
        '--name',
        name,
        '--category',
        '1',
        '--status',
        status,
        '--price',
        '12.50',
        '--species',
        'Cat',
        '--json',
      ],
      { env: GBP },
    );
    expect(added.code).toBe(0);
    return String((JSON.parse(added.out) as { id: number }).id);
  }
  /** Animals of these names imported at once (a CSV file), their ids in the names' order. */
  async function addMany(names: string[]): Promise<string[]> {
    const file = out('animals.csv');
    writeFileSync(file, `name,category,status\r\n${names.map((name) => `${name},1,available\r\n`).join('')}`);
    expect(await run(['pets', 'import', file])).toMatchObject({ code: 0 });
    const listed = await run(['pets', 'list', '--all', '--json']);
    expect(listed.code).toBe(0);
    const idOf = new Map(
      listed.out.split('\n').map((line) => {
        const pet = JSON.parse(line) as { id: number | string; name: string };
        return [pet.name, String(pet.id)] as const;
      }),
    );
    return names.map((name) => idOf.get(name)!);
  }

  it('writes cage cards, labels of a view and the stock list, each code the animal it names', async () => {
    const luna = await add('Luna', 'available');
    const miso = await add('ミソ', 'pending');
    const sold = await add('Sold Sam', 'sold');

    const cards = await run(['pets', 'card', luna, `PSD-${miso}`, '--size', 'a5', '--out', out('cards.pdf')]);
    expect(cards).toMatchObject({ code: 0, out: `Wrote ${out('cards.pdf')}: 2 animals (A5, one card a page).` });
    const cardPdf = readFileSync(out('cards.pdf'));
    expect(await pagesOfPdf(cardPdf)).toEqual({ pages: 2, size: expect.stringContaining('(A5)') });
    const cardCodes = await codesInPdf(cardPdf, 150);
    expect(idsIn(cardCodes, 'QRCode')).toEqual([luna, miso].sort());
    expect(idsIn(cardCodes, 'Code128')).toEqual([luna, miso].sort());

    const labels = await run(['pets', 'labels', '--status', 'pending', '--layout', '62mm', '--out', out('labels.pdf')]);
    expect(labels.code).toBe(0);
    const labelCodes = await codesInPdf(readFileSync(out('labels.pdf')), 300);
    expect(idsIn(labelCodes, 'QRCode')).toEqual([miso]);
    expect(idsIn(labelCodes, 'Code128')).toEqual([miso]);

    const stock = await run(['report', 'stock', '--out', out('stock.pdf')], { env: GBP });
    expect(stock.code).toBe(0);
    const text = await textOfPdf(readFileSync(out('stock.pdf')));
    expect(text).toContain('Luna');
    expect(text).toContain('ミソ');
    expect(text).toContain(`PSD-${luna}`);
    expect(text).toContain('£12.50');
    expect(text).not.toContain('Sold Sam');
    expect(text).not.toContain(`PSD-${sold}`);
  });

  it('labels of a search: only the animals whose name it finds, with --status as well', async () => {
    const noir = await add('Café Noir', 'available');
    const creme = await add('Cafe Crème', 'sold');
    const luna = await add('Luna', 'available');

    const found = await run(['pets', 'labels', '--search', 'CAFE', '--out', out('found.pdf')]);
    expect(found).toMatchObject({
      code: 0,
      out: `Wrote ${out('found.pdf')}: 2 animals (62 mm tape, one label each).`,
    });
    const foundPdf = readFileSync(out('found.pdf'));
    expect((await pagesOfPdf(foundPdf)).pages).toBe(2);
    const codes = await codesInPdf(foundPdf, 300);
    expect(idsIn(codes, 'QRCode')).toEqual([noir, creme].sort());
    expect(idsIn(codes, 'Code128')).toEqual([noir, creme].sort());
    expect(idsIn(codes, 'QRCode')).not.toContain(luna);
    expect(await textOfPdf(foundPdf)).not.toContain('Luna');

    const available = await run(['pets', 'labels', '--search', 'cafe', '--status', 'available', '--out', out('a.pdf')]);
    expect(available.code).toBe(0);
    const availableCodes = await codesInPdf(readFileSync(out('a.pdf')), 300);
    expect(idsIn(availableCodes, 'QRCode')).toEqual([noir]);
    expect(idsIn(availableCodes, 'Code128')).toEqual([noir]);

    const none = await run(['pets', 'labels', '--search', 'nobody', '--out', out('none.pdf')]);
    expect(none.err).toBe('There is no animal to print in this view of local.');
    expect(none.code).not.toBe(0);
    expect(existsSync(out('none.pdf'))).toBe(false);
  });

  it("labels on A4 sticker sheets: 24 a sheet in name order, each label's QR code and barcode its animal", async () => {
    const names = Array.from({ length: 30 }, (_, index) => `Guppy ${String(index + 1).padStart(2, '0')}`);
    const ids = await addMany([...names].reverse());
    ids.reverse(); // by name, as the view sorts them

    const sheets = await run(['pets', 'labels', '--layout', 'a4-3x8', '--out', out('sheets.pdf')]);
    expect(sheets).toMatchObject({
      code: 0,
      out: `Wrote ${out('sheets.pdf')}: 30 animals (A4 sticker sheet, 3 × 8).`,
    });
    const pdf = readFileSync(out('sheets.pdf'));
    expect(await pageSizesInMm(pdf)).toEqual([
      [210, 297],
      [210, 297],
    ]);
    // 24 stickers of 70 × 37 mm, 3 × 8, the grid centred down the sheet.
    const read = await codesByCell(pdf, { columns: 3, cell: [70, 37], top: (296.9 - 8 * 37) / 2 }, 200);
    expect(read).toEqual(eachInItsCell(ids, 24));
  });

  it('cage cards of an explicit --size a6 and --size a5: the page of that size, one card a page', async () => {
    const luna = await add('Luna', 'available');
    const miso = await add('Miso', 'pending');
    const rex = await add('Rex', 'available');

    const a6 = await run(['pets', 'card', miso, luna, rex, '--size', 'a6', '--out', out('a6.pdf')]);
    expect(a6).toMatchObject({ code: 0, out: `Wrote ${out('a6.pdf')}: 3 animals (A6, one card a page).` });
    const a6Pdf = readFileSync(out('a6.pdf'));
    expect(await pageSizesInMm(a6Pdf)).toEqual([
      [105, 148],
      [105, 148],
      [105, 148],
    ]);
    const a6Codes = await codesByCell(a6Pdf, { columns: 1, cell: [105, 148], top: 0 }, 150);
    expect(a6Codes).toEqual(eachInItsCell([miso, luna, rex], 1));

    const a5 = await run(['pets', 'card', rex, miso, '--size', 'a5', '--out', out('a5.pdf')]);
    expect(a5).toMatchObject({ code: 0, out: `Wrote ${out('a5.pdf')}: 2 animals (A5, one card a page).` });
    const a5Pdf = readFileSync(out('a5.pdf'));
    expect(await pageSizesInMm(a5Pdf)).toEqual([
      [148, 210],
      [148, 210],
    ]);
    const a5Codes = await codesByCell(a5Pdf, { columns: 1, cell: [148, 210], top: 0 }, 150);
    expect(a5Codes).toEqual(eachInItsCell([rex, miso], 1));
  });

  it("four cage cards an A4 sheet (--size a4-four): each card's QR code and barcode the animal in its place", async () => {
    const ids = [
      await add('Luna', 'available'),
      await add('Miso', 'pending'),
      await add('Rex', 'available'),
      await add('Tom', 'available'),
      await add('Zara', 'available'),
    ];
    const order = [ids[3]!, ids[0]!, ids[4]!, ids[2]!, ids[1]!]; // as named, not by name or id

    const four = await run(['pets', 'card', ...order, '--size', 'a4-four', '--out', out('four.pdf')]);
    expect(four).toMatchObject({ code: 0, out: `Wrote ${out('four.pdf')}: 5 animals (A4, four A6 cards a sheet).` });
    const pdf = readFileSync(out('four.pdf'));
    expect(await pageSizesInMm(pdf)).toEqual([
      [210, 297],
      [210, 297],
    ]);
    const read = await codesByCell(pdf, { columns: 2, cell: [105, 148.45], top: 0 }, 200);
    expect(read).toEqual(eachInItsCell(order, 4));
  });

  it('tells on standard error how a batch of 50 or more gets on, in order, up to the total; a smaller one says nothing', async () => {
    const guppies = Array.from({ length: 49 }, (_, index) => `Guppy ${String(index + 1).padStart(2, '0')}`);
    const tetras = Array.from({ length: 11 }, (_, index) => `Tetra ${String(index + 1).padStart(2, '0')}`);
    await addMany([...guppies, ...tetras]);

    const few = await run(['pets', 'labels', '--search', 'guppy', '--out', out('few.pdf')]);
    expect(few).toMatchObject({ code: 0, out: `Wrote ${out('few.pdf')}: 49 animals (62 mm tape, one label each).` });
    expect(few.err).toBe('');

    const batch = await run(['pets', 'labels', '--out', out('batch.pdf')]);
    expect(batch).toMatchObject({
      code: 0,
      out: `Wrote ${out('batch.pdf')}: 60 animals (62 mm tape, one label each).`,
    });
    // Laid out by twenty-fives, printed in parts of 50, then done.
    expect(batch.err.split('\n')).toEqual([
      'Laying out 0 of 60…',
      'Laying out 25 of 60…',
      'Laying out 50 of 60…',
      'Printing 0 of 60 to PDF…',
      'Printing 50 of 60 to PDF…',
      'Printing 60 of 60 to PDF…',
      'Done.',
    ]);
    expect((await pagesOfPdf(readFileSync(out('batch.pdf')))).pages).toBe(60);
  });

  it('says what to fix, and writes no file, for a missing --out, a wrong size or an animal it does not have', async () => {
    const luna = await add('Luna', 'available');
    const never = out('never.pdf');
    const noOut = await run(['pets', 'card', luna]);
    expect(noOut).toMatchObject({ code: 2, err: expect.stringContaining('give the PDF to write: --out F.pdf') });
    const wrongSize = await run(['pets', 'card', luna, '--size', 'a7', '--out', never]);
    expect(wrongSize).toMatchObject({ code: 2, err: expect.stringContaining('--size takes a6, a5, a4-four, got a7') });
    const notAnId = await run(['pets', 'card', luna, 'luna', '--out', never]);
    expect(notAnId).toMatchObject({
      code: 2,
      err: expect.stringContaining("luna is not an animal's id or label code"),
    });
    const unknown = await run(['pets', 'card', luna, '404', '--out', never]);
    expect(unknown.err).toBe('No animal has id 404 in local.');
    expect(unknown.code).not.toBe(0);
    const noneInView = await run(['pets', 'labels', '--status', 'sold', '--out', never]);
    expect(noneInView.err).toBe('There is no animal to print in this view of local.');
    expect(existsSync(never)).toBe(false);
  });
});
