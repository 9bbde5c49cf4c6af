// An animal's details on the screen: a filter or a search over 100,000 animals with every detail,
// to its rows painted, in Chromium through the harness, against the same over 100,000 plain ones in
// the same run; the harness transport apart; and scrolling with and without the Photo column.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { openDatabase } from '../../src/main/database/database';
import { createPetPhotos } from '../../src/main/database/pet-photos';
import { DATABASE_FILE_NAME } from '../../src/main/config/data-dir';
import { preparePhoto, type PreparedPhoto } from '../../src/main/photos/prepare-photo';
import type { AnimalsWindow } from '../../src/shared/contract';
import { filterQuery, type Filter } from '../../src/renderer/src/list-filter';
import { photoLikeJpeg, TWELVE_MP } from '../main/photos/photo-fixtures';
import { BENCH_ANIMALS as ANIMALS, openBenchWindow, type BenchWindow } from './bench-window';
import { CHANGE_MARK, mainThreadCpuPerChange } from './page-cpu';
import { fmt, summarize, verdict, type Summary } from './stats';

const ROUNDS = 12; // the first is a warm-up
/** Rounds after those, each change traced for the page's main-thread CPU time (page-cpu.ts): tracing costs time of its own. */
const TRACED_ROUNDS = 4;
const TARGET_P95_MS = 16;
/** Rows whose ids say the list shows the answer: those in view of the list in a 1280×800 window. */
const ROWS_CHECKED = 6;
/** How many rows the list asks main for at a time (BLOCK_ROWS in the renderer's window-state.ts, which Node cannot load). */
const BLOCK_ROWS = 100;
/** Animals with a photo: one in four of the newest this many (the rows a scroll from the top passes). */
const PHOTO_SPAN = 2_400;
/** Photos prepared from 12 MP JPEGs; each animal's is kept under a digest of its own, so each is asked of main once. */
const PHOTOS_MADE = 4;
const SCROLL_FRAMES = 600;
const SCROLLS = 3;
const SCROLL_PX_PER_FRAME = 90; // two rows a frame: 1,200 rows in 600 frames
const EVERY_COLUMN = ['photo', 'price', 'age', 'sex', 'breed', 'microchip'];

const DEFAULT_FILTER: Filter = { status: 'all', search: '', sort: 'newest', sex: 'all', underTreatment: false };

/** One change a person makes: what it does in the page, and the filter it leaves. */
type Act =
  | { kind: 'click'; selector: string }
  | { kind: 'type'; selector: string; value: string }
  | { kind: 'select'; selector: string; value: string };
interface Change {
  act: Act;
  filter: Partial<Filter>;
}

const status = (value: Filter['status']): Change => ({
  act: { kind: 'click', selector: `input[name="status-filter"][value="${value}"]` },
  filter: { status: value },
});
/** A search typed a character at a time, then cleared. */
const typed = (text: string): Change[] =>
  [...[...text].map((_, n) => text.slice(0, n + 1)), ''].map((value) => ({
    act: { kind: 'type', selector: '#find-by-name', value },
    filter: { search: value },
  }));
const sex = (value: Filter['sex']): Change => ({
  act: { kind: 'select', selector: '#sex-filter', value },
  filter: { sex: value },
});
const treatment = (on: boolean): Change => ({
  act: { kind: 'click', selector: '.treatment-filter input' },
  filter: { underTreatment: on },
});

