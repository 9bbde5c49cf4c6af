// What a walk of a server's inventory leaves for search: each page's new animals are indexed in
// the page's own transaction (not by the trigger, one by one), so a search finds every animal
// stored, during the walk, the moment it ends, and after a walk killed part way and resumed. The
// real service on 127.0.0.1, real replica files, a walking process killed by SIGKILL.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SqliteDatabase } from '../../../src/main/database/database';
import { createBatchedSearchIndex } from '../../../src/main/database/batched-search-index';
import { writeTransaction } from '../../../src/main/database/database';
import { WALK_PAGE_SIZE, WALK_PAGES_PER_TRANSACTION } from '../../../src/main/sync/inventory-walk';
import { startService, type RunningService } from '../../helpers/http-service';
import { runUntilKilled } from '../../helpers/killed-worker';
import { openTestReplica, type ReplicaHandles } from '../../helpers/replica';
import { useTempDir } from '../../helpers/temp-dir';

const SPECIES = ['Goldfish', 'Budgerigar', 'Hamster'];
let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

let handles: ReplicaHandles | undefined;
const dir = useTempDir();
beforeEach(() => service.db.exec('DELETE FROM pets; DELETE FROM sqlite_sequence;'));
afterEach(async () => {
  await handles?.close();
  handles = undefined;
});

function seed(count: number) {
  for (let i = 0; i < count; i++)
    service.store.createPet({
      name: `Fish ${i}`,
      categoryId: '1',
      status: 'available',
      species: SPECIES[i % SPECIES.length],
    } as never);
}

/** SQLite's own check of the file, and FTS5's of its index against the animals it indexes. */
function expectWhole(db: SqliteDatabase) {
  expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  expect(() => db.exec(`INSERT INTO pets_search (pets_search, rank) VALUES ('integrity-check', 1)`)).not.toThrow();
}

const found = (replica: ReplicaHandles['replica'], search: string) => replica.animals({ search, limit: 1 }).total;

describe('search over a walked inventory', () => {
  it('finds every animal by name and species the moment the walk ends, and while it goes', async () => {
    seed(WALK_PAGE_SIZE * WALK_PAGES_PER_TRANSACTION * 4 + 50); // four transactions of pages, and a last
    handles = openTestReplica(dir(), 'staging', `${service.baseUrl}/v1`);
    const { replica } = handles;
    await replica.learnExtensions();
    const seenDuring: Array<{ stored: number; byName: number; bySpecies: number }> = [];
    const synchronousBetweenPages = new Set<unknown>();
    replica.events.on('data-changed', () => {
      const stored = replica.animals({ limit: 1 }).total;
      seenDuring.push({ stored, byName: found(replica, 'fish'), bySpecies: found(replica, 'goldfish') });
      synchronousBetweenPages.add(replica.db.pragma('synchronous', { simple: true }));
    });
    await replica.walkInventory();
    expect(seenDuring.length).toBeGreaterThan(3);
    // A page's own commit is not synced by itself; every other write of the connection is (FULL).
    expect([...synchronousBetweenPages]).toEqual([2]);
    expect(replica.db.pragma('synchronous', { simple: true })).toBe(2);
    for (const { stored, byName, bySpecies } of seenDuring) {
      expect(byName).toBe(stored);
      expect(bySpecies).toBe(Math.ceil(stored / 3));
    }
    const walked = WALK_PAGE_SIZE * WALK_PAGES_PER_TRANSACTION * 4 + 50;
    expect(found(replica, `fish ${walked - 1}`)).toBe(1);
    expect(found(replica, 'hamster')).toBe(walked / 3);
    expect(replica.animals({ search: 'budg' }).counts).toMatchObject({ all: walked / 3, available: walked / 3 });
    expectWhole(replica.db);
  });

  it('a walking process killed part way leaves a whole file; the walk resumes and search finds all', async () => {
    seed(3000);
    const dataDir = dir();
    for (let round = 0; round < 3; round++) {
      // Killed a moment after the walk stored at least its (5 × round + 4)th page.
      const run = await runUntilKilled('walk-worker.ts', [dataDir, `${service.baseUrl}/v1`], (output) =>
        [...output.matchAll(/^page (\d+)$/gm)].some(([, pages]) => Number(pages) >= 4 + round * 5)
          ? Math.random() * 20
          : undefined,
      );
      expect(run.killed).toBe(true);
      handles = openTestReplica(dataDir, 'staging', `${service.baseUrl}/v1`);
      expectWhole(handles.replica.db);
      const { state, animals } = handles.replica.status().inventory;
      expect(state).toBe('interrupted');
      // What the walk's place says was stored is what is stored, and found.
      expect(handles.replica.animals({ limit: 1 }).total).toBe(animals);
      expect(found(handles.replica, 'fish')).toBe(animals);
      await handles.close();
      handles = undefined;
    }
    handles = openTestReplica(dataDir, 'staging', `${service.baseUrl}/v1`);
    await handles.replica.walkInventory();
    expect(handles.replica.status().inventory).toMatchObject({ state: 'complete', animals: 3000 });
    expect(found(handles.replica, 'fish')).toBe(3000);
    expect(found(handles.replica, 'fish 2999')).toBe(1);
    expect(found(handles.replica, 'hamster')).toBe(1000);
    expectWhole(handles.replica.db);
  });

  it('an animal written twice in one batch, renamed the second time, is indexed once as it ends', () => {
    handles = openTestReplica(dir(), 'staging', `${service.baseUrl}/v1`);
    const { db } = handles.replica;
    const indexing = createBatchedSearchIndex(db);
    const insert = db.prepare(`INSERT INTO pets (id, name, category_id, search_text) VALUES (?, ?, 1, ?)`);
    const rename = db.prepare(`UPDATE pets SET name = ?, search_text = ? WHERE id = ?`);
    writeTransaction(db, () =>
      indexing((batch) => {
        insert.run(7, 'Rex', 'rex');
        batch.inserted('7');
        insert.run(8, 'Tom', 'tom');
        batch.inserted('8');
        batch.writing('7');
        rename.run('Max', 'max', 7);
      }),
    )();
    expect(found(handles.replica, 'max')).toBe(1);
    expect(found(handles.replica, 'rex')).toBe(0);
    expect(found(handles.replica, 'tom')).toBe(1);
    expectWhole(db);
    // Outside a batch the trigger indexes as before.
    insert.run(9, 'Bella', 'bella');
    expect(found(handles.replica, 'bella')).toBe(1);
    expectWhole(db);
  });
});
