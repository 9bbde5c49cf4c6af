// A write that keeps an animal's name leaves its index (pets_by_search_text) alone: SQLite rewrites
// an index entry whenever an UPDATE names its column, whatever the value, so each sale cost a page
// more to commit. (The full-text index's trigger already skipped an unchanged name.) Seen here by a
// probe trigger that fires whenever a write names search_text (test/helpers/names-written.ts).
import { createServerExtensions } from '../../../src/main/sync/server-extensions';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type SqliteDatabase } from '../../../src/main/database/database';
import { MIGRATIONS, REPLICA_MIGRATIONS } from '../../../src/main/database/migrations';
import { createPetsTable } from '../../../src/main/database/pets-table';
import { createPetChanges } from '../../../src/main/sync/pet-changes';
import { localToday, type Pet } from '../../../src/shared/contract';
import { useCleanups } from '../../helpers/cleanups';
import { probeNamesWritten } from '../../helpers/names-written';
import { useTempDir } from '../../helpers/temp-dir';

const { track } = useCleanups();
const tempDir = useTempDir();

function open(migrations: typeof MIGRATIONS) {
  const db: SqliteDatabase = track(openDatabase(join(tempDir(), 'pets.db'), migrations));
  return { db, store: createPetsTable(db), namesWritten: probeNamesWritten(db) };
}

const serverPet = (id: string, name: string, status: Pet['status'], revision: number): Pet => ({
  id,
  name,
  categoryId: '1',
  status,
  revision,
});

describe('writes that keep the name', () => {
  it('a change of status or category (the local store, the service) does not write the name; a new name does', () => {
    const { store, namesWritten } = open(MIGRATIONS);
    const rex = store.createPet({ name: 'Rex', categoryId: '1', status: 'available' });
    expect(store.changePet(rex.id, { status: 'sold' }, '*')).toMatchObject({ status: 'sold', revision: 2 });
    expect(store.changePet(rex.id, { categoryId: '2', name: 'Rex' }, '*')).toMatchObject({
      categoryId: '2',
      revision: 3,
    });
    expect(namesWritten()).toEqual([]);
    expect(store.changePet(rex.id, { name: 'Rexy' }, '*')).toMatchObject({ name: 'Rexy', revision: 4 });
    expect(namesWritten()).toEqual([Number(rex.id)]);
    const found = (search: string) => store.browse({ search, sort: 'newest' }, 0, 10).map((pet) => pet.name);
    expect([found('rexy'), found('rex'), found('tom')]).toEqual([['Rexy'], ['Rexy'], []]);
  });

  it('a server page that keeps the names does not write them; the one renamed is written', () => {
    const { store, namesWritten } = open(REPLICA_MIGRATIONS);
    store.upsertPets([serverPet('1', 'Rex', 'available', 1), serverPet('2', 'Tom', 'available', 1)]);
    store.upsertPets([serverPet('1', 'Rex', 'sold', 2), serverPet('2', 'Thomas', 'available', 2)]);
    expect(namesWritten()).toEqual([2]);
    expect([store.getPet('1'), store.getPet('2')]).toEqual([
      serverPet('1', 'Rex', 'sold', 2),
      serverPet('2', 'Thomas', 'available', 2),
    ]);
    // An older version still does not replace a newer one, name kept or not.
    store.upsertPets([serverPet('1', 'Rex', 'available', 1), serverPet('2', 'Tom', 'available', 1)]);
    expect([store.getPet('1'), store.getPet('2')]).toEqual([
      serverPet('1', 'Rex', 'sold', 2),
      serverPet('2', 'Thomas', 'available', 2),
    ]);
  });

  it('a change a counter makes, and its acceptance, do not write the name unless it is renamed', () => {
    const { db, store, namesWritten } = open(REPLICA_MIGRATIONS);
    store.upsertPets([serverPet('1', 'Rex', 'available', 1), serverPet('2', 'Tom', 'available', 1)]);
    const changes = createPetChanges(
      db,
      store,
      createServerExtensions(db, () => null),
      'staging',
      () => 1_000,
    );
    changes.change('1', { status: 'sold' }, 'http://127.0.0.1:9/v1');
    changes.change('2', { name: 'Thomas' }, 'http://127.0.0.1:9/v1');
    expect(namesWritten()).toEqual([2]);
    const [sale] = changes.claimDue(1);
    changes.accept([{ entryId: sale!.entryId, pet: serverPet('1', 'Rex', 'sold', 2) }]);
    expect(namesWritten()).toEqual([2]);
    // The date sold is kept here: the replica has not heard that its server takes details.
    expect(store.getPet('1')).toEqual({ ...serverPet('1', 'Rex', 'sold', 2), soldOn: localToday() });
  });
});
