// A daily backup of a 100,000-animal replica as the app makes it (SQLite's online backup over a
// connection of its own, a few pages per turn of the event loop), alone and while another thread
// writes the replica over its own connection as the sync thread does (a page of 100 animals at a
// time, as fast as it can). Its duration, and the main event loop's delay meanwhile, beside the
// loop's delay with nothing running, measured in the same run.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { backupOnline } from '../../src/main/database/backups';
import { openDatabase } from '../../src/main/database/database';
import { REPLICA_MIGRATIONS } from '../../src/main/database/migrations';
import { fmt, verdict } from './stats';

const ANIMALS = 100_000;
/** The loop's longest delay during a backup may be at most this many times its longest when idle, plus 20 ms. */
const DELAY_TARGET = { ratio: 2, slackMs: 20 };

// The writer: its own connection; each transaction a page of 100 animals changed, as the sync
// thread applies a page of the server's answers.
const WRITER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { timeout: 5000 });
const change = db.prepare("UPDATE pets SET status = ? WHERE id = ?");
const page = db.transaction((from, status) => { for (let id = from; id < from + 100; id++) change.run(status, id); });
let stop = false;
parentPort.on('message', () => (stop = true));
let pages = 0;
(async () => {
  while (!stop) {
    page(1 + ((pages * 100) % ${ANIMALS - 100}), pages % 2 ? 'sold' : 'available');
    pages++;
    await new Promise((resolve) => setImmediate(resolve));
  }
  db.close();
  parentPort.postMessage(pages);
})();
`;

function seedReplica(file: string): void {
  const db = openDatabase(file, REPLICA_MIGRATIONS);
  const add = db.prepare("INSERT INTO pets (name, category_id, status, search_text) VALUES (?, 1, 'available', ?)");
  db.transaction(() => {
    for (let i = 0; i < ANIMALS; i++) add.run(`Animal ${i}`, `animal ${i}`);
  })();
  db.close();
}

/** The longest and the 99th percentile delay of the event loop (ms) while `run` runs. */
async function loopDelayDuring<T>(run: () => Promise<T>): Promise<{ result: T; maxMs: number; p99Ms: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const result = await run();
  // A delay is recorded when the loop turns again: a block at the very end of `run` counts too.
  await new Promise((resolve) => setTimeout(resolve, 20));
  histogram.disable();
  return { result, maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6 };
}

async function timedBackup(file: string, folder: string) {
  const db = new Database(file, { fileMustExist: true });
  try {
    const start = performance.now();
    await backupOnline(db, { folder, environment: 'staging', reason: 'daily' });
    return performance.now() - start;
  } finally {
    db.close();
  }
}

export async function benchBackup(dir: string): Promise<string[]> {
  const file = join(dir, 'replica-staging.db');
  seedReplica(file);
  const idle = await loopDelayDuring(() => new Promise((resolve) => setTimeout(resolve, 2000)));
  const alone = await loopDelayDuring(() => timedBackup(file, join(dir, 'alone')));
  const worker = new Worker(WRITER, {
    eval: true,
    workerData: { file, module: createRequire(import.meta.url).resolve('better-sqlite3') },
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const writing = await loopDelayDuring(() => timedBackup(file, join(dir, 'writing')));
  const pages = new Promise<number>((resolve) => worker.once('message', resolve));
  worker.postMessage('stop');
  const written = await pages;
  await worker.terminate();
  const ok = writing.maxMs <= idle.maxMs * DELAY_TARGET.ratio + DELAY_TARGET.slackMs;
  return [
    `A replica of ${ANIMALS.toLocaleString('en')} animals; the backup's duration includes its check (integrity_check) and its sealing (the PINs out, its record added).`,
    '',
    '| | backup duration | loop delay p99 | loop delay max |',
    '|---|---|---|---|',
    `| nothing running (baseline) | - | ${fmt(idle.p99Ms)} ms | ${fmt(idle.maxMs)} ms |`,
    `| backup alone | ${fmt(alone.result, 0)} ms | ${fmt(alone.p99Ms)} ms | ${fmt(alone.maxMs)} ms |`,
    `| backup while another thread writes (${written.toLocaleString('en')} pages of 100 in all) | ${fmt(writing.result, 0)} ms (${fmt(writing.result / alone.result, 2)}× alone) | ${fmt(writing.p99Ms)} ms | ${fmt(writing.maxMs)} ms |`,
    '',
    `Loop delay during the backup at most ${DELAY_TARGET.ratio}× the idle maximum + ${DELAY_TARGET.slackMs} ms: ${verdict(ok)}.`,
  ];
}
