// An animal's details at scale: the local store's size per 100,000 detailed animals against plain
// ones, the screen's queries over both in the same run (photos kept apart, never read by a list),
// and a full walk of 100,000 animals, plain and detailed, from our service into a replica: its time
// (target: at most 10 s for the detailed) and the replica's size.
import { mkdtempSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type SqliteDatabase } from '../../src/main/database/database';
import { createPetsTable } from '../../src/main/database/pets-table';
import { PET_STATUSES } from '../../src/shared/contract';
import { DEFAULT_TIMEOUTS } from '../../src/main/remote/remote-client';
import { replicaFileName } from '../../src/main/sync/replica-file';
import { openTestReplica } from '../helpers/replica';
import { animalDetails } from './detailed-animals';
import { fmt, summarize, timeMicros, verdict } from './stats';
import { serveFromSource } from './serve-from-source';

const ROWS = 100_000;
const RUNS = 100;
const WALKS = 3;
const KEY = 'bench-key-0a1b2c3d-bench-Xq9Lr2Tz8Kw1Jm6P';

/** The i-th animal, with every detail (`detailed`, see detailed-animals.ts) or as the interface has it. */
function animal(i: number, detailed: boolean) {
  const plain = { name: `Fish ${i} Ölfisch`, categoryId: String(i % 97), status: PET_STATUSES[i % 3]! };
  return detailed ? { ...plain, ...animalDetails(i, plain.status) } : plain;
}

export function seed(file: string, detailed: boolean): { db: SqliteDatabase; seconds: number } {
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

  const walks = [];
  for (const kind of ['plain', 'detailed'] as const) walks.push({ kind, ...(await walkBoth(dir, files[kind])) });
  const [plainWalk, detailedWalk] = walks;
  lines.push(
    `A full walk of our service's ${ROWS.toLocaleString('en')} animals (served by \`npm run serve\`'s code in a process of its own on 127.0.0.1, pages of 100 following Link rel="next"): by \`fetch\` alone, and into a new replica as the app walks (\`replica.learnExtensions()\`, then \`replica.walkInventory()\`: each page parsed by the remote client and stored), median of ${WALKS} each; the replica's file after a checkpoint (\`wal_checkpoint(TRUNCATE)\`). Target: a walk of ${ROWS.toLocaleString('en')} detailed animals in at most 10 s.`,
    '',
    '| 100,000 animals on the server | fetch alone, s | into a replica, s | replica file, bytes (MB) | bytes per animal | walk ≤ 10 s |',
    '|---|---|---|---|---|---|',
    ...walks.map(
      (walk) =>
        `| ${walk.kind === 'plain' ? 'as the interface has them' : 'with every detail'} | ${fmt(walk.fetchSeconds, 2)} | ${fmt(walk.replicaSeconds, 2)} | ${walk.bytes.toLocaleString('en')} (${fmt(walk.bytes / 1024 / 1024, 1)}) | ${fmt(walk.bytes / ROWS, 0)} | ${verdict(walk.replicaSeconds <= 10)} |`,
    ),
    '',
    `Detailed against plain, same run: walk into a replica ${fmt(detailedWalk!.replicaSeconds / plainWalk!.replicaSeconds, 2)}x, replica file ${fmt(detailedWalk!.bytes / plainWalk!.bytes, 2)}x.`,
  );
  return lines;
}

/** The median of `runs` timings (seconds) of `once`. */
async function median(runs: number, once: () => Promise<number>): Promise<number> {
  const seconds: number[] = [];
  for (let run = 0; run < runs; run++) seconds.push(await once());
  return summarize(seconds).median;
}

/** `file` served by our service and walked: by fetch alone, and into a new replica each time (its file's size after the last). */
async function walkBoth(dir: string, file: string) {
  const service = await serveFromSource(file, KEY);
  try {
    const fetchSeconds = await median(WALKS, async () => {
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
    });
    let bytes = 0;
    const replicaSeconds = await median(WALKS, async () => {
      const dataDir = mkdtempSync(join(dir, 'replica-'));
      const { replica, close } = openTestReplica(dataDir, 'staging', service.baseUrl, 'this thread', {
        apiKey: async () => KEY,
        timeouts: DEFAULT_TIMEOUTS,
      });
      try {
        const start = performance.now();
        await replica.learnExtensions();
        await replica.walkInventory();
        const seconds = (performance.now() - start) / 1000;
        const held = replica.db
          .prepare<[], { animals: number; detailed: number }>(
            'SELECT count(*) AS animals, count(microchip) AS detailed FROM pets',
          )
          .get()!;
        const detailed = file.endsWith('detailed.db') ? ROWS : 0;
        if (held.animals !== ROWS || held.detailed !== detailed)
          throw new Error(`The replica holds ${JSON.stringify(held)}, not ${ROWS} animals (${detailed} with details).`);
        replica.db.pragma('wal_checkpoint(TRUNCATE)');
        return seconds;
      } finally {
        await close();
        bytes = statSync(join(dataDir, replicaFileName('staging'))).size;
      }
    });
    return { fetchSeconds, replicaSeconds, bytes };
  } finally {
    await service.stop();
  }
}
