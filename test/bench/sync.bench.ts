// Draining an outbox of 10,000 animals into the project's HTTP service, while
// the main thread answers listPets as it would the window.
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { SYNC_BATCH, SYNC_CONCURRENCY } from '../../src/main/sync/sync-engine';
import { builtSyncThread, openAppReplica } from './as-the-app';
import { serveFromSource } from './serve-from-source';
import { fmt, summarize, timeMicros, verdict, type Summary } from './stats';

const ENTRIES = 10_000;
// The engine's defaults; override to explore (SYNC_BENCH_BATCH=16 SYNC_BENCH_CONCURRENCY=4 npm run bench).
const BATCH = Number(process.env['SYNC_BENCH_BATCH'] ?? SYNC_BATCH);
const CONCURRENCY = Number(process.env['SYNC_BENCH_CONCURRENCY'] ?? SYNC_CONCURRENCY);
const KEY = 'bench-sync-key-5e6f-bench-Xq9Lr2Tz8Kw1Jm6P';
const PROBE_EVERY_MS = 25;

/** Retained heap of this thread: after a full collection, so that garbage not yet collected does not count. */
function retainedHeapMiB(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

interface Drain {
  seconds: number;
  onServer: { total: number; distinct: number };
  /** listPets asked when a timer fires and answered a turn of the event loop later: the wait an IPC call sees, plus the call. */
  answered: Summary & { max: number };
  /** The listPets call alone. */
  call: Summary & { max: number };
  loopDelayP99: number;
  loopDelayMax: number;
  heap: { before: number; after: number };
}

const withMax = (samples: number[]) => ({ ...summarize(samples), max: Math.max(...samples) });

async function drain(
  dir: string,
  serverDb: string,
  baseUrl: string,
  engineIn: 'a sync thread' | 'the main thread',
  syncThread: URL,
): Promise<Drain> {
  const dataDir = join(dir, `sync-app-${engineIn.replaceAll(' ', '-')}`);
  const tuning = { batch: BATCH, concurrency: CONCURRENCY };
  const app = await openAppReplica({
    dataDir,
    baseUrl,
    key: KEY,
    tuning,
    syncThread: engineIn === 'a sync thread' ? syncThread : null,
  });
  const { replica } = app;
  const prefix = `Drained ${engineIn} `;
  replica.db.transaction(() => {
    for (let i = 0; i < ENTRIES; i++)
      replica.outbox.add({ name: `${prefix}${i}`, categoryId: String(i), status: 'pending' }, baseUrl);
  })();
  const heapBefore = retainedHeapMiB();
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  const answered: number[] = [];
  const calls: number[] = [];
  const probe = setInterval(() => {
    const asked = performance.now();
    setImmediate(() => {
      calls.push(timeMicros(() => replica.listPets({ limit: 100 })) / 1000);
      answered.push(performance.now() - asked);
    });
  }, PROBE_EVERY_MS);
  loopDelay.enable();
  const start = process.hrtime.bigint();
  while (replica.outbox.counts().waiting > 0) await replica.engine.syncNow();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  loopDelay.disable();
  clearInterval(probe);
  const heapAfter = retainedHeapMiB();
  await app.close();

  const check = new Database(serverDb, { readonly: true });
  const onServer = check
    .prepare('SELECT count(*) AS total, count(DISTINCT name) AS distinct_names FROM pets WHERE name LIKE ?')
    .get(`${prefix}%`) as {
    total: number;
    distinct_names: number;
  };
  check.close();
  return {
    seconds,
    onServer: { total: onServer.total, distinct: onServer.distinct_names },
    answered: withMax(answered),
    call: withMax(calls),
    loopDelayP99: loopDelay.percentile(99) / 1e6,
    loopDelayMax: loopDelay.max / 1e6,
    heap: { before: heapBefore, after: heapAfter },
  };
}

export async function benchSync(dir: string): Promise<string[]> {
  const serverDb = join(dir, 'sync-server.db');
  const server = await serveFromSource(serverDb, KEY);
  const { baseUrl } = server;
  try {
    // The limit: what the service itself accepts, durable POSTs from a load generator.
    const limit = await autocannon({
      url: `${baseUrl}/pets`,
      method: 'POST',
      connections: 10,
      duration: 10,
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Load', categoryId: 1, status: 'available' }),
    });
    const limitRps = limit.requests.average;
    const syncThread = builtSyncThread();
    const threaded = await drain(dir, serverDb, baseUrl, 'a sync thread', syncThread);
    const inMain = await drain(dir, serverDb, baseUrl, 'the main thread', syncThread);

    const rate = ENTRIES / threaded.seconds;
    const ratio = rate / limitRps;
    const ms = (s: Summary & { max: number }) => `${fmt(s.p99, 2)} ms (${fmt(s.max, 1)} ms)`;
    return [
      `${ENTRIES.toLocaleString('en')} outbox entries drained into \`npm run serve\` on loopback by the sync engine in its own thread, as the desktop app runs it (the built thread, the key read from a real Secret Service keychain through main; batches of ${BATCH}, ${CONCURRENCY} in flight); the limit is the same service's durable POST /v1/pets rate under autocannon (10 connections, 10 s), measured just before. Every ${PROBE_EVERY_MS} ms during the drain the main thread is asked for listPets({limit: 100}) (100 animals and 100 waiting entries); "asked → answered" counts from the moment it is asked to the answer, including the wait for the event loop that an IPC call from the window would see. Last row: the same drain with the engine in the main thread, in the same run.`,
      '',
      '| measure | value | baseline | ratio | target | result |',
      '|---|---|---|---|---|---|',
      `| drain rate | ${fmt(rate, 0)} entries/s (${fmt(threaded.seconds, 1)} s end to end) | service limit ${fmt(limitRps, 0)} POST/s | ${fmt(ratio, 2)}x | ≥ 0.7x | ${verdict(ratio >= 0.7)} |`,
      `| animals on the server | ${threaded.onServer.total.toLocaleString('en')} (${threaded.onServer.distinct.toLocaleString('en')} distinct) | ${ENTRIES.toLocaleString('en')} added | | zero duplicates | ${verdict(threaded.onServer.total === ENTRIES && threaded.onServer.distinct === ENTRIES)} |`,
      `| listPets during the drain, asked → answered, p99 (max), ${threaded.answered.count} calls | ${ms(threaded.answered)} | | | < 5 ms | ${verdict(threaded.answered.p99 < 5)} |`,
      `| the listPets call alone, median / p99 (max) | ${fmt(threaded.call.median, 2)} / ${ms(threaded.call)} | | | (reported) | |`,
      `| main thread's event-loop delay during the drain, p99 (max) | ${fmt(threaded.loopDelayP99, 1)} ms (${fmt(threaded.loopDelayMax, 1)} ms) | | | (reported) | |`,
      `| main thread's retained JS heap before → after the drain (after a full GC) | ${fmt(threaded.heap.before, 1)} MiB → ${fmt(threaded.heap.after, 1)} MiB | | | (reported) | |`,
      `| for comparison, the engine in the main thread: listPets asked → answered p99 (max); drain rate; duplicates | ${ms(inMain.answered)}; ${fmt(ENTRIES / inMain.seconds, 0)} entries/s; ${inMain.onServer.total - inMain.onServer.distinct} | | | | |`,
    ];
  } finally {
    await server.stop();
  }
}
