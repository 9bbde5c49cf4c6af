// `petstore pets import` and `pets export`: problems by line, each row once, and a round trip
// through CSV. The built command, over real SQLite files.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCli } from '../../helpers/cli';
import { EXPORT_COLUMNS } from '../../../src/main/core/animal-files';

describe('petstore pets import / pets export', () => {
  const { run, dataDir } = useCli();

  it('a row repeated in the file is a look-alike of the row above, said so, not of an animal already there', async () => {
    const file = join(dataDir(), 'twice.csv');
    writeFileSync(file, 'name,categoryId,status\nRex,1,available\nRex,1,available\nMax,2,pending\n');
    const first = await run(['pets', 'import', file]);
    expect(first.err).toBe('line 3: not added: the same as line 2 of this file (add these too with --look-alikes-too)');
    expect(first.out).toBe('twice.csv: 2 ready, 0 with problems, 1 look-alike, 0 imported before. Added 2 to local.');
    expect(first.out).not.toContain('already there');
  });

  it('problems by line, each row once however often the file is imported; pets export round-trips it', async () => {
    const file = join(dataDir(), 'animals.csv');
    writeFileSync(
      file,
      '\uFEFFname,category,status\r\n=Rex,9223372036854775807,available\r\nMia,cats,pending\r\n,1,sold\r\n',
    );
    expect(await run(['categories', 'name', '3', 'Cats'])).toMatchObject({ code: 0 });
    const first = await run(['pets', 'import', file]);
    expect(first).toMatchObject({ code: 1, err: 'line 4: not added: name must not be empty' });
    expect(first.out).toBe(
      'animals.csv: 2 ready, 1 with problems, 0 look-alikes, 0 imported before. Added 2 to local.',
    );
    const again = await run(['pets', 'import', file]);
    expect(again.out).toMatch(/0 ready, 1 with problems, 0 look-alikes, 2 imported before\. Added 0/);
    const exported = await run(['pets', 'export']);
    // The details' columns (price, sex ... notes) follow the status: blank for animals without them.
    const header = EXPORT_COLUMNS.map((column) => `"${column}"`).join(',');
    const details = ',""'.repeat(EXPORT_COLUMNS.indexOf('sync') - EXPORT_COLUMNS.indexOf('status') - 1);
    expect(exported.out).toBe(
      `\uFEFF${header}\r\n"1","'=Rex","9223372036854775807","","available"${details},""\r\n"2","Mia","3","Cats","pending"${details},""\r`,
    );
    const out = join(dataDir(), 'out.csv');
    expect(await run(['pets', 'export', '--status', 'pending', '--out', out])).toMatchObject({ code: 0 });
    expect(readFileSync(out, 'utf8').split('\r\n')[1]).toBe(`"2","Mia","3","Cats","pending"${details},""`);
  });
});
