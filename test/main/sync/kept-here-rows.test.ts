// The animals screen's rows say which animals' details are kept on this computer only (a server
// without the details extension), so a row can be marked; once uploaded, none is. Real replica
// files; our service behind a server of the interface alone, on 127.0.0.1.
import { expect, it } from 'vitest';
import type { Replica } from '../../../src/main/sync/replica';
import { useCleanups } from '../../helpers/cleanups';
import { startService } from '../../helpers/http-service';
import { drain, openTestReplica } from '../../helpers/replica';
import { startSeedOnlyProxy } from '../../helpers/seed-only-proxy';
import { useTempDir } from '../../helpers/temp-dir';

const { track } = useCleanups();
const tempDir = useTempDir();

/** Each animal row's name, and whether it is marked as having its details kept here. */
const marks = (replica: Replica) =>
  replica
    .animals({ sort: 'name' })
    .rows.map((row) => (row.kind === 'pet' ? [row.pet.name, row.detailsHere ?? false] : [row.entry.name, 'waiting']));

it('rows say whose details are kept here, until they are sent to the server', async () => {
  const service = track(await startService());
  const seedOnly = track(await startSeedOnlyProxy(service.port));
  service.store.createPet({ name: 'Listed', categoryId: '1', status: 'available' });
  const { replica } = track(openTestReplica(tempDir(), 'staging', seedOnly.baseUrl));
  await replica.learnExtensions();
  replica.createPet({ name: 'Biscuit', categoryId: '1', status: 'available', breed: 'Beagle' });
  replica.createPet({ name: 'Plain', categoryId: '1', status: 'available' });
  await drain(replica);
  await replica.walkInventory();
  expect(marks(replica)).toEqual([
    ['Biscuit', true],
    ['Listed', false],
    ['Plain', false],
  ]);

  // Details given to an animal of the server's: kept at once, and marked.
  const listed = replica.animals({ search: 'Listed' }).rows[0]!;
  if (listed.kind !== 'pet') throw new Error('Listed is not the server’s');
  expect(replica.changePet(listed.pet.id, { notes: 'Shy.' })).toBeNull();
  expect(marks(replica)).toEqual([
    ['Biscuit', true],
    ['Listed', true],
    ['Plain', false],
  ]);

  seedOnly.gainDetails();
  await replica.learnExtensions({ again: true });
  replica.uploadKeptDetails();
  await drain(replica);
  expect(marks(replica)).toEqual([
    ['Biscuit', false],
    ['Listed', false],
    ['Plain', false],
  ]);
});
