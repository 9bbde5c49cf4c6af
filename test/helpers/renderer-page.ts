// The built renderer served over HTTP (through app://'s path guard, with its CSP) and a page's
// window.petstore bound to a router, as preload/index.ts binds it to ipcRenderer. Shared by the
// end-to-end harness and the UI and IPC benchmarks.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { APP_ORIGIN, resolveAppFile } from '../../src/main/shell/app-protocol';
import type { IpcRouter } from '../../src/main/ipc/router';
import { CONTENT_SECURITY_POLICY } from '../../src/main/shell/window-options';
import { isIpcChannel } from '../../src/shared/ipc/contract';
import { prefixed } from '../../src/shared/ipc/prefix';

export const RENDERER_DIR = join(import.meta.dirname, '../../out/renderer');

export const CHROMIUM_LAUNCH = {
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export function serveRenderer(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const answer = resolveAppFile(RENDERER_DIR, `${APP_ORIGIN}${req.url ?? '/'}`, req.method);
    if (answer.kind === 'refused') return void res.writeHead(answer.status).end(answer.reason);
    let body: Buffer;
    try {
      body = readFileSync(answer.path);
    } catch {
      return void res.writeHead(404).end();
    }
    // Revalidated on every load, so a rebuilt renderer is never stale; an unchanged one comes from
    // Chromium's cache with V8's compiled code, as app:// with its codeCache privilege does.
    const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
    const caching = { etag, 'cache-control': 'no-cache' };
    if (req.headers['if-none-match'] === etag) return void res.writeHead(304, caching).end();
    res
      .writeHead(200, {
        'content-type': answer.contentType,
        'content-security-policy': CONTENT_SECURITY_POLICY,
        ...caching,
      })
      .end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/` }),
    ),
  );
}

/** How bytes (a photo) cross the binding: as base64 under this one key. */
const BYTES_TAG = '__petstoreBytes';

// Runs in the page before its scripts, as plain JavaScript (a transpiler's helpers, such as
// esbuild's __name, must not leak into it): window.petstore as the preload makes it, a call on a
// channel over the binding and a subscription to an event, with no list of either; and a hook
// through which the router's events reach the page's listeners. Outcomes arrive as JSON text (see
// outcomeAsJson), bytes in it as base64, made bytes again as structured clone delivers them.
const PETSTORE_IN_PAGE = `(() => {
  const listeners = new Map();
  const bytes = (key, value) =>
    value !== null && typeof value === 'object' && typeof value.${BYTES_TAG} === 'string'
      ? Uint8Array.from(atob(value.${BYTES_TAG}), (c) => c.charCodeAt(0))
      : value;
  const api = {
    invoke: async (channel, argument) => JSON.parse(await globalThis.__petstoreInvoke(channel, argument), bytes),
    on: (event, listener) => {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(listener);
      return () => listeners.get(event).delete(listener);
    },
  };
  Object.defineProperty(globalThis, 'petstore', { value: Object.freeze(api) });
  Object.defineProperty(globalThis, '__petstoreDeliver', {
    value: (event, payload) => listeners.get(event)?.forEach((listener) => listener(payload)),
  });
})();`;

/**
 * An outcome as the text that crosses the binding. Playwright serializes an object returned by a
 * binding field by field (about 8 ms for 100 rows here, against 1 ms for the same value as one
 * string), a cost Electron's structured clone does not have. JSON carries every value the IPC
 * contract holds; anything it would change on the way, where structured clone would not (a
 * Date, a Map, a bigint, NaN, a hole in an array) or would refuse (a function), throws here, so
 * the harness cannot hide what Electron's IPC would do differently.
 */
export function outcomeAsJson(outcome: unknown): string {
  return JSON.stringify(outcome, function (this: Record<string, unknown>, key, value: unknown) {
    const original = key === '' ? outcome : this[key];
    const where = key === '' ? 'the outcome' : `field ${JSON.stringify(key)}`;
    if (typeof original === 'number' && !Number.isFinite(original))
      throw new TypeError(`${where} is ${original}, which JSON would turn into null.`);
    if (typeof original === 'function' || typeof original === 'symbol' || typeof original === 'bigint')
      throw new TypeError(`${where} is a ${typeof original}.`);
    if (Array.isArray(this) && original === undefined)
      throw new TypeError(`${where} is undefined inside an array, which JSON would turn into null.`);
    // Structured clone carries bytes (a Buffer arrives as a Uint8Array): base64 here, bytes again in the page.
    if (original instanceof Uint8Array)
      return { [BYTES_TAG]: Buffer.from(original.buffer, original.byteOffset, original.byteLength).toString('base64') };
    if (
      original !== null &&
      typeof original === 'object' &&
      !Array.isArray(original) &&
      ![Object.prototype, null].includes(Object.getPrototypeOf(original))
    ) {
      throw new TypeError(
        `${where} is a ${(original as object).constructor?.name ?? 'non-plain object'}, which JSON would not carry as it is.`,
      );
    }
    return value;
  });
}

/**
 * What preload/index.ts does with ipcRenderer, done with a Playwright binding instead; a name the
 * contract lacks is refused as Electron refuses a channel main bound no handler to.
 */
export async function bridge(page: Page, router: Pick<IpcRouter, 'dispatch'>): Promise<void> {
  await page.exposeBinding('__petstoreInvoke', async (_source, channel: unknown, argument: unknown) => {
    const name = prefixed(channel);
    if (!isIpcChannel(channel)) throw new Error(`No handler registered for '${name}'`);
    return outcomeAsJson(await router.dispatch(channel, argument));
  });
  await page.addInitScript({ content: PETSTORE_IN_PAGE });
}

/** The router's `emit`, for a page bridged as above: the event reaches the page's listeners. */
export function deliverTo(page: Page) {
  return (event: string, payload: unknown) =>
    void page
      .evaluate(
        ([e, p]) =>
          (globalThis as unknown as { __petstoreDeliver: (e: string, p: unknown) => void }).__petstoreDeliver(e, p),
        [event, payload] as const,
      )
      .catch(() => undefined);
}
