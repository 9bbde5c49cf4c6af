// An export of a server environment reads its replica: the details kept on this computer for a
// server without our details extension are in the file (that server never had them), and the file
// imports them again whole. Real cores over real SQLite files; our service behind a server of the
// interface alone, on 127.0.0.1.
import { describe, expect } from 'vitest';
import { readCsv, unguardCell } from '../../../src/main/csv/spreadsheet-csv';
import type { PetstoreCore } from '../../../src/main/core/petstore-core';
import type { NewPet } from '../../../src/shared/contract';
import { startService, TEST_API_KEY } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';
import { startSeedOnlyProxy } from '../../helpers/seed-only-proxy';
import { useTestCore } from './test-core';

const BISCUIT: NewPet = {
  name: 'Biscuit',
  categoryId: '1',
  status: 'available',
  price: 1250,
  sex: 'female',
  bornOn: '2024-03',
  breed: 'Beagle',
  microchip: '985112345678903',
  notes: 'Shy,\n"likes" cats',
};

/** Each record of an exported file, by its column's name, as the file has it. */
function recordsOf(csv: string): Array<Record<string, string>> {
  const [header, ...records] = readCsv(csv);
  return records.map(({ cells }) =>
    Object.fromEntries(header!.cells.map((column, index) => [unguardCell(column), unguardCell(cells[index] ?? '')])),
  );
}

/** The animals of an environment by name, without the ids and revisions their store gave them. */
function byName(core: PetstoreCore, environment: 'local' | 'staging') {
  return Object.fromEntries(
    core
      .animals(environment, { sort: 'name', limit: 500 })
      .rows.flatMap((row) => (row.kind === 'pet' ? [row.pet] : []))
      .map(({ id: _id, revision: _revision, ...pet }) => [pet.name, pet]),
  );
}

describe('an export of a server environment', () => {
  const { open, tempDir, track } = useTestCore();

  itWithKeyring('holds the details kept on this computer, which the server never had', async () => {
    const service = track(await startService());
    const seedOnly = track(await startSeedOnlyProxy(service.port));
    const rex = service.store.createPet({ name: 'Rex', categoryId: '1', status: 'available' });
    const core = open();
    await core.setBaseUrl('staging', seedOnly.baseUrl);
    await core.setKey('staging', TEST_API_KEY);
    core.setCurrency({ environment: 'staging', currency: 'EUR' });
    await core.syncNow('staging'); // the server says it has no extensions; Rex is listed
    core.addPet('staging', BISCUIT);
    await core.syncUntilSettled('staging');
    await core.refreshAnimals('staging');
    expect(core.changePet('staging', rex.id, { supplier: 'Farm, Ltd' })).toMatchObject({ change: null }); // kept at once
    expect(core.serverStatus('staging').details).toMatchObject({ server: 'lacks', keptHere: 2 });
    expect(service.store.listPets().map(({ price, breed, supplier }) => [price, breed, supplier])).toEqual([
      [undefined, undefined, undefined],
      [undefined, undefined, undefined],
    ]);

    const { csv, rows } = core.exportAnimals('staging', { sort: 'name' });
    expect(rows).toBe(2);
    const [biscuit, rexRecord] = recordsOf(csv);
    expect(biscuit).toMatchObject({
      name: 'Biscuit',
      price: '12.50',
      sex: 'female',
      born_on: '2024-03',
      breed: 'Beagle',
      microchip: '985112345678903',
      notes: 'Shy,\n"likes" cats',
      sync: '',
    });
    expect(rexRecord).toMatchObject({ name: 'Rex', supplier: 'Farm, Ltd', price: '' });

    // The file gives them back whole: into the local store, in the same currency.
    const local = open({ dataDir: `${tempDir()}/local` });
    local.setCurrency({ environment: 'local', currency: 'EUR' });
    const preview = local.previewImport('local', 'staging.csv', csv);
    expect(preview.counts).toMatchObject({ ready: 2, invalid: 0 });
    await local.importAnimals('local', preview.importId);
    expect(byName(local, 'local')).toEqual(byName(core, 'staging'));
    expect(byName(local, 'local').Biscuit).toMatchObject({ price: 1250, bornOn: '2024-03', notes: BISCUIT.notes });
  });
});
