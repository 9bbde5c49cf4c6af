// Animals to and from CSV. Export (RFC 4180, UTF-8 with a BOM, int64 exact, formulas
// kept text) then import into an empty store gives the same animals; a hostile file is read
// row by row with each problem on its row; importing the same file twice adds nothing twice,
// locally and through the outbox to our real service on 127.0.0.1 (two counters too).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPetstoreCore, type CoreOptions, type PetstoreCore } from '../../../src/main/core/petstore-core';
import { createKeychain } from '../../../src/main/secrets/keychain';
import { EXPORT_COLUMNS } from '../../../src/main/core/animal-files';
import type { AnimalsQuery, EnvironmentName, Pet } from '../../../src/shared/contract';
import { startService, TEST_API_KEY } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';
import { useTempDir } from '../../helpers/temp-dir';
import { useCleanups } from '../../helpers/cleanups';
import { refusal } from '../../helpers/refusal';

const { track, later } = useCleanups();

const HOSTILE_NAMES = [
  '=SUM(A1:A9)',
  '+1 555 0100',
  '-Minus',
  '@handle',
  "'quoted already",
  'Comma, "Quote" and more',
  'Ünïcödé 🐹',
  'plain',
  // Formulas after a separator some locale splits on (; in de-DE and fr-FR, tab, |), and full-width ones.
  'Rex;=1+1;',
  'Space; @SUM(A1)',
  'Pipe| -2+3',
  '＝HYPERLINK("http://x")',
  "Rex, '=kept",
];

/** What a spreadsheet in any locale could run: a cell, or a part of it after a separator, starting with a formula sign. */
const RUNNABLE = /(^|[,;|\t\r\n])[ \u3000]*[=+\-@＝＋－＠]/;

/** Every animal of an environment, as (name, category, status), in the order they were added. */
function animalsOf(core: PetstoreCore, environment: EnvironmentName, query: AnimalsQuery = { sort: 'oldest' }) {
  return core
    .animals(environment, { ...query, limit: 500 })
    .rows.map((row) => (row.kind === 'pet' ? row.pet : row.entry))
    .map(({ name, categoryId, status }: Pick<Pet, 'name' | 'categoryId' | 'status'>) => ({ name, categoryId, status }));
}

