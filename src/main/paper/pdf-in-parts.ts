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
 * Each page made and printed in turn (one page of a batch in memory at a time), then their PDFs
 * joined into one, in order: `onPrinted` after each with how many parts are printed. Each part is
 * added to the whole while Chromium prints the next. One page is printed as it is, nothing joined.
 */
export async function printedInParts(
  printer: PdfPrinter,
  pages: ReadonlyArray<() => string>,
  options: PdfOptions & { title: string },
  onPrinted: (parts: number) => void,
): Promise<Uint8Array> {
  if (pages.length === 1) {
    const pdf = await printer.pdf(pages[0]!(), { pageNumbers: options.pageNumbers });
    onPrinted(1);
    return pdf;
  }
  const whole = await PDFDocument.create();
  let joined: Promise<void> = Promise.resolve();
  for (const [index, page] of pages.entries()) {
    const pdf = await printer.pdf(page(), { pageNumbers: options.pageNumbers });
    joined = joined.then(() => added(whole, pdf)); // in order, while the next part prints
    onPrinted(index + 1);
  }
  await joined;
  whole.setTitle(options.title);
  // Without object streams: measured quicker to write here, for a few hundred KB more in 18 MB.
  return whole.save({ useObjectStreams: false });
}

/** The part's pages added at the end of the whole; their images and fonts copied as they are, never decoded. */
async function added(whole: PDFDocument, pdf: Uint8Array): Promise<void> {
  const part = await PDFDocument.load(pdf);
  for (const page of await whole.copyPages(part, part.getPageIndices())) whole.addPage(page);
}
