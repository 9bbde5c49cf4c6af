// A batch on its way (main's progress events, in order), and paper from a server's environment:
// its animals as this computer last saw them, each code read back; animals added here and not yet
// on the server (no id to print) left off and counted. Real HTTP on 127.0.0.1, real SQLite files.
import { describe, expect, it } from 'vitest';
import { idFromLabelCode, type PaperProgress } from '../../../src/shared/contract';
import { startService, TEST_API_KEY } from '../../helpers/http-service';
import { freePort } from '../../helpers/processes';
import { itWithKeyring } from '../../helpers/keyring';
import { codesInPdf, pagesOfPdf, textOfPdf } from '../../helpers/paper-reading';
import { useTestCore } from '../core/test-core';
import { addAnimal } from './paper-animals';

describe('paper in batches and from a server', () => {
  const { open, track } = useTestCore();

  it('tells its progress: laid out by twenty-fives, then printed by whole sheets, then done', async () => {
    const core = open();
    for (let n = 0; n < 120; n++) addAnimal(core, { name: `Tetra ${n}` });
    const told: PaperProgress[] = [];
    core.on('paperProgress', (progress) => told.push(progress));
    const { animals } = await core.paperPdf({
      kind: 'labels',
      environment: 'local',
      animals: { view: { sort: 'name' } },
      layout: 'a4-3x8',
    });
    expect(animals).toBe(120);
    expect(told.map(({ step, done, total }) => [step, done, total])).toEqual([
      ['laying-out', 0, 120],
      ['laying-out', 25, 120],
      ['laying-out', 50, 120],
      ['laying-out', 75, 120],
      ['laying-out', 100, 120],
      // Printed in parts of two sheets of 24, each told as it is printed.
      ['rendering', 0, 120],
      ['rendering', 48, 120],
      ['rendering', 96, 120],
      ['rendering', 120, 120],
      ['done', 120, 120],
    ]);
    expect(told.every((progress) => progress.environment === 'local' && progress.kind === 'labels')).toBe(true);
  });

  it('prints a batch in parts joined into one PDF, every card in its order, told as each part is printed', async () => {
    const core = open();
    const names = Array.from({ length: 103 }, (_, n) => `Guppy ${String(n + 1).padStart(3, '0')}`);
    const ids = names.map((name) => addAnimal(core, { name }).id);
    const told: PaperProgress[] = [];
    core.on('paperProgress', (progress) => told.push(progress));
    const { pdf, animals } = await core.paperPdf({
      kind: 'cards',
      environment: 'local',
      animals: { ids },
      layout: 'a6',
    });
    expect(animals).toBe(103);
    const printing = told.filter(({ step }) => step !== 'laying-out').map(({ step, done }) => [step, done]);
    expect(printing).toEqual([
      ['rendering', 0],
      ['rendering', 50],
      ['rendering', 100],
      ['rendering', 103],
      ['done', 103],
    ]);
    expect((await pagesOfPdf(pdf)).pages).toBe(103);
    const text = await textOfPdf(pdf);
    const found = names.map((name) => text.indexOf(name));
    expect(found.every((at) => at >= 0)).toBe(true);
    expect(found).toEqual([...found].sort((a, b) => a - b));
    const read = (await codesInPdf(pdf, 100)).filter((r) => r.format === 'QRCode').map((r) => idFromLabelCode(r.text));
    expect(read).toEqual(ids);
  });

  itWithKeyring("prints a server's animals as last seen here, leaving off those it has not taken yet", async () => {
    const service = track(await startService());
    const ids = ['Rex', 'Bella'].map(
      (name) => service.store.createPet({ name, categoryId: '3', status: 'available' }).id,
    );
    const core = open();
    await core.setBaseUrl('staging', `${service.baseUrl}/v1`);
    await core.setKey('staging', TEST_API_KEY);
    await core.syncNow('staging');
    // The server goes away; an animal added here waits for it, with no id yet.
    await core.setBaseUrl('staging', `http://127.0.0.1:${await freePort()}/v1`);
    core.addPet('staging', { name: 'Waiting Walter', categoryId: '3', status: 'available' });

    const { pdf, animals, leftOff } = await core.paperPdf({
      kind: 'cards',
      environment: 'staging',
      animals: { view: { status: 'available', sort: 'name' } },
      layout: 'a4-four',
    });
    expect({ animals, leftOff }).toEqual({ animals: 2, leftOff: 1 });
    const read = (await codesInPdf(pdf, 150)).filter((r) => r.format === 'QRCode').map((r) => idFromLabelCode(r.text));
    expect(read.sort()).toEqual([...ids].sort());
  });
});
