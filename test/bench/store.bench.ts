// The local store on a 1,000,000-animal database file.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { openDatabase } from '../../src/main/database/database';
import { createPetsTable } from '../../src/main/database/pets-table';
import { PET_STATUSES, type Pet } from '../../src/shared/contract';
import { fmt, summarize, timeMicros, verdict } from './stats';

const ROWS = 1_000_000;

function seed(file: string): void {
  const db = openDatabase(file);
  const insert = db.prepare('INSERT INTO pets (name, category_id, status) VALUES (?, ?, ?)');
  const statuses = [...PET_STATUSES, null];
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) insert.run(`Animal ${i}`, BigInt(i % 997), statuses[i % 4]!);
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

export function benchStore(dir: string): string[] {
  const file = join(dir, 'million.db');
  rmSync(file, { force: true });
  const seedStart = Date.now();
  seed(file);
  const lines: string[] = [
    `Seeded ${ROWS.toLocaleString('en')} animals in ${((Date.now() - seedStart) / 1000).toFixed(1)} s.`,
    '',
  ];

  // Open + migrate of the million-row file (nothing to migrate: the cost a start-up pays).
  const opens = Array.from({ length: 30 }, () => {
    let db!: Database.Database;
    const micros = timeMicros(() => (db = openDatabase(file)));
    db.close();
    return micros / 1000;
  });
  const open = summarize(opens);

  const db = openDatabase(file);
  const store = createPetsTable(db);
  // The baseline: the same query as a bare prepared statement, default better-sqlite3 row objects.
  const raw = db.prepare('SELECT id, name, category_id, status FROM pets WHERE status = ? ORDER BY id LIMIT ?');

  const statusAt = (i: number) => PET_STATUSES[i % 3]!;
  for (let i = 0; i < 500; i++) {
    store.listPets({ limit: 100, status: statusAt(i) });
    raw.all(statusAt(i), 100);
  }
  const ours: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < 5000; i++) {
    // Interleaved so that both see the same cache, CPU frequency and GC pressure.
    ours.push(timeMicros(() => store.listPets({ limit: 100, status: statusAt(i) })));
    bare.push(timeMicros(() => raw.all(statusAt(i), 100)));
  }
  const list = summarize(ours);
  const rawList = summarize(bare);
  const ratio = list.median / rawList.median;

  // createPet one at a time: each is its own transaction, fsynced (synchronous=FULL).
  const ADDS = 1000;
  const addStart = process.hrtime.bigint();
  for (let i = 0; i < ADDS; i++) store.createPet({ name: `New ${i}`, categoryId: '5', status: 'available' });
  const addSeconds = Number(process.hrtime.bigint() - addStart) / 1e9;

  // Batches of 100 upserts in one transaction: half new ids, half replacing existing ones.
  let nextId = 5_000_000n;
  const batches: number[] = [];
  for (let b = 0; b < 100; b++) {
    const batch: Pet[] = [];
    for (let i = 0; i < 50; i++)
      batch.push({ id: String(nextId++), name: `Upserted ${i}`, categoryId: '9', status: 'pending' });
    for (let i = 0; i < 50; i++) batch.push({ id: String(1 + b * 50 + i), name: `Replaced ${i}`, categoryId: '9' });
    batches.push(timeMicros(() => store.upsertPets(batch)) / 1000);
  }
  const upsert = summarize(batches);
  db.close();
  rmSync(file, { force: true });

  lines.push(
    '| measure | ours | baseline | ratio | target | result |',
    '|---|---|---|---|---|---|',
    `| listPets({limit: 100, status}) median, relative | ${fmt(list.median)} µs | raw prepared statement ${fmt(rawList.median)} µs | ${fmt(ratio, 2)}x | ≤ 1.5x of raw | ${verdict(ratio <= 1.5)} |`,
    `| listPets({limit: 100, status}) median, absolute | ${fmt(list.median)} µs | | | < 200 µs | ${verdict(list.median < 200)} |`,
    `| listPets({limit: 100, status}) p99 | ${fmt(list.p99)} µs | raw ${fmt(rawList.p99)} µs | ${fmt(list.p99 / rawList.p99, 2)}x | (reported) | |`,
    `| createPet, one durable transaction each | ${Math.round(ADDS / addSeconds).toLocaleString('en')} adds/s | | | (reported) | |`,
    `| 100 upserts in one transaction, median (p99) | ${fmt(upsert.median, 2)} ms (${fmt(upsert.p99, 2)} ms) | | | < 5 ms | ${verdict(upsert.median < 5)} |`,
    `| open + migrate the 1,000,000-row file, median (p99) | ${fmt(open.median, 2)} ms (${fmt(open.p99, 2)} ms) | | | < 100 ms | ${verdict(open.median < 100)} |`,
  );
  return lines;
}
