/**
 * The one port every PDF of ours is made through: the app's own page (HTML whose every text is
 * escaped, with its content policy) in, the PDF Chromium prints of it out. In the app, Electron's
 * printToPDF in a hidden window of its own (src/main/shell/); for the command line and the tests, a
 * headless Chromium (chromium-printer.ts). Both print with the same options, declared here.
 */
export interface PdfPrinter {
  pdf(html: string, options: PdfOptions): Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface PdfOptions {
  /** "3 / 12" at the foot of each page (a list over several pages); cards and labels have none. */
  pageNumbers: boolean;
}

/** What the printer is told besides the page: the page's own sizes (@page), its backgrounds, and the numbers. */
export function printOptions({ pageNumbers }: PdfOptions) {
  return {
    preferCSSPageSize: true,
    printBackground: true,
    displayHeaderFooter: pageNumbers,
    headerTemplate: '<span></span>',
    footerTemplate: pageNumbers
      ? '<div style="font: 8px sans-serif; width: 100%; text-align: center;"><span class="pageNumber"></span> / <span class="totalPages"></span></div>'
      : '<span></span>',
  };
}
