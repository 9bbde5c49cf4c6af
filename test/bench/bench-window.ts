// What the UI benchmarks share: the built renderer in Debian's Chromium, through the harness, over
// a local store of 100,000 animals (every third one of each status), plain or with every detail.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { openPetstoreCore, type PetstoreCore } from '../../src/main/core/petstore-core';
import { forwardCoreEvents } from '../../src/main/ipc/core-events';
import { createIpcRouter, type IpcRouter } from '../../src/main/ipc/router';
import { createKeychain } from '../../src/main/secrets/keychain';
import { PET_STATUSES, type Pet } from '../../src/shared/contract';
import { bridge, CHROMIUM_LAUNCH, deliverTo, serveRenderer } from '../helpers/renderer-page';
import { seedLocalStore } from '../helpers/store';
import { animalDetails } from './detailed-animals';

export const BENCH_ANIMALS = 100_000;
const ROOT = join(import.meta.dirname, '../..');

export interface BenchWindow {
  core: PetstoreCore;
  router: IpcRouter;
  page: Page;
  url: string;
  /** Another page over the same core, in a browser context of its own (its own localStorage). */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export interface BenchWindowOptions {
  /** Every animal with every detail (see detailed-animals.ts), the same ids, names and statuses. */
  detailed?: boolean;
  /** Build the renderer first (default); false where another window of the same run built it. */
  build?: boolean;
  /** Done to the seeded data folder before the core opens it (photos, say). */
  prepare?: (dataDir: string) => void | Promise<void>;
  /** Writes the store in place of the plain seed (a store with its history, say). */
  seed?: (dataDir: string) => void;
}

/** The i-th animal of the bench's store (0-based); its id is i + 1. */
export function benchAnimal(i: number, detailed = false): Pet {
  const status = PET_STATUSES[i % 3]!;
  const plain = { id: String(i + 1), name: `Animal ${i + 1}`, categoryId: String(i % 97), status };
  return detailed ? { ...plain, ...animalDetails(i, status) } : plain;
}

/** Builds the renderer, seeds the store in `dir/name`, and opens a page bridged to its core (not yet loaded). */
export async function openBenchWindow(
  dir: string,
  name: string,
  { detailed = false, build = true, prepare, seed }: BenchWindowOptions = {},
): Promise<BenchWindow> {
  if (build) execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'pipe' });
  const dataDir = join(dir, name);
  if (seed !== undefined) seed(dataDir);
  else
    seedLocalStore(
      dataDir,
      Array.from({ length: BENCH_ANIMALS }, (_, i) => benchAnimal(i, detailed)),
    );
  await prepare?.(dataDir);
  const core = openPetstoreCore({
    dataDir,
    env: {},
    keychain: createKeychain(`Petstore Desk bench ${randomUUID()}`),
  });
  const { server, url } = await serveRenderer();
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const router = createIpcRouter(core);
  const newPage = async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    forwardCoreEvents(core, deliverTo(page));
    await bridge(page, router);
    return page;
  };
  const page = await newPage();
  return {
    core,
    router,
    page,
    url,
    newPage,
    async close() {
      await browser.close();
      server.close();
      await core.close();
    },
  };
}
