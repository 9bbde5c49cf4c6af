// Issue 18 benchmark: 10,000 changes of animals queued offline, then drained into the project's
// HTTP service by the sync engine in its own thread, against the service's own durable PATCH rate
// measured in the same run; then what reached the server is counted.
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { openDatabase } from '../../src/main/store/database';
import { createPetStore } from '../../src/main/store/pet-store';
import { newIdempotencyKey } from '../../src/main/sync/idempotency-keys';
import { SYNC_BATCH, SYNC_CONCURRENCY } from '../../src/main/sync/sync-engine';
import { builtSyncThread, openAppReplica } from './as-the-app';
import { cpuLoad, threadCpuMs } from './cpu-share';
import { serveFromSource } from './serve-from-source';
import { fmt, verdict } from './stats';

const CHANGES = 10_000;
const KEY = 'bench-change-key-5e6f-bench-Xq9Lr2Tz8Kw1Jm6P';
// The engine's defaults; override to explore (CHANGES_BENCH_BATCH=128 CHANGES_BENCH_CONCURRENCY=16 npm run bench -- changes).
const BATCH = Number(process.env['CHANGES_BENCH_BATCH'] ?? SYNC_BATCH);
const CONCURRENCY = Number(process.env['CHANGES_BENCH_CONCURRENCY'] ?? SYNC_CONCURRENCY);
const tuning = { batch: BATCH, concurrency: CONCURRENCY };

/** The server's file: CHANGES animals the replica will change, and as many more for the load generator. */
function seedServer(file: string): void {
  const db = openDatabase(file);
  const store = createPetStore(db);
  db.transaction(() => {
    for (let i = 0; i < CHANGES * 2; i++)
      store.createPet({ name: `Animal ${i}`, categoryId: '1', status: 'available' });
  })();
  db.close();
}

const STATUS_ROUND = ['pending', 'sold', 'available'] as const;
// Counted across the loads, one count for each kind, so that each visit to an animal moves its
// status on (or gives it a name never given before): always a real change, never a no-op answer.
const loadRequests = { status: 0, name: 0 };

/**
 * The service's own durable PATCH rate: each request a real change of another animal with If-Match: *.
 * `status` (the baseline): the kind of change drained, each animal in turn pending, sold, available
 * again; `name`: a new name (the baseline until the thirteenth session; a name also rewrites the
 * full-text index). `withKeys`: each request with its own Idempotency-Key, made as the drain's are
 * (the service then also records the answer under the key, in the same transaction).
 */
