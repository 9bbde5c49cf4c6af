// The animals screen's queries on a 100,000-animal store: a window of rows
// with the counts per status, at the top and deep in the list, and find by name through the
// trigram index, against the baseline of a scan in JavaScript over every name, in the same run.
import { join } from 'node:path';
import { openDatabase } from '../../src/main/database/database';
import { createPetsTable } from '../../src/main/database/pets-table';
import { searchText } from '../../src/main/database/search-text';
import { PET_STATUSES } from '../../src/shared/contract';
import { fmt, summarize, timeMicros } from './stats';

const ROWS = 100_000;
const RUNS = 200;

export function benchBrowse(dir: string): string[] {
  const db = openDatabase(join(dir, 'browse.db'));
  const store = createPetsTable(db);
  const seedStart = Date.now();
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++)
      store.createPet({ name: `Fish ${i} Ölfisch`, categoryId: '1', status: PET_STATUSES[i % 3] });
  })();
  const lines = [
    `Seeded ${ROWS.toLocaleString('en')} animals (names indexed) in ${((Date.now() - seedStart) / 1000).toFixed(1)} s.`,
    '',
  ];

  const ms = (fn: () => unknown, runs = RUNS) => summarize(Array.from({ length: runs }, () => timeMicros(fn) / 1000));
  const screen = (query: Parameters<typeof store.browse>[0], offset: number) => () => {
    store.countByStatus(query.search);
    store.browse(query, offset, 100);
  };
  const rows: Array<[string, ReturnType<typeof ms>]> = [
    ['window at the top, newest first, with counts', ms(screen({ sort: 'newest' }, 0))],
    ['window 90,000 rows down, with counts', ms(screen({ sort: 'newest' }, 90_000))],
    ['window by name, 50,000 down, with counts', ms(screen({ sort: 'name' }, 50_000))],
    ['find "h 4242" (trigram index), with counts', ms(screen({ sort: 'newest', search: 'h 4242' }, 0))],
    ['find "42" (2 characters: scan in SQLite), with counts', ms(screen({ sort: 'newest', search: '42' }, 0))],
  ];
  // The baseline the issue names: a scan in JavaScript (every name read, folded, filtered).
  const names = db.prepare<[], { id: number; name: string }>('SELECT id, name FROM pets').all();
  const jsScan = ms(() => {
    const wanted = searchText('h 4242');
    return names.filter((pet) => searchText(pet.name).includes(wanted)).slice(0, 100);
  }, 30);
  rows.push(['baseline: "h 4242" by a scan in JavaScript (names in memory)', jsScan]);
  db.close();

  lines.push('| Query (100,000 animals) | median ms | p95 ms | p99 ms |', '|---|---|---|---|');
  for (const [what, s] of rows) lines.push(`| ${what} | ${fmt(s.median, 2)} | ${fmt(s.p95, 2)} | ${fmt(s.p99, 2)} |`);
  const index = rows[3]![1];
  lines.push(
    '',
    `Find by name through the index: ${fmt(jsScan.median / index.median, 0)}x faster than the JavaScript scan (median; same run), without holding the names in memory.`,
  );
  return lines;
}
