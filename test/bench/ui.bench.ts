// What the renderer ships, how fast a filter change reaches the screen on a
// 100,000-animal store, and how soon the first list is painted, in Chromium through the harness.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { RENDERER_DIR } from '../helpers/renderer-page';
import { BENCH_ANIMALS as ANIMALS, openBenchWindow } from './bench-window';
import { fmt, summarize, verdict } from './stats';

const FILTER_CHANGES = 60;
const LOADS = 15;

// Runs in the page, as plain JavaScript (so that no compiler helper leaks into it): clicks a
// status and times until the rows in view are of that status and the frame that shows them is done.
// With \`afterChange\`, each click follows a change of the data (the event main sends after an
// add), so the renderer has no recent answer for the query and waits for main's.
const FILTER_TIMING_IN_PAGE = `async function (changes, afterChange) {
  const choices = ['available', 'pending', 'sold', 'all'];
  const times = [];
  for (let i = 0; i < changes; i++) {
    const status = choices[i % choices.length];
    if (afterChange) {
      window.__petstoreDeliver('dataChanged', { environment: 'local' });
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    // The rows in view (the list is virtualized): all of the chosen status; under "all", mixed.
    function shown() {
      const rows = [...document.querySelectorAll('table.animals tbody tr[data-pet-id]')];
      if (rows.length < 6) return false; // the rows in view of the list at 1280×800
      const statusOf = (row) => row.querySelector('.status-text').textContent;
      return status === 'all' ? statusOf(rows[0]) !== statusOf(rows[1]) : rows.every((row) => statusOf(row) === status);
    }
    const start = performance.now();
    document.querySelector('input[name="status-filter"][value="' + status + '"]').click();
    await new Promise((resolve) => {
      const painted = () => requestAnimationFrame(() => setTimeout(resolve, 0));
      // Rows already known are rendered within the click itself (React renders discrete events at once).
      if (shown()) return painted();
      const observer = new MutationObserver(() => {
        if (!shown()) return;
        observer.disconnect();
        painted();
      });
      observer.observe(document.querySelector('main'), { childList: true, subtree: true, characterData: true });
    });
    times.push(performance.now() - start);
  }
  return times;
}`;

function shippedGzipBytes(): { js: number; css: number; files: number } {
  const assets = join(RENDERER_DIR, 'assets');
  const sizes = { js: 0, css: 0, files: 0 };
  for (const file of readdirSync(assets)) {
    const gz = gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
    if (file.endsWith('.js')) sizes.js += gz;
    if (file.endsWith('.css')) sizes.css += gz;
    sizes.files++;
  }
  return sizes;
}

export async function benchUi(dir: string): Promise<string[]> {
  const window = await openBenchWindow(dir, 'ui');
  const size = shippedGzipBytes(); // of the renderer it built
  const { page, router, url } = window;
  try {
    // Page load to the first list painted (the renderer marks it after the frame that shows it).
    const loads: number[] = [];
    for (let i = 0; i < LOADS + 2; i++) {
      await page.goto(url);
      const mark = await page.waitForFunction(
        () => performance.getEntriesByName('petstore:first-list-painted')[0]?.startTime,
      );
      if (i >= 2) loads.push((await mark.jsonValue()) as number); // two warm-up loads
    }

    await page.locator('table.animals tbody tr[data-pet-id]').nth(5).waitFor(); // the rows in view
    // From the click on a status to the rows in view painted, timed in the page.
    const timeFilterChanges = async (afterChange: boolean) =>
      summarize(
        ((await page.evaluate(`(${FILTER_TIMING_IN_PAGE})(${FILTER_CHANGES}, ${afterChange})`)) as number[]).slice(4),
      );
    const cold = await timeFilterChanges(true);
    const warm = await timeFilterChanges(false);
    // The transport alone, as the harness carries outcomes (JSON text) and, for comparison, as
    // Playwright would carry the same outcome as an object (what earlier runs of the harness paid).
    await page.exposeBinding('__petstoreInvokeAsObject', (_source, channel: string, argument: unknown) =>
      router.dispatch(channel, argument),
    );
    const timeTransport = async (call: string) =>
      summarize(
        (await page.evaluate(`(async () => {
          const times = [];
          for (let i = 0; i < 50; i++) {
            const start = performance.now();
            await ${call}({ environment: 'local', query: { limit: 100, status: 'sold' } });
            times.push(performance.now() - start);
          }
          return times;
        })()`)) as number[],
      );
    const transport = await timeTransport("((argument) => window.petstore.invoke('listPets', argument))");
    const transportAsObject = await timeTransport(
      "((argument) => window.__petstoreInvokeAsObject('listPets', argument))",
    );
    const load = summarize(loads);
    const kb = (bytes: number) => fmt(bytes / 1024, 1);
    return [
      `Built renderer (\`electron-vite build\`, minified), and Debian's Chromium through the harness: window.petstore is a Playwright binding over the DevTools protocol, which costs more per call than Electron's IPC (see the IPC section), so these are upper bounds for the app.`,
      '',
      '| measure | median | p95 | target | result |',
      '|---|---|---|---|---|',
      `| renderer JavaScript shipped, gzip -9 (CSS apart: ${kb(size.css)} KB) | ${kb(size.js)} KB | | ≤ 150 KB | ${verdict(size.js <= 150 * 1024)} |`,
      `| filter change to its rows in view painted, ${ANIMALS.toLocaleString('en')} animals, each change right after a data change (rows come from main), ${cold.count} changes | ${fmt(cold.median)} ms | ${fmt(cold.p95)} ms | p95 < 50 ms | ${verdict(cold.p95 < 50)} |`,
      `| the same, back to a filter seen since the last change (its rows shown at once, then confirmed by main), ${warm.count} changes | ${fmt(warm.median)} ms | ${fmt(warm.p95)} ms | p95 < 50 ms | ${verdict(warm.p95 < 50)} |`,
      `| the harness transport alone (in the first row, not in the app): listPets({limit: 100, status}) from the page, the outcome as JSON text, 50 calls | ${fmt(transport.median)} ms | ${fmt(transport.p95)} ms | (reported) | |`,
      `| the same outcome carried as an object by Playwright's serializer (how the harness carried outcomes before), 50 calls | ${fmt(transportAsObject.median)} ms | ${fmt(transportAsObject.p95)} ms | (reported) | |`,
      `| page load to the first list painted, ${load.count} loads | ${fmt(load.median)} ms | ${fmt(load.p95)} ms | < 300 ms | ${verdict(load.p95 < 300)} |`,
    ];
  } finally {
    await window.close();
  }
}
