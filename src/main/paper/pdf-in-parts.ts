import { PDFDocument } from 'pdf-lib';
import type { PdfOptions, PdfPrinter } from './pdf-printer';

/**
 * Animals a part of a batch holds, about: Chromium lays out and prints a part of 50 cards in about
 * a second here, so a batch's progress moves while it prints; and it prints a large page slower
 * than its parts one after another (measured in BENCHMARKS.md, "Paper: 500 cage cards").
 */
export const ANIMALS_A_PART = 50;

/** `items` in parts of about ANIMALS_A_PART, each a whole number of sheets of `perSheet` (the last may be short). */
export function inParts<T>(items: readonly T[], perSheet: number): T[][] {
  const size = Math.max(perSheet, ANIMALS_A_PART - (ANIMALS_A_PART % perSheet));
  return Array.from({ length: Math.ceil(items.length / size) }, (_, part) =>
    items.slice(part * size, (part + 1) * size),
  );
}

/**
 * Each page made and printed in turn (one page of a batch in memory at a time), then their PDFs joined into one, in order: `onPrinted` after each
 * with how many parts are printed. One page is printed as it is, with nothing joined.
 */
export async function printedInParts(
  printer: PdfPrinter,
  pages: ReadonlyArray<() => string>,
  options: PdfOptions & { title: string },
  onPrinted: (parts: number) => void,
): Promise<Uint8Array> {
  const printed: Uint8Array[] = [];
  for (const page of pages) {
    printed.push(await printer.pdf(page(), { pageNumbers: options.pageNumbers }));
    onPrinted(printed.length);
  }
  return printed.length === 1 ? printed[0]! : joined(printed, options.title);
}

/** The PDFs' pages in one PDF; their images and fonts copied as they are, never decoded. */
async function joined(pdfs: readonly Uint8Array[], title: string): Promise<Uint8Array> {
  const whole = await PDFDocument.create();
  for (const pdf of pdfs) {
    const part = await PDFDocument.load(pdf);
    for (const page of await whole.copyPages(part, part.getPageIndices())) whole.addPage(page);
  }
  whole.setTitle(title);
  // Without object streams: measured quicker to write here, for a few hundred KB more in 18 MB.
  return whole.save({ useObjectStreams: false });
}
