// An animal's details through the real command line (the built `petstore`, a real SQLite file):
// given with their options, shown whole, changed and removed, refused in words, in the register,
// and through a CSV file and back exactly.
import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localToday } from '../../../src/shared/contract';
import { useCli } from '../../helpers/cli';
import { startService, TEST_API_KEY } from '../../helpers/http-service';

describe("an animal's details on the command line", () => {
  const { run, dataDir } = useCli();
  const GBP = { LANG: 'en_GB.UTF-8', LC_ALL: 'en_GB.UTF-8' };

  const addRex = () =>
    run(
      [
        'pets',
        'add',
        '--name',
        'Rex',
        '--category',
        '1',
        '--price',
        '12.50',
        '--sex',
        'male',
        '--born',
        '2026-05',
        '--species',
        'Dog',
        '--breed',
        'Labrador',
        '--microchip',
        '985 141 000 123 456',
        '--acquired',
        '2026-08-01',
        '--supplier',
        'Hill Farm',
        '--treatment',
        'Worming, until 2026-12-01',
        '--notes',
        'Shy',
        '--json',
      ],
      { env: GBP },
    );

  it('pets add takes every detail; pets show prints the whole record; --json is the wire', async () => {
    const added = await addRex();
    expect(added.err).toBe('');
    expect(added.code).toBe(0);
    expect(JSON.parse(added.out)).toMatchObject({
      name: 'Rex',
      price: 1250,
      sex: 'male',
      bornOn: '2026-05',
      breed: 'Labrador',
      microchip: '985141000123456',
      acquiredOn: '2026-08-01',
      treatment: 'Worming, until 2026-12-01',
    });
    const shown = await run(['pets', 'show', '1'], { env: GBP });
    expect(shown.code).toBe(0);
    expect(shown.out).toMatch(/^Price: +£12\.50$/m);
    expect(shown.out).toMatch(/^Born: +May 2026 \(about \d+ months?\)$/m);
    expect(shown.out).toMatch(/^Microchip: +985141000123456$/m);
    expect(shown.out).toMatch(/^Treatment: +Worming, until 2026-12-01$/m);
    expect(shown.out).not.toMatch(/^Sold on/m);
  });

  it('a sale under treatment is refused in words; --no-treatment clears it, and the sale is dated today', async () => {
    await addRex();
    const refused = await run(['pets', 'set-status', '1', 'sold'], { env: GBP });
    expect(refused.code).not.toBe(0);
    expect(refused.err).toContain('Rex is under veterinary treatment ("Worming, until 2026-12-01")');
    expect(refused.err).toContain('empty its Treatment, then mark it sold');
    expect(JSON.parse((await run(['pets', 'show', '1', '--json'])).out).status).toBeUndefined();

    expect((await run(['pets', 'edit', '1', '--no-treatment'])).code).toBe(0);
    const sold = await run(['pets', 'edit', '1', '--status', 'sold', '--price', '10', '--json'], { env: GBP });
    expect(sold.code).toBe(0);
    const pet = JSON.parse(sold.out);
    expect(pet).toMatchObject({ status: 'sold', soldOn: localToday(), price: 1000 });
    expect(pet.treatment).toBeUndefined();
    // Back on sale: no date sold.
    const back = JSON.parse((await run(['pets', 'set-status', '1', 'available', '--json'])).out);
    expect(back.soldOn).toBeUndefined();
  });

  it('a second animal with the same microchip is refused, naming the first; bad values say what to fix', async () => {
    await addRex();
    const twice = await run(['pets', 'add', '--name', 'Max', '--category', '1', '--microchip', '985141000123456']);
    expect(twice.code).toBe(1);
    expect(twice.err).toContain("is already Rex's (id 1)");
    const bad = await run(['pets', 'add', '--name', 'Max', '--category', '1', '--born', '2026-02-30', '--sex', 'x']);
    expect(bad.code).toBe(2);
    // Each problem named by the option that gave it, as typed.
    expect(bad.err).toContain('--born must be a real date');
    expect(bad.err).toContain('--sex must be one of female, male, unknown');
    const price = await run(['pets', 'add', '--name', 'Max', '--category', '1', '--price', '12,50'], { env: GBP });
    expect(price.code).toBe(2);
    expect(price.err).toContain('--price');
    // A negative value after its option is that option's value, refused by the rule it breaks.
    const negative = await run(['pets', 'add', '--name', 'Max', '--category', '1', '--price', '-5'], { env: GBP });
    expect(negative.code).toBe(2);
    expect(negative.err).not.toMatch(/ambiguous/);
    expect(negative.err).toMatch(/^--price .*/m);
    const category = await run(['pets', 'add', '--name', 'Min', '--category', '-1', '--json']);
    expect(category.code).toBe(0); // a category id is an int64, negative ones too
    expect(JSON.parse(category.out)).toMatchObject({ name: 'Min', categoryId: -1 });
  });

  it('register: every animal held in the period, sold ones included, with the columns the law names', async () => {
    await addRex();
    await run(['pets', 'add', '--name', 'Bella', '--category', '1', '--acquired', '2026-01-10', '--supplier', 'Ann']);
    await run(['pets', 'add', '--name', 'Later', '--category', '1', '--acquired', localToday()]);
    const out = join(dataDir(), 'register.csv');
    const written = await run(['register', '--from', '2026-01-01', '--to', '2026-09-30', '--out', out]);
    expect(written.code).toBe(0);
    expect(written.err).toBe(
      `2 animals held by local from 2026-01-01 to 2026-09-30, a row each by the day it was taken in, written to ${out}.`,
    );
    const [header, ...rows] = readFileSync(out, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe(
      '"id","name","species","breed","sex","born_on","age","acquired_on","supplier","microchip","treatment","status","sold_on","left_on","left_how","price"',
    );
    expect(rows.map((row) => row.split('","')[1])).toEqual(['Bella', 'Rex']); // by the day taken in; Later not yet
    const wrong = await run(['register', '--from', '2026-09-30', '--to', '2026-01-01']);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('from must not be after to');
  });

  it('an animal that left: --left-on and --left-how, shown, refused in words when for sale, --not-left undoes it; the register holds it until then', async () => {
    const add = await run([
      'pets',
      'add',
      '--name',
      'Goldie',
      '--category',
      '4',
      '--status',
      'available',
      '--acquired',
      '2026-01-05',
    ]);
    expect(add.code).toBe(0);
    const forSale = await run(['pets', 'edit', '1', '--left-on', '2026-03-01', '--left-how', 'died']);
    expect(forSale.code).toBe(2); // 400: something to fix here
    expect(forSale.err).toContain('--left-on cannot be given for an available animal');
    const left = await run([
      'pets',
      'edit',
      '1',
      '--status',
      'none',
      '--left-on',
      '2026-03-01',
      '--left-how',
      'died',
      '--json',
    ]);
    expect(left.err).toBe('');
    expect(JSON.parse(left.out)).toMatchObject({ leftOn: '2026-03-01', leftHow: 'died' });
    const shown = await run(['pets', 'show', '1']);
    expect(shown.out).toMatch(/^Left on: +.*2026/m);
    expect(shown.out).toMatch(/^How it left: +died$/m);
    const sold = await run(['pets', 'set-status', '1', 'sold']);
    expect(sold.code).toBe(2);
    expect(sold.err).toContain('Goldie left the shop on 2026-03-01 (died)');
    const half = await run(['pets', 'edit', '1', '--left-how', 'none']);
    expect(half.code).toBe(2);
    expect(half.err).toContain('--left-how must be given with the day it left (2026-03-01)');

    const register = (from: string) => run(['register', '--from', from, '--to', '2026-12-31']);
    const held = await register('2026-03-01');
    expect(held.out).toContain('"Goldie"');
    expect(held.out).toContain('"2026-03-01","died"');
    expect((await register('2026-03-02')).out).not.toContain('Goldie');

    const back = await run(['pets', 'edit', '1', '--not-left', '--status', 'available', '--json']);
    expect(back.err).toBe('');
    expect(JSON.parse(back.out)).not.toHaveProperty('leftOn');
    expect((await register('2026-03-02')).out).toContain('"Goldie"');
  });

  it('a CSV export carries every detail and imports back into another store exactly', async () => {
    await addRex();
    const file = join(dataDir(), 'animals.csv');
    expect((await run(['pets', 'export', '--out', file], { env: GBP })).code).toBe(0);
    const csv = readFileSync(file, 'utf8');
    expect(csv).toContain('"12.50"');
    const other = await run(['pets', 'import', file, '--json'], {
      env: { ...GBP, PETSTORE_DATA_DIR: join(dataDir(), 'other') },
    });
    expect(other.code).toBe(0);
    const shown = await run(['pets', 'show', '1', '--json'], { env: { PETSTORE_DATA_DIR: join(dataDir(), 'other') } });
    const original = JSON.parse((await run(['pets', 'show', '1', '--json'])).out);
    expect(JSON.parse(shown.out)).toEqual(original);
  });

  it('--photo sets a photo from a file, --no-photo removes it; a file that is not a photo changes nothing', async () => {
    await addRex();
    const jpeg = join(dataDir(), 'rex.jpg');
    writeFileSync(
      jpeg,
      await sharp({ create: { width: 640, height: 480, channels: 3, background: '#a0522d' } })
        .jpeg()
        .toBuffer(),
    );
    const set = await run(['pets', 'edit', '1', '--photo', jpeg, '--json']);
    expect(set.err).toBe('');
    expect(JSON.parse(set.out).photo).toMatch(/^[0-9a-f]{64}$/);
    const svg = join(dataDir(), 'evil.svg');
    writeFileSync(svg, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await run(['pets', 'edit', '1', '--photo', svg]);
    expect(refused.code).toBe(2); // a file that will not do is a wrong argument, as a missing one is
    expect((await run(['pets', 'edit', '1', '--photo', join(dataDir(), 'gone.jpg')])).code).toBe(2);
    expect(refused.err).toContain('not a photo this app takes');
    expect(JSON.parse((await run(['pets', 'show', '1', '--json'])).out).photo).toBe(JSON.parse(set.out).photo);
    const removed = JSON.parse((await run(['pets', 'edit', '1', '--no-photo', '--json'])).out);
    expect(removed.photo).toBeUndefined();
    const added = await run(['pets', 'add', '--name', 'Pic', '--category', '1', '--photo', jpeg, '--json']);
    expect(JSON.parse(added.out).photo).toMatch(/^[0-9a-f]{64}$/);
    const forServer = await run([
      'pets',
      'add',
      '--name',
      'Pic',
      '--category',
      '1',
      '--photo',
      jpeg,
      '--env',
      'staging',
    ]);
    expect(forServer.code).toBe(2);
  });

  it("the first price written keeps the currency it was read in, whatever another shell's region; a manager sets another", async () => {
    const US = { LANG: 'en_US.UTF-8', LC_ALL: 'en_US.UTF-8' };
    expect(await run(['env', 'show'], { env: US })).toMatchObject({
      out: expect.stringContaining(
        'local:       the local store on this computer; prices in USD (this computer’s region',
      ),
    });
    await run(['pets', 'add', '--name', 'Pound', '--category', '1', '--price', '3'], { env: GBP });
    const shown = await run(['pets', 'show', '1'], { env: US });
    expect(shown.out).toMatch(/Price:\s+£3\.00/);
    expect((await run(['env', 'show'], { env: US })).out).toContain(
      'local:       the local store on this computer; prices in GBP',
    );
    const set = await run(['env', 'set-currency', 'local', 'eur'], { env: US });
    expect(set).toMatchObject({ code: 0, out: 'local: prices in EUR (the amounts kept stay the same numbers)' });
    expect((await run(['pets', 'show', '1'], { env: US })).out).toMatch(/Price:\s+€3\.00/);
    expect(await run(['env', 'set-currency', 'local', 'EURO'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('must be an ISO 4217 currency code such as GBP, EUR or USD, got "EURO"'),
    });
  });

  it('an empty value is no value, whatever the kind: not given to an add, removed by an edit', async () => {
    const added = await run(['pets', 'add', '--name', 'Blank', '--category', '1', '--sex', '', '--born', '', '--json']);
    expect(added.code).toBe(0);
    expect(JSON.parse(added.out)).not.toHaveProperty('sex');
    await run(['pets', 'edit', '1', '--sex', 'female', '--left-on', '2026-03-01', '--left-how', 'died']);
    const cleared = await run(['pets', 'edit', '1', '--sex', '', '--left-on', '', '--left-how', '', '--json']);
    expect(cleared.code).toBe(0);
    const pet = JSON.parse(cleared.out);
    for (const field of ['sex', 'leftOn', 'leftHow']) expect(pet, field).not.toHaveProperty(field);
  });

  it('a photo that will not do is refused before anything is written: no animal added, no field changed', async () => {
    await addRex();
    const text = join(dataDir(), 'notes.jpg');
    writeFileSync(text, 'not a picture at all');
    const missing = join(dataDir(), 'nope.jpg');
    for (const file of [missing, text]) {
      const add = await run(['pets', 'add', '--name', 'Bella', '--category', '3', '--photo', file]);
      expect(add.code, file).not.toBe(0);
      const edit = await run(['pets', 'edit', '1', '--name', 'Renamed', '--price', '99', '--photo', file]);
      expect(edit.code, file).not.toBe(0);
    }
    const names = JSON.parse((await run(['pets', 'list', '--json'])).out).map((pet: { name: string }) => pet.name);
    expect(names).toEqual(['Rex']);
    expect(JSON.parse((await run(['pets', 'show', '1', '--json'])).out)).toMatchObject({ name: 'Rex', price: 1250 });
  });

  it('on a server, pets edit --photo sends the photo as a change, reported as one; the server keeps it', async () => {
    const service = await startService();
    try {
      const rex = service.store.createPet({ name: 'Rex', categoryId: '1', status: 'available' });
      expect((await run(['env', 'set-url', 'staging', `${service.baseUrl}/v1`])).code).toBe(0);
      expect((await run(['key', 'set', 'staging'], { stdin: TEST_API_KEY })).code).toBe(0);
      expect((await run(['pets', 'list', '--env', 'staging'])).code).toBe(0);
      const jpeg = join(dataDir(), 'rex.jpg');
      writeFileSync(
        jpeg,
        await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2e8b57' } })
          .jpeg()
          .toBuffer(),
      );
      const sent = await run(['pets', 'edit', rex.id, '--photo', jpeg, '--status', 'pending', '--env', 'staging']);
      expect(sent.err).toBe('');
      expect(sent.code).toBe(0);
      expect(sent.out.match(/Changed on staging/g)).toHaveLength(2); // the status, then the photo
      expect(service.store.getPet(rex.id)).toMatchObject({
        status: 'pending',
        photo: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      const removed = await run(['pets', 'edit', rex.id, '--no-photo', '--env', 'staging']);
      expect(removed.code).toBe(0);
      expect(service.store.getPet(rex.id).photo).toBeUndefined();
    } finally {
      await service.close();
    }
  });
});
