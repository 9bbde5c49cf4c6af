import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const run = promisify(execFile);

/** A code read back from a printed page: on which page (from 1), which kind, what it says. */
export interface CodeRead {
  page: number;
  format: string;
  text: string;
}

let decoderReady: Promise<unknown> | undefined;
/** The decoder's WebAssembly from its own package (never fetched from the network). */
function readyDecoder() {
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  return (decoderReady ??= prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    fireImmediately: true,
  }));
}

/** The PDF's pages as PNG files (poppler's pdftoppm, as a person's print preview would draw them), in a folder of their own. */
export async function pdfToPngs(pdf: Uint8Array, dpi: number): Promise<{ pages: string[]; remove: () => void }> {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-paper-'));
  writeFileSync(join(folder, 'paper.pdf'), pdf);
  await run('pdftoppm', ['-r', String(dpi), '-png', join(folder, 'paper.pdf'), join(folder, 'page')]);
  const pages = readdirSync(folder)
    .filter((name) => name.endsWith('.png'))
    .sort()
    .map((name) => join(folder, name));
  return { pages, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Every QR code and Code 128 barcode on every page of the PDF, rendered at `dpi` and decoded by ZXing. */
export async function codesInPdf(pdf: Uint8Array, dpi = 200): Promise<CodeRead[]> {
  await readyDecoder();
  const { pages, remove } = await pdfToPngs(pdf, dpi);
  try {
    const found: CodeRead[] = [];
    for (const [index, page] of pages.entries()) {
      const { data, info } = await sharp(page).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const image = { data: new Uint8ClampedArray(data), width: info.width, height: info.height, colorSpace: 'srgb' };
      const results = await readBarcodes(image as Parameters<typeof readBarcodes>[0], {
        formats: ['QRCode', 'Code128'],
        maxNumberOfSymbols: 64,
      });
      for (const result of results.filter((read) => read.isValid))
        found.push({ page: index + 1, format: result.format, text: result.text });
    }
    return found;
  } finally {
    remove();
  }
}

/** The PDF's text as poppler extracts it (what a search in a PDF viewer finds). */
export async function textOfPdf(pdf: Uint8Array): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-paper-'));
  try {
    writeFileSync(join(folder, 'paper.pdf'), pdf);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', join(folder, 'paper.pdf'), '-']);
    return stdout;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** How many pages the PDF has, and their size in points (poppler's pdfinfo). */
export async function pagesOfPdf(pdf: Uint8Array): Promise<{ pages: number; size: string }> {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-paper-'));
  try {
    writeFileSync(join(folder, 'paper.pdf'), pdf);
    const { stdout } = await run('pdfinfo', [join(folder, 'paper.pdf')]);
    return {
      pages: Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]),
      size: /^Page size:\s+(.+)$/m.exec(stdout)?.[1]?.trim() ?? '',
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The names of the fonts the PDF embeds (poppler's pdffonts): a script drawn with a font that has it. */
export async function fontsOfPdf(pdf: Uint8Array): Promise<string[]> {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-paper-'));
  try {
    writeFileSync(join(folder, 'paper.pdf'), pdf);
    const { stdout } = await run('pdffonts', [join(folder, 'paper.pdf')]);
    // Two lines of heading; each font's name is its line's first word, after a subset's "ABCDEF+".
    return stdout
      .split('\n')
      .slice(2)
      .map((line) => line.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ''))
      .filter((name) => name !== '');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
