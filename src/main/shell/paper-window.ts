// Paper in the app: the core's page printed by Electron's own Chromium, in a hidden window that has
// no preload, no Node and no script, in a session of its own that refuses every request but the
// page's own file and data: URLs. What the page holds is the core's (src/main/paper/).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow, session } from 'electron';
import { printOptions, type PdfPrinter } from '../paper/pdf-printer';
import { PAPER_PARTITION, paperWebPreferences } from './window-options';

/** Runs `use` with the page loaded in a hidden window (from a file: a batch is larger than a URL may be), then closes it. */
async function withPage<T>(html: string, title: string, use: (window: BrowserWindow) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'petstore-paper-'));
  const file = join(folder, 'paper.html');
  await writeFile(file, html, 'utf8');
  const page = pathToFileURL(file).href;
  const paper = session.fromPartition(PAPER_PARTITION);
  paper.webRequest.onBeforeRequest((details, callback) =>
    callback({ cancel: details.url !== page && !details.url.startsWith('data:') }),
  );
  const window = new BrowserWindow({
    show: false,
    title,
    webPreferences: paperWebPreferences(),
  });
  try {
    await window.loadURL(page);
    return await use(window);
  } finally {
    window.destroy();
    await rm(folder, { recursive: true, force: true });
  }
}

export const electronPrinter: PdfPrinter = {
  pdf: (html, options) =>
    withPage(
      html,
      'Paper',
      async (window) => new Uint8Array(await window.webContents.printToPDF(printOptions(options))),
    ),
  close: async () => {},
};

/** The operating system's print dialog for the page; whether the person printed it. */
export const printInDialog = (html: string, title: string): Promise<boolean> =>
  withPage(
    html,
    title,
    (window) =>
      new Promise((resolve) =>
        window.webContents.print({ silent: false, printBackground: true }, (printed) => resolve(printed)),
      ),
  );