interface Action {
  label: string;
  changes: Change[];
  /** The plain store's action this one is compared with: the same, or a status switch where plain animals have nothing to filter by. */
  plain: 'status' | 'name' | 'statusPaced';
  /** The pause before each change: 40 ms, changes in quick succession; 500 ms, a person's pace, time enough for the window to ask main for the filters one choice away (list-prefetch.ts). */
  pauseMs: number;
}
const QUICK_MS = 40;
const PACED_MS = 500;
const PACED = 'half a second apart';
const ACTIONS: Record<string, Action> = {
  status: {
    label: 'switching status (Available, Pending, Sold, All)',
    changes: ['available', 'pending', 'sold', 'all'].map((s) => status(s as Filter['status'])),
    plain: 'status',
    pauseMs: QUICK_MS,
  },
  name: {
    label: 'typing "4242" (a name) a key at a time, then clearing it',
    changes: typed('4242'),
    plain: 'name',
    pauseMs: QUICK_MS,
  },
  breed: {
    label: 'typing "collie" (a breed) a key at a time, then clearing it',
    changes: typed('collie'),
    plain: 'name',
    pauseMs: QUICK_MS,
  },
  sex: {
    label: 'the sex filter (Female, Male, Any sex)',
    changes: [sex('female'), sex('male'), sex('all')],
    plain: 'status',
    pauseMs: QUICK_MS,
  },
  treatment: {
    label: 'Under treatment on, then off',
    changes: [treatment(true), treatment(false), treatment(true), treatment(false)],
    plain: 'status',
    pauseMs: QUICK_MS,
  },
  statusPaced: {
    label: `switching status, ${PACED}`,
    changes: ['available', 'pending', 'sold', 'all'].map((s) => status(s as Filter['status'])),
    plain: 'statusPaced',
    pauseMs: PACED_MS,
  },
  sexPaced: {
    label: `the sex filter, ${PACED}`,
    changes: [sex('female'), sex('male'), sex('all')],
    plain: 'statusPaced',
    pauseMs: PACED_MS,
  },
  treatmentPaced: {
    label: `Under treatment on, then off, ${PACED}`,
    changes: [treatment(true), treatment(false), treatment(true), treatment(false)],
    plain: 'statusPaced',
    pauseMs: PACED_MS,
  },
};

// Runs in the page, as plain JavaScript: counts main's answers to `animals` (the one way rows reach
// the page), and the photos asked of it, by wrapping the harness binding the bridge calls.
export const COUNT_CALLS_IN_PAGE = `() => {
  if (window.__bench) return;
  const invoke = globalThis.__petstoreInvoke;
  const bench = { answered: 0, photosAsked: 0, onAnswer: null };
  globalThis.__petstoreInvoke = (channel, argument) => {
    const outcome = invoke(channel, argument);
    if (channel === 'photoBytes') bench.photosAsked++;
    if (channel === 'animals') outcome.then(() => { bench.answered++; bench.onAnswer?.(); }, () => {});
    return outcome;
  };
  window.__bench = bench;
}`;

// Runs in the page: each change made as a person makes it (a click, a value typed, a choice), timed
// until main has answered for it and the first rows in view are the ones expected, and the frame
// that shows them is done. A search keeps its rows when a key narrows nothing, so the answer is
// waited for too. "work" leaves out the wait, between the rows in the page and that frame, for the
// display's next frame (at 60 Hz up to 16.7 ms, whatever the app does).
export const CHANGES_TIMING_IN_PAGE = `async function (steps) {
  const bench = window.__bench;
  const painted = [];
  const work = [];
  const scroller = document.querySelector('[data-testid="animals-scroll"]');
  if (scroller) scroller.scrollTop = 0;
  const setValue = (element, value) => {
    const proto = element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value').set.call(element, value);
  };
  for (const { act, expect, pauseMs } of steps) {
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    const shown = () => {
      const ids = [...document.querySelectorAll('table.animals tbody tr[data-pet-id]')]
        .slice(0, expect.length)
        .map((row) => row.dataset.petId);
      return ids.length === expect.length && ids.every((id, i) => id === expect[i]);
    };
    const before = bench.answered;
    performance.mark('${CHANGE_MARK}start');
    const start = performance.now();
    let inPage = 0;
    let began = 0;
    await new Promise((resolve) => {
      let done = false;
      // Shown in the render of the change itself (its first block asked of main ahead): no answer waited for.
      let atOnce = false;
      const check = () => {
        if (done || (bench.answered === before && !atOnce) || !shown()) return;
        done = true;
        inPage = performance.now();
        observer.disconnect();
        bench.onAnswer = null;
        requestAnimationFrame(() => {
          began = performance.now();
          setTimeout(resolve, 0);
        });
      };
      const observer = new MutationObserver(check);
      observer.observe(document.querySelector('main'), { childList: true, subtree: true, characterData: true });
      bench.onAnswer = () => setTimeout(check, 0);
      const element = document.querySelector(act.selector);
      if (act.kind === 'click') element.click();
      else {
        setValue(element, act.value);
        element.dispatchEvent(new Event(act.kind === 'type' ? 'input' : 'change', { bubbles: true }));
      }
      atOnce = shown();
      check();
    });
    const end = performance.now();
    performance.mark('${CHANGE_MARK}end');
    painted.push(end - start);
    work.push(inPage - start + (end - began));
  }
  return { painted, work };
}`;