describe('animals to and from CSV', () => {
  const tempDir = useTempDir();
  function open(options: Partial<CoreOptions> = {}, folder = '') {
    const core = openPetstoreCore({
      dataDir: `${tempDir()}${folder}`,
      env: {},
      keychain: createKeychain(`Petstore Desk test ${randomUUID()}`),
      ...options,
    });
    later(() => core.close());
    return core;
  }
  /** A file as a person would name it; null: one that is not there. */
  function chosenFile(name: string, bytes: Buffer | null): string {
    const path = join(mkdtempSync(join(tempDir(), 'chosen-')), name);
    if (bytes !== null) writeFileSync(path, bytes);
    return path;
  }

  it('round trip: the whole environment exported, then imported into an empty store, gives the same animals', async () => {
    const source = open();
    source.nameCategory('local', { categoryId: '2', name: 'Cats' });
    const statuses = ['available', 'pending', 'sold', undefined] as const;
    HOSTILE_NAMES.forEach((name, index) => {
      const status = statuses[index % 4];
      source.addPet('local', {
        name,
        categoryId: ['9223372036854775807', '-9223372036854775808', '2', '0'][index % 4]!,
        ...(status ? { status } : {}),
      });
    });
    const { csv, rows } = source.exportAnimals('local');
    expect(rows).toBe(HOSTILE_NAMES.length);
    expect(csv.startsWith(`\uFEFF${EXPORT_COLUMNS.map((column) => `"${column}"`).join(',')}\r\n`)).toBe(true);
    expect(EXPORT_COLUMNS.slice(0, 6)).toEqual(['id', 'name', 'category_id', 'category', 'status', 'price']);
    expect(csv.split('\r\n')).toHaveLength(HOSTILE_NAMES.length + 2); // CRLF after every record
    // Every cell quoted; formulas stay text: no text cell, nor any part of one after a separator, starts with what a spreadsheet would run.
    expect(csv).toContain(`,"'=SUM(A1:A9)","9223372036854775807","","available",`);
    expect(csv).toContain(`,"Comma, ""Quote"" and more",`);
    expect(csv).toContain(`,"'+1 555 0100","-9223372036854775808","","pending",`); // an id's minus is a number's
    expect(csv).toContain(`,"'-Minus","2","Cats","sold",`);
    expect(csv).toContain(`,"Rex;'=1+1;",`);
    expect(csv).toContain(`,"'＝HYPERLINK(""http://x"")",`);
    const records = csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(1, -1);
    for (const record of records) {
      const cells = record.slice(1, -1).split('","'); // no name here holds '","'
      expect(cells, record).toHaveLength(EXPORT_COLUMNS.length);
      for (const text of [cells[1]!, cells[3]!]) expect(text, record).not.toMatch(RUNNABLE);
    }

    const target = open({}, '/target');
    const preview = target.previewImport('local', 'animals.csv', csv);
    // Category 2 is named "Cats" here only in the source; the file carries its id, so it still reads.
    expect(preview.counts).toEqual({ ready: HOSTILE_NAMES.length, invalid: 0, imported: 0, look_alike: 0 });
    expect(await target.importAnimals('local', preview.importId)).toMatchObject({ added: HOSTILE_NAMES.length });
    expect(animalsOf(target, 'local')).toEqual(animalsOf(source, 'local'));
  });

  it('the current view: its status, its search and its order, and nothing else', () => {
    const core = open();
    for (const [name, status] of [
      ['Rex', 'available'],
      ['Rexa', 'sold'],
      ['Bella', 'available'],
      ['Rexy', 'available'],
    ] as const)
      core.addPet('local', { name, categoryId: '1', status });
    const { csv, rows } = core.exportAnimals('local', { status: 'available', search: 'rex', sort: 'name' });
    expect(rows).toBe(2);
    expect(
      csv
        .split('\r\n')
        .slice(1, 3)
        .map((line) => line.split(',')[1]),
    ).toEqual(['"Rex"', '"Rexy"']);
  });

  it('a hostile file: BOM, CRLF and LF mixed, quotes, formulas, names by category name; each problem on its row', async () => {
    const core = open();
    core.nameCategory('local', { categoryId: '7', name: 'Small mammals' });
    const file = [
      '\uFEFFName,Category,Status',
      "'=1+1,7,Available",
      '"Quoted, with comma",small MAMMALS,pending',
      '"Line\r\nbreak",7,sold',
      ',7,available',
      'Unknown category,Reptiles,available',
      'Too big,9223372036854775808,available',
      'Bad status,7,lost',
      '',
      `${'x'.repeat(201)},7,`,
      'No status,7,',
      'Extra,7,sold,surplus,cells',
    ]
      .join('\r\n')
      .replace('pending\r\n', 'pending\n');
    const preview = core.previewImport('local', 'hostile.csv', file);
    const byLine = Object.fromEntries(preview.rows.map((row) => [row.line, row]));
    expect(byLine[2]).toMatchObject({ name: '=1+1', categoryId: '7', state: 'ready' });
    expect(byLine[3]).toMatchObject({ name: 'Quoted, with comma', categoryId: '7', state: 'ready' });
    expect(byLine[4]).toMatchObject({
      state: 'invalid',
      problems: [{ field: 'name', message: expect.stringMatching(/control characters/) }],
    });
    expect(byLine[6]).toMatchObject({ state: 'invalid', problems: [{ field: 'name' }] });
    // In the file's own words: its column (category), never the contract's name or an int64 range.
    expect(byLine[7]).toMatchObject({
      state: 'invalid',
      problems: [{ field: 'category', message: expect.stringMatching(/"Reptiles" names no category/) }],
    });
    expect(byLine[8]).toMatchObject({
      state: 'invalid',
      problems: [
        {
          field: 'category',
          message:
            '9223372036854775808 is too large to be a category id; give an id the shop uses, or a category’s name',
        },
      ],
    });
    for (const row of preview.rows)
      for (const { field, message } of row.problems) {
        expect(field).not.toBe('categoryId');
        expect(message).not.toMatch(/from -\d+ to \d+/);
      }
    expect(byLine[9]).toMatchObject({
      state: 'invalid',
      problems: [{ field: 'status', message: expect.stringMatching(/must be one of available, pending, sold/) }],
    });
    expect(byLine[11]).toMatchObject({
      state: 'invalid',
      problems: [{ field: 'name', message: expect.stringMatching(/at most 200/) }],
    });
    expect(byLine[12]).toMatchObject({ state: 'ready', status: '' });
    expect(byLine[13]).toMatchObject({ state: 'ready', name: 'Extra' });
    expect(preview.counts).toEqual({ ready: 4, invalid: 6, imported: 0, look_alike: 0 });
    expect(await core.importAnimals('local', preview.importId)).toEqual({
      importId: preview.importId,
      added: 4,
      alreadyImported: 0,
    });
    expect(animalsOf(core, 'local').map(({ name }) => name)).toEqual([
      '=1+1',
      'Quoted, with comma',
      'No status',
      'Extra',
    ]);
  });

  it('files that are not the contract are refused whole, in words', async () => {
    const core = open();
    expect((await refusal(() => core.previewImport('local', 'a.csv', 'animal,kind\nRex,dog\n'))).message).toBe(
      'The file\'s first line must name its columns: "name" and "category" (an id or a name), and may name any other column an export writes ("status", "price" …). It names "animal", "kind".',
    );
    expect((await refusal(() => core.previewImport('local', 'a.csv', 'name,category\n"Rex,1\n'))).message).toMatch(
      /not CSV \(line 2\)/,
    );
    expect((await refusal(() => core.previewImport('local', 'a.csv', ''))).message).toMatch(/empty/);
    const latin1 = chosenFile('latin1.csv', Buffer.from('name,category\nCaf\xe9,1\n', 'latin1'));
    expect((await refusal(() => core.previewImportFromFile('local', latin1))).message).toMatch(/not UTF-8.*CSV UTF-8/);
    // Read bounded: a file larger than the limit is refused by its size (this one, sparse, is 4 GiB:
    // reading it whole would not even be possible); what is not a file is never read at all.
    const huge = chosenFile('huge.csv', Buffer.alloc(0));
    truncateSync(huge, 4 * 1024 ** 3);
    const refused = await refusal(() => core.previewImportFromFile('local', huge));
    expect(refused).toMatchObject({ code: 'payload_too_large', message: 'The file is larger than 8 MB; split it.' });
    expect(await refusal(() => core.previewImportFromFile('local', '/dev/zero'))).toMatchObject({
      code: 'invalid_body',
      message: '/dev/zero is not a file: choose a CSV file.',
    });
    expect((await refusal(() => core.previewImportFromFile('local', chosenFile('gone.csv', null)))).code).toBe(
      'not_found',
    );
    // A named pipe with nobody writing: opening it would wait for a writer for ever; it is looked at first.
    const pipe = join(mkdtempSync(join(tempDir(), 'chosen-')), 'pipe.csv');
    execFileSync('mkfifo', [pipe]);
    expect(await refusal(() => core.previewImportFromFile('local', pipe))).toMatchObject({
      code: 'invalid_body',
      message: `${pipe} is not a file: choose a CSV file.`,
    });
    // The window's road: main's dialog answers a path, which the core reads the same way.
    const dialog = open({ openFile: async () => huge }, '/d');
    expect((await refusal(() => dialog.previewImportFromFile('local'))).code).toBe('payload_too_large');
    expect(await open({ openFile: async () => null }, '/n').previewImportFromFile('local')).toBeNull();
    const many = `name,category\n${'a,1\n'.repeat(20_001)}`;
    expect((await refusal(() => core.previewImport('local', 'a.csv', many))).code).toBe('payload_too_large');
  });

  it('10,000 rows: previewed and imported whole, progress told on the way; the same file again adds nothing', async () => {
    const progress: number[] = [];
    const core = open();
    core.on('importProgress', ({ done }) => progress.push(done));
    const file = `name,category_id,status\r\n${Array.from({ length: 10_000 }, (_, i) => `Animal ${i},${i % 7},available`).join('\r\n')}\r\n`;
    const preview = core.previewImport('local', 'big.csv', file);
    expect(preview.counts.ready).toBe(10_000);
    expect(await core.importAnimals('local', preview.importId)).toMatchObject({ added: 10_000, alreadyImported: 0 });
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(10_000);
    expect(progress.length).toBeGreaterThan(10);
    expect(core.animals('local').total).toBe(10_000);

    // The same file, saved again with LF line endings and a BOM: the same rows, added once.
    const again = core.previewImport('local', 'big.csv', `\uFEFF${file.replaceAll('\r\n', '\n')}`);
    expect(again.counts).toEqual({ ready: 0, invalid: 0, imported: 10_000, look_alike: 0 });
    expect(await core.importAnimals('local', again.importId)).toMatchObject({ added: 0 });
    expect(core.animals('local').total).toBe(10_000);
  });

  it('a row like an animal already there is shown with it, and added only when asked for', async () => {
    const core = open();
    const rex = core.addPet('local', { name: 'Rex', categoryId: '1', status: 'available' });
    if (!('pet' in rex)) throw new Error('local adds at once');
    const preview = core.previewImport('local', 'a.csv', 'name,category\nrex,1\nBella,1\n');
    expect(preview.rows[0]).toMatchObject({ state: 'look_alike', lookAlikes: [{ id: rex.pet.id, name: 'Rex' }] });
    expect(await core.importAnimals('local', preview.importId)).toMatchObject({ added: 1 });
    const second = core.previewImport('local', 'a.csv', 'name,category\nrex,1\nBella,1\n');
    expect(second.counts).toEqual({ ready: 0, invalid: 0, imported: 1, look_alike: 1 });
    expect(await core.importAnimals('local', second.importId, { lookAlikesToo: true })).toMatchObject({ added: 1 });
    expect(core.animals('local').total).toBe(3);
    // A preview is used once: a second import of it is refused, never a second copy.
    expect((await refusal(() => core.importAnimals('local', second.importId))).code).toBe('not_found');
  });

  it('the same animal twice in one file: later rows ask, as the form would, and are added only when asked for', async () => {
    const core = open();
    // The same name as search reads it (case, spaces and accents aside) and the same category.
    const text = 'name,category\nMax,1\nBella,1\n max ,1\nMäx,1\nMax,2\n';
    const preview = core.previewImport('local', 'twice.csv', text);
    expect(preview.rows.map((row) => row.state)).toEqual(['ready', 'ready', 'look_alike', 'look_alike', 'ready']);
    expect(preview.rows[2]).toMatchObject({ sameAsLine: 2 });
    expect(preview.rows[3]).toMatchObject({ sameAsLine: 2 });
    expect(await core.importAnimals('local', preview.importId)).toMatchObject({ added: 3 });
    const again = core.previewImport('local', 'twice.csv', text);
    expect(again.counts).toEqual({ ready: 0, invalid: 0, imported: 3, look_alike: 2 });
    expect(await core.importAnimals('local', again.importId, { lookAlikesToo: true })).toMatchObject({ added: 2 });
    expect(core.animals('local').total).toBe(5);
  });

  it('says which columns it does not read: not an animal’s, or named a second time; an export’s own are read quietly', () => {
    const core = open();
    const text = 'name,category,Colour,Name,sync,id,\nKit,1,tabby,Kitty,,,\n';
    const preview = core.previewImport('local', 'extra.csv', text);
    expect(preview.unreadColumns).toEqual(['Colour', 'Name (a second time)']);
    expect(preview.rows[0]).toMatchObject({ name: 'Kit', state: 'ready' });
    const exported = core.exportAnimals('local').csv;
    expect(core.previewImport('local', 'own.csv', exported).unreadColumns).toEqual([]);
  });

  itWithKeyring("on a server's environment, a microchip number an add still waiting has is taken too", async () => {
    const core = open();
    await core.setBaseUrl('staging', 'http://127.0.0.1:9/v1'); // nothing listens: the add waits
    await core.setKey('staging', TEST_API_KEY);
    core.addPet('staging', { name: 'Waiting', categoryId: '1', microchip: '985112000444444' });
    const preview = core.previewImport('staging', 'chips.csv', 'name,category,microchip\nEve,1,985112000444444\n');
    expect(preview.rows[0]).toMatchObject({
      state: 'invalid',
      problems: [
        { field: 'microchip', message: expect.stringContaining("is already Waiting's (waiting to be added)") },
      ],
    });
  });

  it("a row's problems are named by the file's columns", () => {
    const core = open();
    const text = 'name,category,born_on,acquired_on,sold_on\nKit,1,2026-05-03,2026-05-01,\nTom,1,,,2026-05-01\n';
    const preview = core.previewImport('local', 'days.csv', text);
    expect(preview.rows.map((row) => row.problems.map((problem) => problem.field))).toEqual([
      ['acquired_on'],
      ['sold_on'],
    ]);
  });

  it('a microchip number another animal has, in the store or a line before, is a problem of its row; the rest go in', async () => {
    const core = open();
    core.addPet('local', { name: 'Chipped', categoryId: '1', microchip: '985112000111111' });
    const text = [
      'name,category,microchip',
      'Ada,1,985112000222222',
      'Bo,1,985 112 000 222 222',
      'Cy,1,985112000111111',
      'Di,1,985112000333333',
    ].join('\n');
    const preview = core.previewImport('local', 'chips.csv', text);
    expect(preview.rows.map((row) => row.state)).toEqual(['ready', 'invalid', 'invalid', 'ready']);
    expect(preview.rows[1]!.problems).toEqual([
      { field: 'microchip', message: 'is line 2’s too: a microchip number belongs to one animal. Check the number' },
    ]);
    expect(preview.rows[2]!.problems).toEqual([
      {
        field: 'microchip',
        message:
          "is already Chipped's (id 1): a microchip number belongs to one animal. Check the number, or correct Chipped first",
      },
    ]);
    expect(await core.importAnimals('local', preview.importId)).toMatchObject({ added: 2 });
    expect(animalsOf(core, 'local').map((pet) => pet.name)).toEqual(['Chipped', 'Ada', 'Di']);
  });

  itWithKeyring(
    'through the outbox to a server, exactly once: imported twice, and by a second counter, 1,000 rows stay 1,000',
    async () => {
      const service = track(await startService());
      const file = `name,category,status\n${Array.from({ length: 1_000 }, (_, i) => `Imported ${i},${i % 5},pending`).join('\n')}\n`;
      async function counter(folder: string) {
        const core = open({ syncInThread: true }, folder);
        await core.setBaseUrl('staging', `${service.baseUrl}/v1`);
        await core.setKey('staging', TEST_API_KEY);
        return core;
      }
      const first = await counter('/first');
      const preview = first.previewImport('staging', 'shop.csv', file);
      expect(await first.importAnimals('staging', preview.importId)).toMatchObject({ added: 1_000 });
      const again = first.previewImport('staging', 'shop.csv', file);
      expect(again.counts.imported).toBe(1_000);
      await first.syncUntilSettled('staging');
      const second = await counter('/second');
      const theirs = second.previewImport('staging', 'shop.csv', file);
      expect(theirs.counts.ready).toBe(1_000); // this counter never imported it…
      await second.importAnimals('staging', theirs.importId);
      await second.syncUntilSettled('staging');
      // …and the server, sent each row with the same Idempotency-Key, added it once.
      const onServer = service.db
        .prepare<[], number>("SELECT count(*) FROM pets WHERE name LIKE 'Imported %'")
        .pluck()
        .get();
      expect(onServer).toBe(1_000);
      expect(second.serverStatus('staging')).toMatchObject({ waiting: 0, refused: 0 });
    },
  );
});
