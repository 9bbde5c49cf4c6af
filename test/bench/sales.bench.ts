// A sale's cost: what recording each sale (and taking it back) adds to a status change (the same
// changes with the sale triggers and without them, alternated in the same run), and a week's
// takings read from 10,000 sales.
import { join } from 'node:path';
import { openDatabase } from '../../src/main/database/database';
import { salesBetween } from '../../src/main/database/orders-table';
import { createPetsTable } from '../../src/main/database/pets-table';
import { acting } from '../../src/main/database/write-context';
import { fmt, summarize } from './stats';

const SALES = 10_000;
const CHANGES = 1_500;
const ROUNDS = 6;
const DAY = 86_400_000;

/** Status changes per second of one animal (a durable transaction each, sold and back), with the sale triggers or without. */
function changeRate(dir: string, name: string, withSales: boolean, changes: number): number {
  const db = openDatabase(join(dir, `${name}.db`));
  try {
    if (!withSales)
      db.exec(
        'DROP TRIGGER temp.pets_sold; DROP TRIGGER temp.pets_added_sold; DROP TRIGGER temp.pets_sale_taken_back;',
      );
    const store = createPetsTable(db);
    const pet = store.createPet({ name: 'Tick', categoryId: '1', status: 'available', price: 4500 });
    const start = performance.now();
    acting(db, { where: 'here', via: 'window', by: 'Ana' }, () => {
      for (let i = 0; i < changes; i++) store.changePet(pet.id, { status: i % 2 === 0 ? 'sold' : 'available' }, '*');
    });
    return changes / ((performance.now() - start) / 1000);
  } finally {
    db.close();
  }
}

/** A store with `SALES` sales spread over a year, one an hour or so; a week's takings read again and again. */
function weekReads(dir: string): number[] {
  const db = openDatabase(join(dir, 'sales-year.db'));
  try {
    const store = createPetsTable(db);
    const start = Date.UTC(2026, 0, 1);
    db.transaction(() => {
      for (let i = 0; i < SALES; i++) {
        const pet = store.createPet({ name: `Pet ${i}`, categoryId: '1', status: 'available', price: 1000 + i });
        acting(db, { where: 'here', at: start + Math.floor((i * 365 * DAY) / SALES) }, () =>
          store.changePet(pet.id, { status: 'sold' }, '*'),
        );
      }
    })();
    const reads: number[] = [];
    for (let week = 0; week < 52; week++) {
      const from = start + week * 7 * DAY;
      const began = performance.now();
      salesBetween(db, from, from + 7 * DAY);
      reads.push(performance.now() - began);
    }
    return reads;
  } finally {
    db.close();
  }
}

export function benchSales(dir: string): string[] {
  // Alternated, so that a neighbour's load on the shared disk falls on both sides alike.
  const rounds = Array.from({ length: ROUNDS }, (_, i) => ({
    without: changeRate(dir, `sales-without-${i}`, false, CHANGES),
    withIt: changeRate(dir, `sales-with-${i}`, true, CHANGES),
  }));
  const ratio = summarize(rounds.map(({ without, withIt }) => withIt / without));
  const without = summarize(rounds.map((round) => round.without));
  const withIt = summarize(rounds.map((round) => round.withIt));
  const read = summarize(weekReads(dir));
  return [
    `A status change of one animal in the local store's table (a durable transaction each), ${CHANGES.toLocaleString('en')} changes alternating sold and available (each sale recorded, then taken back), with the sale triggers and with them dropped, in ${ROUNDS} alternated rounds of the same run; then a week's takings (\`salesBetween\`) read for each of the 52 weeks of a year of ${SALES.toLocaleString('en')} sales.`,
    '',
    '| measure | median | p95 | target | result |',
    '|---|---|---|---|---|',
    `| changes/s without the sale triggers (baseline) | ${fmt(without.median)} | | | |`,
    `| changes/s with them | ${fmt(withIt.median)} | | (reported) | ratio ${ratio.median.toFixed(2)}× (median of the rounds') |`,
    `| a week's takings of a ${SALES.toLocaleString('en')}-sale year | ${fmt(read.median)} ms | ${fmt(read.p95)} ms | (reported) | |`,
  ];
}
