// 10,000 changes of animals queued offline, then drained into the project's
// HTTP service by the sync engine in its own thread, against the service's own durable PATCH rate
// measured in the same run; then what reached the server is counted.
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { openDatabase } from '../../src/main/database/database';
import { createPetsTable } from '../../src/main/database/pets-table';
import { newIdempotencyKey } from '../../src/main/sync/idempotency-keys';
import { CHANGE_BATCHES_IN_FLIGHT, SYNC_BATCH, SYNC_CONCURRENCY } from '../../src/main/sync/sync-engine';
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
  const store = createPetsTable(db);
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

interface Drain {
  rate: number;
  seconds: number;
  queueMs: number;
  limitBefore: number;
  limitAfter: number;
  keyedLimitRps: number;
  nameLimitRps: number;
  /** The sync thread's CPU per change, and its share of a core, during the drain (null without /proc). */
  syncUsPerChange: number | null;
  syncShare: number | null;
  lost: number;
  twice: number;
  overwritten: number;
}

export async function benchChanges(dir: string): Promise<string[]> {
  const syncThread = builtSyncThread();
  const serverDb = join(dir, 'changes-server.db');
  seedServer(serverDb);
  let server = await serveFromSource(serverDb, KEY);
  const { baseUrl } = server;

  /**
   * CHANGES changes (animals 1 to CHANGES, each to `status`) made by the app while the server is
   * down, then drained into it, the service's PATCH rate measured just before and just after;
   * then the server's file counted. `changeBatches`: as the app sends them to our service (in
   * batches), or one PATCH each, as to a server without the batch.
   */
  async function drainOnce(name: string, status: 'sold' | 'pending', changeBatches: boolean): Promise<Drain> {
    const dataDir = join(dir, name);
    // The app as it runs all day: its engine in a thread of its own (the built one), up and idle.
    const opened = await openAppReplica({
      dataDir,
      baseUrl,
      key: KEY,
      tuning: { ...tuning, changeBatches },
      syncThread,
    });
    const app = opened.replica;
    await app.walkInventory();
    await app.engine.syncNow();
    const revisionBefore = app.db
      .prepare('SELECT max(revision) FROM pets WHERE id <= ?')
      .pluck()
      .get(CHANGES) as number;

    // The server goes away; the counter goes on changing animals, each kept in the outbox (the
    // engine tries at once, finds the server unreachable and waits).
    await server.stop();
    const ids = app.db
      .prepare<[number], string>('SELECT CAST(id AS TEXT) FROM pets ORDER BY id LIMIT ?')
      .pluck()
      .all(CHANGES);
    const queueStart = performance.now();
    app.db.transaction(() => {
      for (const id of ids) app.changePet(id, { status });
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
    const syncCpuMs = syncCpuBefore === null || syncCpuAfter === null ? null : syncCpuAfter - syncCpuBefore;
    const { conflicts, refused } = app.status();
    await opened.close();

    const check = new Database(serverDb, { readonly: true });
    const counted = check
      .prepare(`SELECT sum(status = ?) AS made, sum(revision > ?) AS twice FROM pets WHERE id <= ${CHANGES}`)
      .get(status, revisionBefore + 1) as { made: number; twice: number };
    check.close();
    return {
      rate: CHANGES / seconds,
      seconds,
      queueMs,
      limitBefore,
      limitAfter,
      keyedLimitRps,
      nameLimitRps,
      syncUsPerChange: syncCpuMs === null ? null : (syncCpuMs * 1000) / CHANGES,
      syncShare: syncCpuMs === null ? null : syncCpuMs / (seconds * 1000),
      lost: CHANGES - counted.made,
      twice: counted.twice,
      overwritten: conflicts + refused,
    };
  }

  try {
    const batched = await drainOnce('changes-app', 'sold', true);
    const single = await drainOnce('changes-app-single', 'pending', false);
    // What the sync thread's own CPU costs the service on this machine (two cores, shared): the
    // keyed load alone, then beside a process keeping busy the share of a core the one-PATCH drain's thread used.
    const keyedAlone = await patchLimit(server.origin, { change: 'status', withKeys: true });
    let keyedBesideRps: number | null = null;
    if (single.syncShare !== null) {
      const load = cpuLoad(single.syncShare);
      try {
        keyedBesideRps = (await patchLimit(server.origin, { change: 'status', withKeys: true })).rps;
      } finally {
        load.stop();
      }
    }
    const limitOf = (drain: Drain) => (drain.limitBefore + drain.limitAfter) / 2;
    const ratio = batched.rate / limitOf(batched);
    const zero = (drain: Drain) => drain.lost === 0 && drain.twice === 0 && drain.overwritten === 0;
    const cpu = (drain: Drain) =>
      drain.syncUsPerChange === null
        ? 'not measured (needs /proc)'
        : `${fmt(drain.syncUsPerChange, 0)} µs a change (${fmt(drain.syncShare! * 100, 0)}% of a core)`;
    return [
      `${CHANGES.toLocaleString('en')} changes (each a different animal marked sold) made while the server was down (${fmt(batched.queueMs, 0)} ms to make them, one transaction; the engine tried at once and found the server unreachable), by the app as it runs all day: the sync engine in a thread of its own (built into JavaScript as the commands are, up and idle before), the key read from a real Secret Service keychain through main. The server is then started again on the same port and file, and the drain timed from "Sync now" to every change accepted. The app sends them as it does to our service: in batches (POST /v1/pet-changes, our extension: up to ${BATCH} changes in a request and a commit, ${CHANGE_BATCHES_IN_FLIGHT} requests in flight), each change with its own If-Match and Idempotency-Key. The baseline is the same service's durable PATCH /v1/pets/{petId} rate under autocannon (10 connections, 10 s, each request a real change of status of another animal, the kind of change drained: each animal in turn pending, sold, available again; If-Match: *), measured just before and just after the drain in the same run (the mean of the two); for comparison, the same load with an Idempotency-Key on each request, as the drain sends them, and a load of new names. Then the same again with the app sending one PATCH per change (${CONCURRENCY} in flight), as it does to a server without the batch: 10,000 more changes (the same animals marked pending), against the baseline measured around that drain. The sync thread's CPU during each drain is read from /proc (Linux). After both, the keyed load runs alone and then beside a process keeping busy the share of a core the one-PATCH drain's thread used: what the client's own CPU costs the service on this two-core machine, where both run. Each time the server's file is counted: animals without the new status (lost), animals whose revision moved more than once (a change made twice), and conflicts or refusals left in the replica (a change overwritten or refused).`,
      '',
      '| measure | value | baseline | ratio | target | result |',
      '|---|---|---|---|---|---|',
      `| drain rate, in batches (as the app sends to our service) | ${fmt(batched.rate, 0)} changes/s (${fmt(batched.seconds, 1)} s end to end) | service limit ${fmt(limitOf(batched), 0)} PATCH/s (${fmt(batched.limitBefore, 0)} before, ${fmt(batched.limitAfter, 0)} after) | ${fmt(ratio, 2)}x | ≥ 0.9x | ${verdict(ratio >= 0.9)} |`,
      `| for comparison: the same drain against the service's PATCH rate of status with an Idempotency-Key on each request | ${fmt(batched.rate, 0)} changes/s | ${fmt(batched.keyedLimitRps, 0)} PATCH/s with keys | ${fmt(batched.rate / batched.keyedLimitRps, 2)}x | (reported) | |`,
      `| for comparison: against the PATCH rate of new names | ${fmt(batched.rate, 0)} changes/s | ${fmt(batched.nameLimitRps, 0)} PATCH/s of names | ${fmt(batched.rate / batched.nameLimitRps, 2)}x | (reported) | |`,
      `| the sync thread's CPU during the drain in batches | ${cpu(batched)} | | | (reported) | |`,
      `| lost / made twice / overwritten or refused, in batches | ${batched.lost} / ${batched.twice} / ${batched.overwritten} | ${CHANGES.toLocaleString('en')} changes | | all zero | ${verdict(zero(batched))} |`,
      `| drain rate, one PATCH a change (as to a server without the batch) | ${fmt(single.rate, 0)} changes/s (${fmt(single.seconds, 1)} s end to end) | service limit ${fmt(limitOf(single), 0)} PATCH/s (${fmt(single.limitBefore, 0)} before, ${fmt(single.limitAfter, 0)} after) | ${fmt(single.rate / limitOf(single), 2)}x | (reported) | |`,
      `| for comparison: one PATCH a change against the keyed PATCH rate | ${fmt(single.rate, 0)} changes/s | ${fmt(single.keyedLimitRps, 0)} PATCH/s with keys | ${fmt(single.rate / single.keyedLimitRps, 2)}x | (reported) | |`,
      `| the sync thread's CPU during the drain one PATCH a change | ${cpu(single)} | | | (reported) | |`,
      ...(keyedBesideRps === null || single.syncShare === null
        ? []
        : [
            `| for comparison: the service's keyed PATCH rate beside a process keeping ${fmt(single.syncShare * 100, 0)}% of a core busy (what that drain's thread used) | ${fmt(keyedBesideRps, 0)} PATCH/s | ${fmt(keyedAlone.rps, 0)} PATCH/s alone, just before | ${fmt(keyedBesideRps / keyedAlone.rps, 2)}x | (reported) | |`,
          ]),
      `| lost / made twice / overwritten or refused, one PATCH a change | ${single.lost} / ${single.twice} / ${single.overwritten} | ${CHANGES.toLocaleString('en')} changes | | all zero | ${verdict(zero(single))} |`,
    ];
  } finally {
    await server.stop();
  }
}
