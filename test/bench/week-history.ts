// A shop's year, written as the app writes it: 100,000 animals added over the last 365 days, each
// with its history and, when sold, its sale, through the store with each write's act (who, when),
// so the history's and the sales' triggers record them as they do every day. One transaction.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE_NAME } from '../../src/main/config/data-dir';
import { openDatabase } from '../../src/main/database/database';
import { createPetsTable } from '../../src/main/database/pets-table';
import { acting } from '../../src/main/database/write-context';
import type { PetStatus } from '../../src/shared/contract';

const DAY_MS = 86_400_000;
const STAFF = ['Maria', 'Ana', 'Tom'];
/** The same i, the same spread of numbers: Knuth's multiplicative hash. */
const spread = (i: number, salt: number) => (Math.imul(i + salt * 7919, 2654435761) >>> 0) / 2 ** 32;

/**
 * The animals and their year in `dataDir`'s local store, the last ending at `now`: six in ten sold
 * after 1 to 60 days (one in four of those held pending a few days first), one in ten pending a
 * while and back, the rest still available. Returns how many history rows were written.
 */
export function seedShopYear(dataDir: string, animals: number, now: number): number {
  mkdirSync(dataDir, { recursive: true });
  const db = openDatabase(join(dataDir, DATABASE_FILE_NAME));
  try {
    const store = createPetsTable(db);
    const start = now - 365 * DAY_MS;
    const step = (365 * DAY_MS) / animals;
    // Each animal's year first, then every write in the order of its moment, as a shop makes them.
    const writes: { at: number; i: number; to: PetStatus | 'added' }[] = [];
    for (let i = 0; i < animals; i++) {
      const addedAt = Math.floor(start + i * step);
      const later = (days: number) => addedAt + Math.floor(days * DAY_MS);
      writes.push({ at: addedAt, i, to: 'added' });
      const fate = spread(i, 2);
      if (fate < 0.6) {
        const soldAfter = 1 + spread(i, 3) * 59;
        if (fate < 0.15) writes.push({ at: later(soldAfter - 0.5), i, to: 'pending' });
        writes.push({ at: later(soldAfter), i, to: 'sold' });
      } else if (fate < 0.7) {
        writes.push({ at: later(2), i, to: 'pending' }, { at: later(5), i, to: 'available' });
      }
    }
    writes.sort((a, b) => a.at - b.at);
    const ids = new Map<number, string>();
    db.transaction(() => {
      for (const { at, i, to } of writes) {
        if (at >= now) break;
        const act = { where: 'here', via: 'window', by: STAFF[i % STAFF.length]!, at } as const;
        if (to === 'added') {
          const price = 500 + Math.floor(spread(i, 1) * 600) * 100;
          const pet = { name: `Animal ${i + 1}`, categoryId: String(i % 97), status: 'available', price } as const;
          ids.set(i, acting(db, { ...act, action: 'added' }, () => store.createPet(pet)).id);
        } else acting(db, { ...act, action: 'changed' }, () => store.changePet(ids.get(i)!, { status: to }, '*'));
      }
    })();
    return db.prepare<[], number>('SELECT count(*) FROM pet_history').pluck().get()!;
  } finally {
    db.close();
  }
}
