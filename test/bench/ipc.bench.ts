// The round trip of listPets({limit: 100}) from the page through the harness
// transport (a Playwright binding in place of Electron's IPC) to the router and back, against
// calling the router directly in Node, in the same run over the same core.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { chromium } from '@playwright/test';
import { createIpcRouter } from '../../src/main/ipc/router';
import { openPetstoreCore } from '../../src/main/core/petstore-core';
import { createKeychain } from '../../src/main/secrets/keychain';
import { bridge, CHROMIUM_LAUNCH, serveRenderer } from '../helpers/renderer-page';
import { seedLocalStore } from '../helpers/store';
import { fmt, summarize, verdict } from './stats';

const CALLS = 1000;

export async function benchIpc(dir: string): Promise<string[]> {
  seedLocalStore(
    join(dir, 'ipc'),
    Array.from({ length: 1000 }, (_, i) => ({
      id: String(i + 1),
      name: `Animal ${i}`,
      categoryId: String(i),
      status: 'available' as const,
    })),
  );
  const core = openPetstoreCore({
    dataDir: join(dir, 'ipc'),
    env: {},
    keychain: createKeychain(`Petstore Desk bench ${randomUUID()}`),
  });
  const router = createIpcRouter(core);
  const { server, url } = await serveRenderer();
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const page = await browser.newPage();
    await bridge(page, router);
    await page.goto(url);
    const argument = { environment: 'local', query: { limit: 100 } };

    const time = async (fn: () => Promise<unknown>) => {
      for (let i = 0; i < 100; i++) await fn();
      const samples: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const start = process.hrtime.bigint();
        await fn();
        samples.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
      return summarize(samples);
    };
    const valid = { environment: 'local' as const, query: { limit: 100 } };
    // The handler alone, with an argument already valid: no contract at all.
    const bare = await time(async () => router.handlers.listPets(valid));
    // What the contract adds around it in the app: Electron's IPC clones the argument and the
    // outcome (structured clone, as v8.serialize does); dispatch validates the argument.
    const contract = await time(async () =>
      deserialize(serialize(await router.dispatch('listPets', deserialize(serialize(argument))))),
    );
    // Timed in the page, from the call to the resolved value, as the renderer would see it.
    const viaPage: number[] = await page.evaluate(
      async ({ calls, arg }) => {
        const { petstore } = globalThis as unknown as {
          petstore: { invoke: (channel: string, a: unknown) => Promise<{ ok: boolean }> };
        };
        // Inline, not a named function: tsx would wrap one in a helper the page does not have.
        for (let i = 0; i < 100; i++) await petstore.invoke('listPets', arg);
        const times: number[] = [];
        for (let i = 0; i < calls; i++) {
          const start = performance.now();
          const outcome = await petstore.invoke('listPets', arg);
          times.push(performance.now() - start);
          if (!outcome.ok) throw new Error('listPets failed');
        }
        return times;
      },
      { calls: CALLS, arg: argument },
    );
    const page2 = summarize(viaPage);
    return [
      `listPets({limit: 100}) on a 1,000-animal local store, ${CALLS} calls each after 100 warm-up calls, in one run.`,
      '',
      '| path | median | p95 | added over the bare handler (median / p95) | target | result |',
      '|---|---|---|---|---|---|',
      `| handler called directly in Node (valid argument, no contract) | ${fmt(bare.median, 3)} ms | ${fmt(bare.p95, 3)} ms | | | |`,
      `| the contract: argument cloned, validated by dispatch, outcome cloned (as Electron IPC does) | ${fmt(contract.median, 3)} ms | ${fmt(contract.p95, 3)} ms | ${fmt(contract.median - bare.median, 3)} / ${fmt(contract.p95 - bare.p95, 3)} ms | < 0.5 ms | ${verdict(contract.median - bare.median < 0.5)} |`,
      `| from the page through the harness (window.petstore over a Playwright binding and the DevTools protocol, not Electron's IPC) | ${fmt(page2.median, 3)} ms | ${fmt(page2.p95, 3)} ms | ${fmt(page2.median - bare.median, 3)} / ${fmt(page2.p95 - bare.p95, 3)} ms | (reported: the harness transport) | |`,
    ];
  } finally {
    await browser.close();
    server.close();
    await core.close();
  }
}
