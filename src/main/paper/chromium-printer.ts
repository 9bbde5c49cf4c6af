import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { ApiError } from '../../shared/contract';
import { printOptions, type PdfPrinter } from './pdf-printer';

/** The Chromium the command line prints with: PETSTORE_CHROMIUM, else the system's. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  const given = env['PETSTORE_CHROMIUM'];
  if (given !== undefined && given !== '') return given;
  const found = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(existsSync);
  if (found === undefined)
    throw new ApiError(
      'invalid_parameter',
      'No Chromium was found to print with: install chromium, or set PETSTORE_CHROMIUM to a Chromium or Chrome program.',
    );
  return found;
}

/**
 * A headless Chromium that prints the app's pages to PDF, started on the first page and kept for
 * the next. Nothing it prints may reach the network: scripts are off, the context is offline, and
 * every request but a data: URL is refused, whatever the page's own policy says.
 *
 * One tab prints every page in turn: a new tab is a new renderer process, half a second before
 * anything is printed, and with no script a page leaves nothing behind for the next.
 */
export function createChromiumPrinter(env: NodeJS.ProcessEnv = process.env): PdfPrinter {
  let browser: Promise<Browser> | undefined;
  let tab: Promise<Page> | undefined;
  let printing: Promise<unknown> = Promise.resolve();
  const started = () =>
    (browser ??= import('playwright-core').then(({ chromium }) =>
      chromium.launch({
        executablePath: chromiumPath(env),
        headless: true,
        args: ['--disable-gpu', '--disable-background-networking', '--disable-extensions', '--no-first-run'],
      }),
    ));
  const opened = () =>
    (tab ??= started().then(async (running) => {
      const context = await running.newContext({ javaScriptEnabled: false, offline: true });
      await context.route(
        (url) => url.protocol !== 'data:',
        (route) => route.abort('blockedbyclient'),
      );
      return context.newPage();
    }));

  async function print(html: string, options: Parameters<PdfPrinter['pdf']>[1]): Promise<Uint8Array> {
    const page = await opened();
    try {
      // A batch of hundreds of cards is a page of tens of megabytes: it takes what it takes.
      await page.setContent(html, { waitUntil: 'load', timeout: 0 });
      return new Uint8Array(await page.pdf(printOptions(options)));
    } catch (error) {
      tab = undefined; // a tab that failed once is not trusted with the next page
      await page
        .context()
        .close()
        .catch(() => undefined);
      throw error;
    } finally {
      // The page printed is not kept in memory until the next.
      if (tab !== undefined) await page.setContent('').catch(() => undefined);
    }
  }

  return {
    pdf(html, options) {
      const printed = printing.then(() => print(html, options));
      printing = printed.catch(() => undefined);
      return printed;
    },
    async close() {
      const running = browser;
      browser = undefined;
      tab = undefined;
      if (running !== undefined) await (await running).close();
    },
  };
}
