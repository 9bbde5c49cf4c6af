// The end-to-end harness: the built renderer in Debian's Chromium, with window.petstore wired to
// the same router the Electron main process uses, over a real core (real SQLite files in a temp
// folder). Only Electron's IPC transport is replaced: by a Playwright binding.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { APP_ORIGIN, resolveAppFile } from '../../src/main/app-protocol';
import { createIpcRouter, type IpcRouter } from '../../src/main/ipc-router';
import { openPetstoreCore, type PetstoreCore } from '../../src/main/petstore-core';
import { createKeychain } from '../../src/main/secrets/keychain';
import { CONTENT_SECURITY_POLICY } from '../../src/main/window-options';
import { IPC_CHANNELS, IPC_EVENT_NAMES } from '../../src/shared/ipc/channels';

const RENDERER = join(import.meta.dirname, '../../out/renderer');

/** The built renderer over HTTP, through the same path guard and with the same CSP header as app://. */
function serveRenderer(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const answer = resolveAppFile(RENDERER, `${APP_ORIGIN}${req.url ?? '/'}`, req.method);
    if (answer.kind === 'refused') return void res.writeHead(answer.status).end(answer.reason);
    let body: Buffer;
    try {
      body = readFileSync(answer.path);
    } catch {
      return void res.writeHead(404).end();
    }
    res.writeHead(200, { 'content-type': answer.contentType, 'content-security-policy': CONTENT_SECURITY_POLICY }).end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/` })));
}

/** What preload/index.ts does with ipcRenderer, done with the Playwright binding instead. */
async function bridge(page: Page, router: IpcRouter): Promise<void> {
  await page.exposeBinding('__petstoreInvoke', (_source, channel: string, argument: unknown) => router.dispatch(channel, argument));
  await page.addInitScript(
    ({ channels, events }) => {
      const listeners = new Map<string, Set<(payload: unknown) => void>>();
      const invoke = (globalThis as unknown as { __petstoreInvoke: (c: string, a: unknown) => Promise<unknown> }).__petstoreInvoke;
      const api: Record<string, unknown> = Object.fromEntries(channels.map((channel) => [channel, (argument: unknown) => invoke(channel, argument)]));
      api['on'] = (event: string, listener: (payload: unknown) => void) => {
        if (!(events as string[]).includes(event)) throw new Error(`There is no event ${event}.`);
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)!.add(listener);
        return () => listeners.get(event)!.delete(listener);
      };
      Object.defineProperty(globalThis, 'petstore', { value: Object.freeze(api) });
      Object.defineProperty(globalThis, '__petstoreDeliver', {
        value: (event: string, payload: unknown) => listeners.get(event)?.forEach((listener) => listener(payload)),
      });
    },
    { channels: [...IPC_CHANNELS], events: [...IPC_EVENT_NAMES] },
  );
}

export const test = base.extend<{ app: { page: Page; core: PetstoreCore; router: IpcRouter; url: string } }>({
  app: async ({ page }, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'petstore-e2e-'));
    const core = openPetstoreCore({ dataDir, env: {}, keychain: createKeychain(`Petstore Desk e2e ${randomUUID()}`) });
    const router = createIpcRouter(core, (event, payload) => void page.evaluate(([e, p]) => (globalThis as unknown as { __petstoreDeliver: (e: string, p: unknown) => void }).__petstoreDeliver(e, p), [event, payload] as const).catch(() => undefined));
    const { server, url } = await serveRenderer();
    await bridge(page, router);
    await page.goto(url);
    await use({ page, core, router, url });
    server.close();
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

export { expect } from '@playwright/test';
