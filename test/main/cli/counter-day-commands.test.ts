// A counter's day from the CLI: import and export of animals and of category names, the look-alike rule,
// and the manager's lock (which the command respects: it is main's, kept in the database). The
// built command, over real SQLite files.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCli } from '../../helpers/cli';

describe('the counter’s day from the command line', () => {
  const { run, dataDir } = useCli();

  it('pets import: problems by line, each row once however often the file is imported; pets export round-trips it', async () => {
    const file = join(dataDir(), 'animals.csv');
    writeFileSync(
      file,
      '\uFEFFname,category,status\r\n=Rex,9223372036854775807,available\r\nMia,cats,pending\r\n,1,sold\r\n',
    );
    expect(await run(['categories', 'name', '3', 'Cats'])).toMatchObject({ code: 0 });
    const first = await run(['pets', 'import', file]);
    expect(first).toMatchObject({ code: 1, err: 'line 4: not added: name must not be empty' });
    expect(first.out).toBe(
      'animals.csv: 2 ready, 1 with problems, 0 like animals already there, 0 imported before. Added 2 to local.',
    );
    const again = await run(['pets', 'import', file]);
    expect(again.out).toMatch(/0 ready, 1 with problems, 0 like animals already there, 2 imported before\. Added 0/);
    const exported = await run(['pets', 'export']);
    expect(exported.out).toBe(
      '\uFEFF"id","name","category_id","category","status","sync"\r\n"1","\'=Rex","9223372036854775807","","available",""\r\n"2","Mia","3","Cats","pending",""\r',
    );
    const out = join(dataDir(), 'out.csv');
    expect(await run(['pets', 'export', '--status', 'pending', '--out', out])).toMatchObject({ code: 0 });
    expect(readFileSync(out, 'utf8').split('\r\n')[1]).toBe('"2","Mia","3","Cats","pending",""');
  });

  it('pets add: a look-alike is refused in words (exit 1), added with --anyway', async () => {
    await run(['pets', 'add', '--name', 'Rex', '--category', '5']);
    const refused = await run(['pets', 'add', '--name', 'REX', '--category', '5']);
    expect(refused).toMatchObject({
      code: 1,
      err: 'REX (category 5) is already listed as number 1 in local. Add it anyway?',
    });
    expect(await run(['pets', 'add', '--name', 'REX', '--category', '5', '--anyway'])).toMatchObject({ code: 0 });
  });

  it('the manager’s lock holds for the command: without the PIN, env use is refused; with it, done; wrong tries wait', async () => {
    expect(await run(['manager', 'set-pin'], { stdin: '2468\n' })).toMatchObject({ code: 0 });
    const refused = await run(['env', 'use', 'staging']);
    expect(refused).toMatchObject({ code: 2 });
    expect(refused.err).toBe(
      "Switching to Staging needs the manager's PIN. Run it at a terminal, or set PETSTORE_MANAGER_PIN.",
    );
    expect(await run(['env', 'use', 'staging'], { env: { PETSTORE_MANAGER_PIN: '2468' } })).toMatchObject({
      code: 0,
      out: 'Active environment: staging',
    });
    for (let i = 0; i < 3; i++)
      expect((await run(['env', 'use', 'local'], { env: { PETSTORE_MANAGER_PIN: '1111' } })).err).toMatch(
        /not the manager's PIN/,
      );
    const waiting = await run(['env', 'use', 'local'], { env: { PETSTORE_MANAGER_PIN: '2468' } });
    expect(waiting).toMatchObject({
      code: 2,
      err: expect.stringMatching(/Too many wrong PINs: the next try is possible in \d s/),
    });
    // Counter work needs no PIN.
    expect(await run(['pets', 'list', '--env', 'local'])).toMatchObject({ code: 0 });
    expect(await run(['categories', 'list', '--env', 'local'])).toMatchObject({ code: 0 });
  });
});