async function patchLimit(
  baseUrl: string,
  { change, withKeys = false }: { change: 'status' | 'name'; withKeys?: boolean },
): Promise<{ rps: number; clientCpuUs: number }> {
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url: baseUrl,
    connections: 10,
    duration: 10,
    requests: [
      {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${KEY}`,
          'content-type': 'application/merge-patch+json',
          'if-match': '*',
        },
        setupRequest: (request) => {
          const n = ++loadRequests[change];
          return {
            ...request,
            ...(withKeys ? { headers: { ...request.headers, 'idempotency-key': newIdempotencyKey() } } : {}),
            path: `/v1/pets/${CHANGES + 1 + (n % CHANGES)}`,
            body: JSON.stringify(
              change === 'status' ? { status: STATUS_ROUND[Math.floor(n / CHANGES) % 3] } : { name: `Load ${n}` },
            ),
          };
        },
      },
    ],
  });
  const cpu = process.cpuUsage(cpuBefore);
  if (result.non2xx > 0) throw new Error(`the PATCH load got ${result.non2xx} answers other than 2xx`);
  // autocannon runs in this process (the app's main and sync thread idle meanwhile): its CPU per request.
  return { rps: result.requests.average, clientCpuUs: (cpu.user + cpu.system) / result.requests.total };
}

export async function benchChanges(dir: string): Promise<string[]> {
  const syncThread = builtSyncThread();
  const serverDb = join(dir, 'changes-server.db');
  seedServer(serverDb);
  let server = await serveFromSource(serverDb, KEY);
  const { baseUrl } = server;
  try {
    const dataDir = join(dir, 'changes-app');
    // The app as it runs all day: its engine in a thread of its own (the built one), up and idle.
    const opened = await openAppReplica({ dataDir, baseUrl, key: KEY, tuning, syncThread });
    const app = opened.replica;
    await app.walkInventory();
    await app.engine.syncNow();

    // The server goes away; the counter goes on changing animals, each kept in the outbox (the
    // engine tries at once, finds the server unreachable and waits).
    await server.stop();
    const ids = app.db
      .prepare<[number], string>('SELECT CAST(id AS TEXT) FROM pets ORDER BY id LIMIT ?')
      .pluck()
      .all(CHANGES);
    const queueStart = performance.now();
    app.db.transaction(() => {
      for (const id of ids) app.changePet(id, { status: 'sold' });
    })();
    const queueMs = performance.now() - queueStart;
    const offline = await app.engine.syncNow();
    if (offline.stoppedBecause !== 'offline') throw new Error(`offline, the pass stopped: ${offline.stoppedBecause}`);

    // The server is back where it was. Its own durable PATCH rate (the baseline, on the other half
    // of its animals) is measured just before and just after the drain, so that the host's drift
    // between runs is seen and averaged; "Sync now" starts the drain, against the same server.
    server = await serveFromSource(serverDb, KEY, server.port);
    const { rps: limitBefore } = await patchLimit(server.origin, { change: 'status' });
    const { rps: keyedLimitRps } = await patchLimit(server.origin, { change: 'status', withKeys: true });
    const { rps: nameLimitRps } = await patchLimit(server.origin, { change: 'name' });
    const syncCpuBefore = threadCpuMs('WorkerThread');
    const start = performance.now();
    while (app.status().waiting > 0) await app.engine.syncNow({ force: true });
    const seconds = (performance.now() - start) / 1000;
    const syncCpuAfter = threadCpuMs('WorkerThread');
    const { rps: limitAfter } = await patchLimit(server.origin, { change: 'status' });
    const limitRps = (limitBefore + limitAfter) / 2;
    // What the sync thread's own CPU costs the service on this machine (two cores, shared): the
    // keyed load alone, then beside a process keeping busy the share of a core the drain's thread used.
    const syncCpuMs = syncCpuBefore === null || syncCpuAfter === null ? null : syncCpuAfter - syncCpuBefore;
    const syncShare = syncCpuMs === null ? null : syncCpuMs / (seconds * 1000);
    const keyedAlone = await patchLimit(server.origin, { change: 'status', withKeys: true });
    let keyedBesideRps: number | null = null;
    if (syncShare !== null) {
      const load = cpuLoad(syncShare);
      try {
        keyedBesideRps = (await patchLimit(server.origin, { change: 'status', withKeys: true })).rps;
      } finally {
        load.stop();
      }
    }
    const { conflicts, rejected } = app.status();
    await opened.close();

    const check = new Database(serverDb, { readonly: true });
    const { sold, twice } = check
      .prepare(`SELECT sum(status = 'sold') AS sold, sum(revision > 2) AS twice FROM pets WHERE id <= ${CHANGES}`)
      .get() as { sold: number; twice: number };
    check.close();
    const rate = CHANGES / seconds;
    const ratio = rate / limitRps;
    const lost = CHANGES - sold;
    return [
      `${CHANGES.toLocaleString('en')} changes (each a different animal marked sold) made while the server was down (${fmt(queueMs, 0)} ms to make them, one transaction; the engine tried at once and found the server unreachable), by the app as it runs all day: the sync engine in a thread of its own (the built one, \`electron-vite build\`, up and idle before), the key read from a real Secret Service keychain through main. The server is then started again on the same port and file, and the drain timed from "Sync now" to every change accepted. The baseline is the same service's durable PATCH /v1/pets/{petId} rate under autocannon (10 connections, 10 s, each request a real change of status of another animal, the kind of change drained: each animal in turn pending, sold, available again; If-Match: *), measured just before and just after the drain in the same run (the mean of the two); for comparison, the same load with an Idempotency-Key on each request, as the drain sends them, and a load of new names (the baseline until the thirteenth session: a name also rewrites the full-text index, so it is the slower change). The sync thread's CPU during the drain is read from /proc (Linux) and set beside autocannon's CPU for a keyed request; after the drain, the keyed load runs alone and then beside a process keeping busy the same share of a core, to show what the client's own CPU costs the service on this two-core machine, where both run. Then the server's file is counted: animals not sold (lost), animals whose revision moved more than once (a change made twice), and conflicts or refusals left in the replica (a change overwritten or refused).`,
      '',
      '| measure | value | baseline | ratio | target | result |',
      '|---|---|---|---|---|---|',
      `| drain rate | ${fmt(rate, 0)} changes/s (${fmt(seconds, 1)} s end to end) | service limit ${fmt(limitRps, 0)} PATCH/s (${fmt(limitBefore, 0)} before, ${fmt(limitAfter, 0)} after) | ${fmt(ratio, 2)}x | ≥ 0.9x | ${verdict(ratio >= 0.9)} |`,
      `| for comparison: the same drain against the service's PATCH rate of status with an Idempotency-Key on each request, as the drain sends them | ${fmt(rate, 0)} changes/s | ${fmt(keyedLimitRps, 0)} PATCH/s with keys | ${fmt(rate / keyedLimitRps, 2)}x | (reported) | |`,
      `| for comparison: the same drain against the service's PATCH rate of new names (the baseline until the thirteenth session) | ${fmt(rate, 0)} changes/s | ${fmt(nameLimitRps, 0)} PATCH/s of names | ${fmt(rate / nameLimitRps, 2)}x | (reported) | |`,
      ...(syncCpuMs === null || syncShare === null || keyedBesideRps === null
        ? ["| the sync thread's CPU | not measured (needs Linux's /proc) | | | | |"]
        : [
            `| the sync thread's CPU during the drain | ${fmt((syncCpuMs * 1000) / CHANGES, 0)} µs a change (${fmt(syncShare * 100, 0)}% of a core) | autocannon, the load generator: ${fmt(keyedAlone.clientCpuUs, 0)} µs a request | ${fmt((syncCpuMs * 1000) / CHANGES / keyedAlone.clientCpuUs, 1)}x | (reported) | |`,
            `| for comparison: the service's keyed PATCH rate of status beside a process keeping ${fmt(syncShare * 100, 0)}% of a core busy (what the sync thread used), after the drain | ${fmt(keyedBesideRps, 0)} PATCH/s | ${fmt(keyedAlone.rps, 0)} PATCH/s alone, just before | ${fmt(keyedBesideRps / keyedAlone.rps, 2)}x | (reported) | |`,
            `| for comparison: the drain against that rate beside the same load | ${fmt(rate, 0)} changes/s | ${fmt(keyedBesideRps, 0)} PATCH/s | ${fmt(rate / keyedBesideRps, 2)}x | (reported) | |`,
          ]),
      `| lost / made twice / overwritten or refused | ${lost} / ${twice} / ${conflicts + rejected} | ${CHANGES.toLocaleString('en')} changes | | all zero | ${verdict(lost === 0 && twice === 0 && conflicts + rejected === 0)} |`,
    ];
  } finally {
    await server.stop();
  }
}
