// The week at a glance over a shop's year (100,000 animals, every add, status change and sale in
// their history): the use case alone in the core, beside the animals screen's first window as the
// baseline of the same run; and the screen in Debian's Chromium through the harness, from the tab's
// key to the frame that shows its tables, with the harness's round trip of the call reported apart.
import { localToday } from '../../src/shared/contract';
import { weeksEndingWith } from '../../src/shared/contract/week-at-a-glance';
import { BENCH_ANIMALS, openBenchWindow } from './bench-window';
import { fmt, summarize, verdict } from './stats';
import { PAGE_WAITS } from './page-waits';
import { seedShopYear } from './week-history';

const TARGET_MS = 100;

// In the page: Ctrl+Shift+G, timed until the screen's tables are on it and the frame that shows
// them is done; Ctrl+Shift+A back to the animals, and again. Then the call's round trip alone.
const WEEK_OPEN_IN_PAGE = `async function ({ rounds, from, to }) {
  const opened = [];
  const trips = [];
  ${PAGE_WAITS}
  const key = (letter) =>
    window.dispatchEvent(new KeyboardEvent('keydown', { key: letter, ctrlKey: true, shiftKey: true, bubbles: true }));
  for (let i = 0; i < rounds; i++) {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 16));
    const start = performance.now();
    key('G');
    await until(() => document.querySelectorAll('.week-screen .glance-table tbody tr').length >= 14);
    await frameDone();
    opened.push(performance.now() - start);
    key('A');
    await until(() => document.querySelector('.week-screen') === null && document.querySelector('table.animals tbody tr'));
    await frameDone();
  }
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await window.petstore.invoke('weekAtAGlance', { environment: 'local', from, to });
    trips.push(performance.now() - start);
  }
  return { opened, trips };
}`;

/** Milliseconds each of `rounds` calls took. */
function timed(rounds: number, run: () => unknown): number[] {
  return Array.from({ length: rounds }, () => {
    const start = performance.now();
    run();
    return performance.now() - start;
  });
}

export async function benchWeek(dir: string): Promise<string[]> {
  let historyRows = 0;
  const window = await openBenchWindow(dir, 'week', {
    seed: (dataDir) => void (historyRows = seedShopYear(dataDir, BENCH_ANIMALS, Date.now())),
  });
  const { page, url, core } = window;
  try {
    const week = weeksEndingWith(localToday(), 1);
    const quarter = weeksEndingWith(localToday(), 13);
    const glance = (period: { from: string; to: string }) => () =>
      core.weekAtAGlance({ environment: 'local', ...period });
    const firstWindow = () => core.animals('local', { sort: 'newest', offset: 0, limit: 100 });
    timed(5, glance(week)); // warm: statements prepared, pages cached
    timed(5, firstWindow);
    const baseline = summarize(timed(30, firstWindow));
    const inCore = summarize(timed(30, glance(week)));
    const longer = summarize(timed(10, glance(quarter)));
    await page.goto(url);
    await page.locator('table.animals tbody tr[data-pet-id]').first().waitFor();
    const { opened, trips } = (await page.evaluate(
      `(${WEEK_OPEN_IN_PAGE})(${JSON.stringify({ rounds: 25, ...week })})`,
    )) as {
      opened: number[];
      trips: number[];
    };
    const shown = summarize(opened.slice(3));
    const trip = summarize(trips.slice(3));
    const sample = core.weekAtAGlance({ environment: 'local', ...week });
    const thisWeek = sample.weeks[0]!;
    return [
      `A local store of ${BENCH_ANIMALS.toLocaleString('en')} animals added over the last 365 days, written as the app writes (each add, status change and sale with its act): ${historyRows.toLocaleString('en')} history rows; this week so far ${thisWeek.added} added and ${thisWeek.sold} sold. The use case in the core for this week and for the last 13 weeks, beside the animals screen's first window (100 rows, newest first) as the baseline; then the week screen in Debian's Chromium through the harness, timed in the page from the Ctrl+Shift+G keydown to the end of the frame that shows its tables.`,
      '',
      '| measure | median | p95 | target | result |',
      '|---|---|---|---|---|',
      `| the animals screen's first window, in the core (baseline) | ${fmt(baseline.median)} ms | ${fmt(baseline.p95)} ms | | |`,
      `| this week at a glance, in the core | ${fmt(inCore.median)} ms | ${fmt(inCore.p95)} ms | (reported) | ratio ${fmt(inCore.median / baseline.median)}× |`,
      `| the last 13 weeks at a glance, in the core | ${fmt(longer.median)} ms | ${fmt(longer.p95)} ms | (reported) | ratio ${fmt(longer.median / baseline.median)}× |`,
      `| of the screen's open, the harness's round trip of the call alone (transport and core, apart) | ${fmt(trip.median)} ms | ${fmt(trip.p95)} ms | (reported) | |`,
      `| Ctrl+Shift+G to the week screen painted, ${shown.count} opens | ${fmt(shown.median)} ms | ${fmt(shown.p95)} ms | p95 < ${TARGET_MS} ms | ${verdict(shown.p95 < TARGET_MS)} |`,
    ];
  } finally {
    await window.close();
  }
}