// Runs in the page: the list scrolled by a fixed step each frame from the top, as a fast steady
// scroll; the time between frames, how many photos were asked of main and shown meanwhile, and the
// long animation frames (over 50 ms): how long, how much of them script ran and blocked the page.
const SCROLL_IN_PAGE = `async function (frames, step) {
  const bench = window.__bench;
  const scroller = document.querySelector('[data-testid="animals-scroll"]');
  scroller.scrollTop = 0;
  await new Promise((resolve) => setTimeout(resolve, 300));
  const asked = bench.photosAsked;
  const intervals = [];
  let placeholders = 0;
  const long = [];
  const observer = new PerformanceObserver((list) => long.push(...list.getEntries()));
  observer.observe({ type: 'long-animation-frame' });
  await new Promise((resolve) => {
    let last = null;
    let frame = 0;
    const tick = (now) => {
      if (last !== null) intervals.push(now - last);
      last = now;
      if (document.querySelector('table.animals tbody tr.loading-row')) placeholders++;
      if (frame++ === frames) return resolve();
      scroller.scrollTop = frame * step; // written, never read: reading it would lay the page out in this script
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  observer.disconnect();
  return {
    long: long.map((frame) => ({
      duration: frame.duration,
      blocking: frame.blockingDuration,
      script: frame.scripts.reduce((sum, script) => sum + script.duration, 0),
    })),
    intervals,
    placeholders,
    photosAsked: bench.photosAsked - asked,
    thumbnailsShown: document.querySelectorAll('.animal-thumbnail[data-photo="shown"]').length,
  };
}`;

/** Photos on one in four of the newest PHOTO_SPAN animals, each kept under a digest of its own. */
async function givePhotos(dataDir: string): Promise<number> {
  const made: PreparedPhoto[] = [];
  for (let n = 0; n < PHOTOS_MADE; n++)
    made.push(await preparePhoto(await photoLikeJpeg(TWELVE_MP.width, TWELVE_MP.height)));
  const db = openDatabase(join(dataDir, DATABASE_FILE_NAME));
  let given = 0;
  try {
    const photos = createPetPhotos(db);
    db.transaction(() => {
      for (let id = ANIMALS; id > ANIMALS - PHOTO_SPAN; id -= 4) {
        const photo = made[id % PHOTOS_MADE]!;
        const digest = createHash('sha256').update(`${photo.digest} ${id}`).digest('hex');
        photos.setPhoto(String(id), { ...photo, digest }, '*');
        given++;
      }
    })();
  } finally {
    db.close();
  }
  return given;
}

/** The page at its first list, with `columns` chosen (null: as a new profile has them), and calls counted. */
async function load(page: Page, url: string, columns: string[] | null): Promise<void> {
  await page.goto(url);
  await page.evaluate(
    ([key, value]) => (value === null ? localStorage.removeItem(key) : localStorage.setItem(key, value)),
    ['petstore.list.columns', columns === null ? null : JSON.stringify(columns)] as const,
  );
  await page.reload();
  await page
    .locator('table.animals tbody tr[data-pet-id]')
    .nth(ROWS_CHECKED - 1)
    .waitFor();
  await page.evaluate(`(${COUNT_CALLS_IN_PAGE})()`);
}

/**
 * Each change of `changes` made in turn from the unfiltered list, asked of main as the list asks
 * (its first block): the first ids it shows, and main's time to answer it alone, in Node (`runs` times each).
 */
