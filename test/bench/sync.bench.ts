// Issue 5 benchmark: draining an outbox of 10,000 animals into the project's HTTP service.
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { createRemoteClient } from '../../src/main/remote/remote-client';
import { openReplica } from '../../src/main/sync/replica';
import { SYNC_BATCH, SYNC_CONCURRENCY } from '../../src/main/sync/sync-engine';
import { freePort, startProcess, stopProcess } from '../helpers/processes';
import { fmt, summarize, timeMicros, verdict } from './stats';

const ENTRIES = 10_000;
// The engine's defaults; override to explore (SYNC_BENCH_BATCH=16 SYNC_BENCH_CONCURRENCY=4 npm run bench).
const BATCH = Number(process.env['SYNC_BENCH_BATCH'] ?? SYNC_BATCH);
const CONCURRENCY = Number(process.env['SYNC_BENCH_CONCURRENCY'] ?? SYNC_CONCURRENCY);
const KEY = 'bench-sync-key-5e6f';
const ROOT = join(import.meta.dirname, '../..');

/** Retained heap: after a full collection, so that garbage not yet collected does not count. */
function retainedHeapMiB(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

export async function benchSync(dir: string): Promise<string[]> {
  const serverDb = join(dir, 'sync-server.db');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}/v1`;
  const server = await startProcess(process.execPath, ['--import', 'tsx', join(ROOT, 'src/main/server/serve.ts'), '--port', String(port), '--db', serverDb], `${baseUrl}/pets`, {
    PETSTORE_API_KEY: KEY,
  });
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

    const replica = openReplica({
      dataDir: join(dir, 'sync-app'),
      environment: 'staging',
      client: () => createRemoteClient({ environment: 'staging', baseUrl, apiKey: async () => KEY }),
      currentBaseUrl: () => baseUrl,
      engine: { batch: BATCH, concurrency: CONCURRENCY },
    });
    replica.db.transaction(() => {
      for (let i = 0; i < ENTRIES; i++) replica.outbox.add({ name: `Drained ${i}`, categoryId: String(i), status: 'pending' }, baseUrl);
    })();
    const heapBefore = retainedHeapMiB();
    const loopDelay = monitorEventLoopDelay({ resolution: 1 });
    const listLatencies: number[] = [];
    const probe = setInterval(() => listLatencies.push(timeMicros(() => replica.listPets({ limit: 100 })) / 1000), 25);
    loopDelay.enable();
    const start = process.hrtime.bigint();
    while (replica.outbox.counts().pending > 0) await replica.engine.syncNow();
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    loopDelay.disable();
    clearInterval(probe);
    const heapAfter = retainedHeapMiB();
    await replica.close();

    const check = new Database(serverDb, { readonly: true });
    const { total, unique_names: distinct } = check.prepare("SELECT count(*) AS total, count(DISTINCT name) AS unique_names FROM pets WHERE name LIKE 'Drained %'").get() as { total: number; unique_names: number };
    check.close();

    const rate = ENTRIES / seconds;
    const ratio = rate / limitRps;
    const list = summarize(listLatencies);
    return [
      `${ENTRIES.toLocaleString('en')} outbox entries drained into \`npm run serve\` on loopback (batches of ${BATCH}, ${CONCURRENCY} in flight); the limit is the same service's durable POST /v1/pets rate under autocannon (10 connections, 10 s), measured just before.`,
      '',
      '| measure | value | baseline | ratio | target | result |',
      '|---|---|---|---|---|---|',
      `| drain rate | ${fmt(rate, 0)} entries/s (${fmt(seconds, 1)} s end to end) | service limit ${fmt(limitRps, 0)} POST/s | ${fmt(ratio, 2)}x | ≥ 0.7x | ${verdict(ratio >= 0.7)} |`,
      `| animals on the server | ${total.toLocaleString('en')} (${distinct.toLocaleString('en')} distinct) | ${ENTRIES.toLocaleString('en')} added | | zero duplicates | ${verdict(total === ENTRIES && distinct === ENTRIES)} |`,
      `| listPets({limit: 100}) on the replica during the drain, p99 (max), ${list.count} calls | ${fmt(list.p99, 2)} ms (${fmt(Math.max(...listLatencies), 2)} ms) | | | < 5 ms | ${verdict(list.p99 < 5)} |`,
      `| event-loop delay during the drain, p99 (max) | ${fmt(loopDelay.percentile(99) / 1e6, 1)} ms (${fmt(loopDelay.max / 1e6, 1)} ms) | | | (reported) | |`,
      `| retained JS heap before → after the drain (after a full GC) | ${fmt(heapBefore, 1)} MiB → ${fmt(heapAfter, 1)} MiB | | | (reported) | |`,
    ];
  } finally {
    await stopProcess(server);
  }
}
