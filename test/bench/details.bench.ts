// An animal's details at scale: the local store's size per 100,000 detailed animals against plain
// ones, the screen's queries over both in the same run (photos kept apart, never read by a list),
// and a full walk of 100,000 detailed animals from our service (target: at most 10 s).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type SqliteDatabase } from '../../src/main/database/database';
import { createPetsTable } from '../../src/main/database/pets-table';
import { PET_STATUSES, SEXES } from '../../src/shared/contract';
import { fmt, summarize, timeMicros } from './stats';
import { serveFromSource } from './serve-from-source';

const ROWS = 100_000;
const RUNS = 100;
const KEY = 'bench-key-0a1b2c3d-bench-Xq9Lr2Tz8Kw1Jm6P';
const BREEDS = ['Labrador', 'Border Collie', 'Siamese', 'Dutch rabbit', 'Budgerigar', 'Goldfish'];

/** The i-th animal, with every detail (`detailed`) or as the interface has it. */
function animal(i: number, detailed: boolean) {
  const plain = { name: `Fish ${i} Ölfisch`, categoryId: String(i % 97), status: PET_STATUSES[i % 3]! };
  if (!detailed) return plain;
  const day = `2026-${String((i % 9) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
  return {
    ...plain,
    status: i % 3 === 2 ? 'pending' : plain.status, // a sold one would be dated today by the store
    price: 500 + (i % 50_000),
    sex: SEXES[i % 3],
    bornOn: i % 2 ? day.slice(0, 7) : `202${i % 6}`,
    species: 'Dog',
    breed: BREEDS[i % BREEDS.length],
    microchip: `985${String(i).padStart(12, '0')}`,
    acquiredOn: day,
    supplier: `Supplier ${i % 40}`,
    ...(i % 10 === 0 ? { treatment: 'Worming tablets, until the end of the month' } : {}),
    notes: 'Friendly; eats twice a day.',
  };
}

function seed(file: string, detailed: boolean): { db: SqliteDatabase; seconds: number } {
  const db = openDatabase(file);
  const store = createPetsTable(db);
  const start = Date.now();
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) store.createPet(animal(i, detailed) as never);
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  return { db, seconds: (Date.now() - start) / 1000 };
}

export async function benchDetails(dir: string): Promise<string[]> {
  const lines: string[] = [];
  const files = { plain: join(dir, 'plain.db'), detailed: join(dir, 'detailed.db') };
  const plain = seed(files.plain, false);
  const detailed = seed(files.detailed, true);
  const mb = (file: string) => statSync(file).size / 1024 / 1024;
  lines.push(
    '| 100,000 animals | seeded in s | file MB | bytes per animal |',
    '|---|---|---|---|',
    `| as the interface has them | ${fmt(plain.seconds, 1)} | ${fmt(mb(files.plain), 1)} | ${fmt((mb(files.plain) * 1024 * 1024) / ROWS, 0)} |`,
    `| with every detail | ${fmt(detailed.seconds, 1)} | ${fmt(mb(files.detailed), 1)} | ${fmt((mb(files.detailed) * 1024 * 1024) / ROWS, 0)} |`,
    '',
  );

  const screenTimes = (db: SqliteDatabase) => {
    const store = createPetsTable(db);
    const ms = (fn: () => unknown) => summarize(Array.from({ length: RUNS }, () => timeMicros(fn) / 1000));
    const screen = (query: Parameters<typeof store.browse>[0], offset: number) => () => {
      store.countByStatus(query.search);
      store.browse(query, offset, 100);
    };
    return [
      ['window at the top, with counts', ms(screen({ sort: 'newest' }, 0))],
      ['window 90,000 rows down, with counts', ms(screen({ sort: 'newest' }, 90_000))],
      ['find "h 4242", with counts', ms(screen({ sort: 'newest', search: 'h 4242' }, 0))],
    ] as const;
  };
  const before = screenTimes(plain.db);
  const after = screenTimes(detailed.db);
  const plan = detailed.db
    .prepare<[], { detail: string }>(`EXPLAIN QUERY PLAN SELECT * FROM pets ORDER BY id DESC LIMIT 100`)
    .all()
    .map((row) => row.detail)
    .join('; ');
  lines.push(
    '| The screen (100,000 animals) | plain p95 ms | detailed p95 ms | ratio |',
    '|---|---|---|---|',
    ...before.map(
      ([what, s], index) =>
        `| ${what} | ${fmt(s.p95, 2)} | ${fmt(after[index]![1].p95, 2)} | ${fmt(after[index]![1].p95 / s.p95, 2)}x |`,
    ),
    '',
    `Photos are kept in \`pet_photos\`, a table of their own: a list's plan reads only \`pets\` (${plan}).`,
    '',
  );
  plain.db.close();
  detailed.db.close();

  const service = await serveFromSource(files.detailed, KEY);
  try {
    const walk = async () => {
      const start = performance.now();
      let url: string | null = `${service.baseUrl}/pets?limit=100`;
      let animals = 0;
      while (url !== null) {
        const response: Response = await fetch(url, { headers: { authorization: `Bearer ${KEY}` } });
        animals += ((await response.json()) as unknown[]).length;
        const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '');
        url = next ? new URL(next[1]!, service.origin).href : null;
      }
      if (animals !== ROWS) throw new Error(`The walk read ${animals} animals, not ${ROWS}.`);
      return (performance.now() - start) / 1000;
    };
    const seconds = [await walk(), await walk(), await walk()].sort((a, b) => a - b);
    lines.push(
      `A full walk of ${ROWS.toLocaleString('en')} detailed animals from our service (pages of 100, following Link rel="next"): median ${fmt(seconds[1]!, 2)} s of 3 (target: at most 10 s).`,
    );
  } finally {
    await service.stop();
  }
  return lines;
}
