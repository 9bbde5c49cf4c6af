// What the UI benchmarks share: the built renderer in Debian's Chromium, through the harness, over
// a local store of 100,000 animals (every third one of each status).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { openPetstoreCore, type PetstoreCore } from '../../src/main/core/petstore-core';
import { forwardCoreEvents } from '../../src/main/ipc/core-events';
import { createIpcRouter, type IpcRouter } from '../../src/main/ipc/router';
import { createKeychain } from '../../src/main/secrets/keychain';
import { PET_STATUSES } from '../../src/shared/contract';
import { bridge, CHROMIUM_LAUNCH, deliverTo, serveRenderer } from '../helpers/renderer-page';
import { seedLocalStore } from '../helpers/store';

export const BENCH_ANIMALS = 100_000;
const ROOT = join(import.meta.dirname, '../..');

export interface BenchWindow {
  core: PetstoreCore;
  router: IpcRouter;
  page: Page;
  url: string;
  close(): Promise<void>;
}

/** Builds the renderer, seeds the store in `dir/name`, and opens a page bridged to its core (not yet loaded). */
export async function openBenchWindow(dir: string, name: string): Promise<BenchWindow> {
  execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'pipe' });
  seedLocalStore(
    join(dir, name),
    Array.from({ length: BENCH_ANIMALS }, (_, i) => ({
      id: String(i + 1),
      name: `Animal ${i + 1}`,
      categoryId: String(i % 97),
      status: PET_STATUSES[i % 3]!,
    })),
  );
  const core = openPetstoreCore({
    dataDir: join(dir, name),
    env: {},
    keychain: createKeychain(`Petstore Desk bench ${randomUUID()}`),
  });
  const { server, url } = await serveRenderer();
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const router = createIpcRouter(core);
  forwardCoreEvents(core, deliverTo(page));
  await bridge(page, router);
  return {
    core,
    router,
    page,
    url,
    async close() {
      await browser.close();
      server.close();
      await core.close();
    },
  };
}