async function answersInNode(window: BenchWindow, changes: Change[], runs: number) {
  let filter = DEFAULT_FILTER;
  const expected: string[][] = [];
  const times: number[] = [];
  for (const change of changes) {
    filter = { ...filter, ...change.filter };
    const query = { ...filterQuery(filter, 'local'), sort: filter.sort, offset: 0, limit: BLOCK_ROWS };
    for (let run = 0; run <= runs; run++) {
      const start = performance.now();
      const outcome = await window.router.dispatch('animals', { environment: 'local', query });
      if (run > 0) times.push(performance.now() - start); // the first prepares the statement
      if (!outcome.ok) throw new Error(`animals refused ${JSON.stringify(query)}: ${outcome.error.message}`);
      if (run > 0) continue;
      const rows = (outcome.value as AnimalsWindow).rows.slice(0, ROWS_CHECKED);
      if (rows.length < ROWS_CHECKED) throw new Error(`${JSON.stringify(query)} shows too few rows to time.`);
      expected.push(rows.map((row) => (row.kind === 'pet' ? row.pet.id : '')));
    }
  }
  return { expected, times };
}

/** The `animals` call for the first block of the list: in Node alone, and from the page through the harness. */
async function transport(window: BenchWindow, page: Page) {
  const argument = { environment: 'local', query: { sort: 'newest', offset: 0, limit: 100 } };
  const inNode: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 60; i++) {
    const start = performance.now();
    const outcome = await window.router.dispatch('animals', argument);
    inNode.push(performance.now() - start);
    bytes = JSON.stringify(outcome).length;
  }
  const fromPage = (await page.evaluate(`(async () => {
    const times = [];
    for (let i = 0; i < 60; i++) {
      const start = performance.now();
      await window.petstore.invoke('animals', ${JSON.stringify(argument)});
      times.push(performance.now() - start);
    }
    return times;
  })()`)) as number[];
  return { node: summarize(inNode.slice(10)), page: summarize(fromPage.slice(10)), bytes };
}

