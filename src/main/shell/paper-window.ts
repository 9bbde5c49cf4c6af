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

/** The paper session refuses every request but `page`'s own file and data: URLs. */
function allowOnly(page: string): void {
  session
    .fromPartition(PAPER_PARTITION)
    .webRequest.onBeforeRequest((details, callback) =>
      callback({ cancel: details.url !== page && !details.url.startsWith('data:') }),
    );
}

/** Runs `use` with the page loaded in a hidden window (from a file: a batch is larger than a URL may be), then closes it. */
async function withPage<T>(html: string, title: string, use: (window: BrowserWindow) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'petstore-paper-'));
  const file = join(folder, 'paper.html');
  await writeFile(file, html, 'utf8');
  const page = pathToFileURL(file).href;
  allowOnly(page);
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

/** How long the hidden window a printing used is kept for the next part, or the next printing. */
const KEEP_WINDOW_MS = 30_000;

/**
 * A batch prints in parts (paper/pdf-in-parts.ts): one hidden window is kept for them, in turn,
 * rather than one made and loaded for each part; closed once idle, on `close`, or after a failure.
 */
function keptPaperWindow() {
  let kept: { window: BrowserWindow; folder: string } | null = null;
  let idle: NodeJS.Timeout | undefined;
  let turn: Promise<unknown> = Promise.resolve();
  let pages = 0;

  const closeKept = () => {
    clearTimeout(idle);
    const closing = kept;
    kept = null;
    if (closing === null) return;
    if (!closing.window.isDestroyed()) closing.window.destroy();
    void rm(closing.folder, { recursive: true, force: true });
  };

  async function print(html: string, options: Parameters<PdfPrinter['pdf']>[1]): Promise<Uint8Array> {
    clearTimeout(idle);
    if (kept === null || kept.window.isDestroyed()) {
      const folder = await mkdtemp(join(tmpdir(), 'petstore-paper-'));
      kept = {
        folder,
        window: new BrowserWindow({ show: false, title: 'Paper', webPreferences: paperWebPreferences() }),
      };
    }
    const { window, folder } = kept;
    const file = join(folder, `paper-${++pages}.html`);
    await writeFile(file, html, 'utf8');
    const page = pathToFileURL(file).href;
    allowOnly(page);
    try {
      await window.loadURL(page);
      return new Uint8Array(await window.webContents.printToPDF(printOptions(options)));
    } catch (error) {
      closeKept(); // the next printing starts from a new window
      throw error;
    } finally {
      await rm(file, { force: true });
      if (kept !== null) idle = setTimeout(closeKept, KEEP_WINDOW_MS).unref();
    }
  }

  return {
    pdf(html, options) {
      const printed = turn.then(() => print(html, options));
      turn = printed.catch(() => {});
      return printed;
    },
    close: async () => {
      await turn;
      closeKept();
    },
  } satisfies PdfPrinter;
}

export const electronPrinter: PdfPrinter = keptPaperWindow();

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
