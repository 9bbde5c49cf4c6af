import type { AnimalRow, AnimalsWindow, RemoteEnvironment, ValidAnimalsQuery } from '../../shared/contract';
import { readTransaction, type SqliteDatabase } from '../database/database';
import { addCounts } from '../database/name-search';
import type { PetsTable } from '../database/pets-table';
import type { InventoryWalk } from './inventory-walk';
import type { Outbox } from './outbox';
import type { PetChanges } from './pet-changes';
import { createKeptHereMarks } from './shown-animals';

export interface AnimalsWindowOptions {
  db: SqliteDatabase;
  environment: RemoteEnvironment;
  outbox: Outbox;
  pets: PetsTable;
  changes: PetChanges;
  walk: InventoryWalk;
  /** When the server last listed animals to this computer (ms since epoch), or null. */
  lastListed: () => number | null;
}

/**
 * The animals screen's window of a replica: the adds made here not yet accepted first, then the
 * server's animals as shown here. One read transaction: the sync thread may accept an entry
 * between reads, which would show it twice or not at all.
 */
export function createAnimalsWindow(options: AnimalsWindowOptions) {
  const { db, environment, outbox, pets, changes, walk, lastListed } = options;
  const keptHere = createKeptHereMarks(db);
  return readTransaction(db, (query: ValidAnimalsQuery): AnimalsWindow => {
    const { offset, limit, search, status: petStatus } = query;
    // The details filtered by narrow the waiting adds and the counts as they narrow the animals.
    const entryCounts = outbox.countByStatus(search, query);
    const counts = addCounts(entryCounts, pets.countByStatus(search, query));
    const entriesFirst = petStatus === undefined ? entryCounts.all : entryCounts[petStatus];
    const rows: AnimalRow[] = [];
    if (offset < entriesFirst) {
      for (const entry of outbox.browse(query, offset, limit)) rows.push({ kind: 'entry', entry });
    }
    const petsWanted = limit - rows.length;
    if (petsWanted > 0) {
      const shown = pets.browse(query, Math.max(0, offset - entriesFirst), petsWanted);
      const ids = shown.map((pet) => pet.id);
      const changing = changes.latestFor(ids);
      const kept = keptHere(ids);
      for (const pet of shown) {
        const change = changing.get(pet.id);
        rows.push({
          kind: 'pet',
          pet,
          ...(change === undefined ? {} : { change }),
          ...(kept.has(pet.id) ? { detailsHere: true } : {}),
        });
      }
    }
    const inventory = walk.view();
    const at = lastListed();
    // The later of the last list asked for and the last complete walk.
    const listedAt =
      [at === null ? null : new Date(at).toISOString(), inventory.finishedAt]
        .filter((time) => time !== null)
        .sort()
        .at(-1) ?? null;
    return {
      environment,
      total: petStatus === undefined ? counts.all : counts[petStatus],
      counts,
      offset,
      rows,
      listedAt,
      inventory,
    };
  });
}