export async function benchDetailsUi(dir: string): Promise<string[]> {
  const plain = await openBenchWindow(dir, 'details-ui-plain');
  let photos = 0;
  const detailed = await openBenchWindow(dir, 'details-ui-detailed', {
    detailed: true,
    build: false,
    prepare: async (dataDir) => void (photos = await givePhotos(dataDir)),
  });
  try {
    const everyPage = await detailed.newPage();
    const configs = [
      { name: 'plain', window: plain, page: plain.page, columns: null },
      { name: 'detailed', window: detailed, page: detailed.page, columns: null },
      { name: 'every', window: detailed, page: everyPage, columns: EVERY_COLUMN },
    ] as const;
    for (const config of configs) await load(config.page, config.window.url, config.columns);

    // Each action's changes, with the rows each should show, in each store.
    const steps = new Map<string, Array<{ act: Act; expect: string[]; pauseMs: number }>>();
    const mainAlone = new Map<string, Summary>();
    for (const config of configs) {
      for (const [key, action] of Object.entries(ACTIONS)) {
        if (config.name === 'plain' && !['status', 'name', 'statusPaced'].includes(key)) continue;
        const { expected, times } = await answersInNode(config.window, action.changes, 5);
        steps.set(
          `${config.name} ${key}`,
          action.changes.map((change, n) => ({ act: change.act, expect: expected[n]!, pauseMs: action.pauseMs })),
        );
        mainAlone.set(`${config.name} ${key}`, summarize(times));
      }
    }
    // Each action in each store and page in turn, round after round: the host's swings fall on all alike.
    const samples = new Map<string, { painted: number[]; work: number[] }>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const key of Object.keys(ACTIONS)) {
        for (const config of configs) {
          const these = steps.get(`${config.name} ${key}`);
          if (these === undefined) continue;
          const times = (await config.page.evaluate(`(${CHANGES_TIMING_IN_PAGE})(${JSON.stringify(these)})`)) as {
            painted: number[];
            work: number[];
          };
          if (round === 0) continue;
          const kept = samples.get(`${config.name} ${key}`) ?? { painted: [], work: [] };
          kept.painted.push(...times.painted);
          kept.work.push(...times.work);
          samples.set(`${config.name} ${key}`, kept);
        }
      }
    }
    // The same again, traced: how much of each change was the page's own work on its main thread.
    const cpu = new Map<string, number[]>();
    for (let round = 0; round < TRACED_ROUNDS; round++) {
      for (const key of Object.keys(ACTIONS)) {
        for (const config of configs) {
          const these = steps.get(`${config.name} ${key}`);
          if (these === undefined) continue;
          const times = await mainThreadCpuPerChange(config.page, () =>
            config.page.evaluate(`(${CHANGES_TIMING_IN_PAGE})(${JSON.stringify(these)})`),
          );
          cpu.set(`${config.name} ${key}`, [...(cpu.get(`${config.name} ${key}`) ?? []), ...times]);
        }
      }
    }
    const of = (name: string, key: string) => {
      const { painted, work } = samples.get(`${name} ${key}`)!;
      return { painted: summarize(painted), work: summarize(work), cpu: summarize(cpu.get(`${name} ${key}`)!) };
    };

    const plainTransport = await transport(plain, plain.page);
    const detailedTransport = await transport(detailed, detailed.page);

    // Scrolling the detailed list without and with the Photo column, in turns.
    type Scroll = { intervals: number[]; placeholders: number; photosAsked: number; thumbnailsShown: number };
    type LongFrame = { duration: number; blocking: number; script: number };
    const scrolls = {
      without: { intervals: [] as number[], placeholders: 0, asked: 0, shown: 0, long: [] as LongFrame[] },
      with: { intervals: [] as number[], placeholders: 0, asked: 0, shown: 0, long: [] as LongFrame[] },
    };
    for (let round = 0; round < SCROLLS; round++) {
      for (const mode of ['without', 'with'] as const) {
        await load(detailed.page, detailed.url, mode === 'with' ? ['photo', 'price', 'age'] : null);
        const scroll = (await detailed.page.evaluate(
          `(${SCROLL_IN_PAGE})(${SCROLL_FRAMES}, ${SCROLL_PX_PER_FRAME})`,
        )) as Scroll & { long: LongFrame[] };
        const kept = scrolls[mode];
        kept.intervals.push(...scroll.intervals);
        kept.placeholders += scroll.placeholders;
        kept.asked += scroll.photosAsked;
        kept.shown += scroll.thumbnailsShown;
        kept.long.push(...scroll.long);
      }
    }

    const count = (n: number) => n.toLocaleString('en');
    const both = (a: Summary, b: Summary) => `${fmt(a.median)} / ${fmt(a.p95)} | ${fmt(b.median)} / ${fmt(b.p95)}`;
    const row = (label: string, name: string, key: string, compared: string) => {
      const { painted, work, cpu: page } = of(name, key);
      const main = mainAlone.get(`${name} ${key}`)!;
      const verdicts = [painted, work, page].map((times) => verdict(times.p95 <= TARGET_P95_MS)).join(' / ');
      return `| ${label} | ${painted.count} | ${both(painted, work)} | ${fmt(page.median)} / ${fmt(page.p95)} | ${fmt(main.median)} / ${fmt(main.p95)} | ${compared} | ${verdicts} |`;
    };
    const rows = (['status', 'name', 'statusPaced'] as const).map((key) =>
      row(`plain: ${ACTIONS[key]!.label}`, 'plain', key, '(baseline)'),
    );
    for (const [key, action] of Object.entries(ACTIONS)) {
      const base = of('plain', action.plain).painted;
      for (const name of ['detailed', 'every'] as const) {
        const { painted } = of(name, key);
        const columns = name === 'detailed' ? 'price, age' : 'every column';
        const against = {
          status: 'switching status',
          name: 'typing "4242"',
          statusPaced: `switching status, ${PACED}`,
        }[action.plain];
        const ratio = `${fmt(painted.median / base.median, 2)}x / ${fmt(painted.p95 / base.p95, 2)}x (plain ${against})`;
        rows.push(row(`detailed, ${columns}: ${action.label}`, name, key, ratio));
      }
    }
    const transportRow = (label: string, t: Awaited<ReturnType<typeof transport>>) =>
      `| ${label} | ${fmt(t.node.median, 2)} / ${fmt(t.node.p95, 2)} | ${fmt(t.page.median, 2)} / ${fmt(t.page.p95, 2)} | ${fmt(t.page.median - t.node.median, 2)} | ${fmt(t.bytes / 1024, 1)} KB |`;
    const scrollRow = (label: string, kept: (typeof scrolls)['with']) => {
      const s = summarize(kept.intervals);
      const most = (pick: (frame: LongFrame) => number) => fmt(Math.max(0, ...kept.long.map(pick)), 0);
      return `| ${label} | ${kept.intervals.length} | ${fmt(s.median)} / ${fmt(s.p95)} / ${fmt(Math.max(...kept.intervals))} | ${kept.intervals.filter((ms) => ms > 25).length} | ${kept.long.length}; ${most((f) => f.duration)} / ${most((f) => f.script)} / ${most((f) => f.blocking)} | ${kept.placeholders} | ${kept.asked} / ${kept.shown} |`;
    };
    return [
      `Built renderer and Debian's Chromium through the harness (window.petstore a Playwright binding: upper bounds for the app, see the transport below); two local stores of ${count(ANIMALS)} animals with the same ids, names and statuses, one plain and one with every detail (see test/bench/detailed-animals.ts), each behind a core of its own, measured in turns in the same run (the first of ${ROUNDS} rounds left out as a warm-up). Each change is made as a person makes it (a click, a search typed a key at a time, a choice), ${QUICK_MS} ms after the last one was painted, or ${PACED_MS} ms after (${PACED}: time enough for the window to ask main for the first block of each filter one choice away, list-prefetch.ts), and timed in the page until the first ${ROWS_CHECKED} rows in view are those main gives for the new filter (main having answered since the change, or the rows shown in the render of the change itself, from the block asked ahead), and the frame that shows them is done ("painted"); "work" leaves out the wait for the display's next frame between the two (at 60 Hz up to 16.7 ms, whatever the app does). "The page's main thread, CPU": the CPU time the page's main thread spent on the change, from the click to the end of that frame, in ${TRACED_ROUNDS} more rounds traced by Chromium (each task's thread time; no wait counts: not the transport, the next frame, nor another process holding the core), the renderer's own work as the app would do it, and the target's measure. "Main alone": the same queries answered in Node, no page and no transport. Columns: price and age (as a new profile has them), or every column (\`petstore.list.columns\`, the photo's too).`,
      '',
      `| ${count(ANIMALS)} animals: store, columns: action | changes | painted, median / p95 ms | work, median / p95 ms | the page's main thread, CPU, median / p95 ms | main alone, median / p95 ms | painted, ratio to plain, median / p95 | p95 ≤ ${TARGET_P95_MS} ms, painted / work / page CPU |`,
      '|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
      `The harness transport (not in the app): the list's first block (\`animals\`, 100 rows, newest first), answered in Node alone and called from the page through the binding, the outcome as JSON text; 50 calls each.`,
      '',
      '| store | in Node, median / p95 ms | from the page, median / p95 ms | transport, median ms | outcome as JSON |',
      '|---|---|---|---|---|',
      transportRow('plain', plainTransport),
      transportRow('every detail', detailedTransport),
      '',
      `Scrolling the detailed list from the top, ${SCROLL_PX_PER_FRAME} px (two rows) a frame for ${SCROLL_FRAMES} frames, ${SCROLLS} times each way in turns, the page loaded afresh each time; ${count(photos)} animals with a photo (one in four of the newest ${count(PHOTO_SPAN)}; ${PHOTOS_MADE} photos prepared from 12 MP JPEGs, each animal's kept under a digest of its own, so each thumbnail is asked of main once). Long animation frames: those over 50 ms (Chromium's Long Animation Frames API), with the most script run in one and the most time one blocked the page.`,
      '',
      '| every detail, scrolling | frames | between frames, median / p95 / max ms | over 25 ms | long frames; longest / script / blocking ms | frames with a row waiting for main | thumbnails asked / shown at the end |',
      '|---|---|---|---|---|---|---|',
      scrollRow('without the Photo column', scrolls.without),
      scrollRow('with the Photo column', scrolls.with),
    ];
  } finally {
    await detailed.close();
    await plain.close();
  }
}
