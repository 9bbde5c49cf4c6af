// A full walk of 100,000 detailed animals from our service into a new replica (target: at most
// 10 s), by this tree and by the commit before the walk's road changed (BASELINE, a copy made with
// `git archive`), alternated on the same server, each walk in a process of its own; and how long
// the window's reads on main's thread waited meanwhile.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { seed } from './details.bench';
import { serveFromSource } from './serve-from-source';
import { fmt, summarize, verdict } from './stats';

/** The last commit whose walk indexed each new animal by the trigger and fetched each page after storing the last. */
const BASELINE = '7a8f92a';
const ROOT = join(import.meta.dirname, '../..');
const ROWS = 100_000;
const PAIRS = 3;
const KEY = 'bench-key-0a1b2c3d-bench-Xq9Lr2Tz8Kw1Jm6P';

interface Walk {
  seconds: number;
  cpuSeconds: number;
  bytes: number;
  reads: number[];
}

function baselineTree(dir: string): string {
  const tree = join(dir, 'baseline');
  mkdirSync(tree);
  execFileSync('sh', ['-c', `git -C "${ROOT}" archive ${BASELINE} | tar -x -C "${tree}"`]);
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
  return tree;
}

function walkOnce(root: string, baseUrl: string, dir: string, probe: boolean, syncThread: string): Promise<Walk> {
  const args = [
    root,
    baseUrl,
    mkdtempSync(join(dir, 'replica-')),
    KEY,
    String(ROWS),
    probe ? 'probe' : 'no-probe',
    syncThread,
  ];
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'walk-once.ts'), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output.trim().split('\n').at(-1)!) as Walk) : reject(new Error(output)),
    ),
  );
}

const load = () =>
  loadavg()
    .map((value) => fmt(value, 2))
    .join(', ');

export async function benchWalk(dir: string): Promise<string[]> {
  const file = join(dir, 'walked.db');
  seed(file, true).db.close();
  const baseline = baselineTree(dir);
  // This tree's walk writes its pages in the sync thread, as the app runs it; the baseline's walk
  // wrote them on main's thread whichever thread its engine ran in.
  // Built inside the tree, where its native modules resolve, in a folder of this run's own.
  const syncThreadDir = join(ROOT, 'out', 'bench-sync-thread', String(process.pid));
  execFileSync(process.execPath, [join(ROOT, 'scripts/build-commands.mjs'), '--sync-thread-into', syncThreadDir]);
  const syncThread = { before: 'this thread', after: join(syncThreadDir, 'sync-thread.js') };
  const service = await serveFromSource(file, KEY);
  const rows: string[] = [];
  const ratios: number[] = [];
  const walks: Record<'before' | 'after', Walk[]> = { before: [], after: [] };
  try {
    for (let pair = 0; pair < PAIRS + 1; pair++) {
      const probe = pair === PAIRS; // the last pair: the window reading meanwhile
      const order = pair % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
      const loadBefore = load();
      const pairWalks = {} as Record<'before' | 'after', Walk>;
      for (const which of order)
        pairWalks[which] = await walkOnce(
          which === 'before' ? baseline : ROOT,
          service.baseUrl,
          dir,
          probe,
          syncThread[which],
        );
      const { before, after } = pairWalks;
      if (!probe) {
        walks.before.push(before);
        walks.after.push(after);
        ratios.push(after.seconds / before.seconds);
        rows.push(
          `| ${pair + 1} (${order.join(' then ')}) | ${fmt(before.seconds, 2)} (${fmt(before.cpuSeconds, 2)}) | ${fmt(after.seconds, 2)} (${fmt(after.cpuSeconds, 2)}) | ${fmt(after.seconds / before.seconds, 2)}x (${fmt(after.cpuSeconds / before.cpuSeconds, 2)}x) | ${loadBefore} |`,
        );
      } else {
        const reads = (walk: Walk) => summarize(walk.reads);
        rows.push(
          '',
          `The window's first rows and counts asked every 50 ms on main's thread, during one walk each (load ${loadBefore}): how long a read waited and took, ms.`,
          '',
          '| walk | reads | p50 | p99 | max |',
          '|---|---|---|---|---|',
          ...(['before', 'after'] as const).map((which) => {
            const summary = reads(pairWalks[which]);
            return `| ${which} | ${pairWalks[which].reads.length} | ${fmt(summary.median, 1)} | ${fmt(summary.p99, 1)} | ${fmt(Math.max(...pairWalks[which].reads), 1)} |`;
          }),
        );
      }
    }
  } finally {
    await service.stop();
    rmSync(syncThreadDir, { recursive: true, force: true });
  }
  const median = (list: Walk[]) => summarize(list.map((walk) => walk.seconds)).median;
  const cpuMedian = (list: Walk[]) => summarize(list.map((walk) => walk.cpuSeconds)).median;
  const after = median(walks.after);
  const bytes = (list: Walk[]) => list.at(-1)!.bytes;
  return [
    `${ROWS.toLocaleString('en')} detailed animals served by \`npm run serve\`'s code on 127.0.0.1, walked into a new replica (\`learnExtensions()\`, then \`walkInventory()\`) by this tree (its pages written in the sync thread, as in the app) and by ${BASELINE} (a \`git archive\` copy, its pages written on main's thread), alternated, each walk in a process of its own, its CPU that of every thread of the process. Load averages (1, 5, 15 min) as each pair began.`,
    '',
    '| pair | before, s (its CPU, s) | after, s (its CPU, s) | after / before (CPU) | load |',
    '|---|---|---|---|---|',
    ...rows.slice(0, PAIRS),
    '',
    `Median: before ${fmt(median(walks.before), 2)} s (CPU ${fmt(cpuMedian(walks.before), 2)} s), after ${fmt(after, 2)} s (CPU ${fmt(cpuMedian(walks.after), 2)} s); ratio median ${fmt(summarize(ratios).median, 2)}x. Walk of ${ROWS.toLocaleString('en')} detailed animals ≤ 10 s: ${verdict(after <= 10)}. Replica file after a checkpoint: before ${bytes(walks.before).toLocaleString('en')} bytes, after ${bytes(walks.after).toLocaleString('en')}.`,
    ...rows.slice(PAIRS),
  ];
}
