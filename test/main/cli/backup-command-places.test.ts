// `petstore backup` puts a backup where the person meant, keeps what they made, and refuses in
// words a line that would back up elsewhere: the built command over a real data folder.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupFileName } from '../../../src/main/database/backup-files';
import { useCli } from '../../helpers/cli';

const DAY = 86_400_000;

describe('petstore backup, where the backup goes', () => {
  const { run, dataDir } = useCli();
  const backupsIn = (folder: string) => readdirSync(folder).filter((name) => name.startsWith('petstore-'));

  it('keeps both of two backups made by hand the same day, each named as made by hand', async () => {
    for (let time = 0; time < 2; time++) expect((await run(['backup', '--env', 'local'])).code).toBe(0);
    const made = backupsIn(join(dataDir(), 'backups'));
    expect(made).toHaveLength(2);
    for (const name of made) expect(name).toMatch(/^petstore-local-.*-by-hand\.db$/);
  });

  it('leaves alone what a person keeps in a folder given with --out, and says when it made the folder', async () => {
    const usb = join(dataDir(), 'usb');
    mkdirSync(usb);
    const theirs = Array.from({ length: 12 }, (_, day) =>
      backupFileName('local', Date.UTC(2026, 0, 1) + day * DAY, 1, 'daily'),
    );
    for (const name of theirs) writeFileSync(join(usb, name), '');
    expect((await run(['backup', '--env', 'local', '--out', usb])).code).toBe(0);
    expect(backupsIn(usb)).toHaveLength(theirs.length + 1);
    for (const name of theirs) expect(existsSync(join(usb, name))).toBe(true);

    const fresh = join(dataDir(), 'new', 'folder');
    const made = await run(['backup', '--env', 'local', '--out', fresh]);
    expect(made).toMatchObject({ code: 0, err: `Made the folder ${fresh}.` });
    expect(backupsIn(fresh)).toHaveLength(1);
  });

  it('refuses a folder without --out, an empty --out and an option given twice, backing up nothing', async () => {
    const usb = join(dataDir(), 'usb');
    const positional = await run(['backup', usb]);
    expect(positional.code).toBe(2);
    expect(positional.err).toContain(`did you mean --out ${usb}?`);
    const empty = await run(['backup', '--out', '']);
    expect(empty.code).toBe(2);
    expect(empty.err).toMatch(/--out needs the folder/);
    const twice = await run(['backup', '--env', 'local', '--env', 'staging']);
    expect(twice.code).toBe(2);
    expect(twice.err).toMatch(/^--env is given twice: give it once$/m);
    expect(existsSync(join(dataDir(), 'backups'))).toBe(false);
  });

  it('refuses an option given twice on any command, not only backup', async () => {
    const twice = await run(['pets', 'list', '--limit', '5', '--limit', '9']);
    expect(twice.code).toBe(2);
    expect(twice.err).toMatch(/^--limit is given twice/);
    const yesTwice = await run(['pets', 'list', '--yes', '--yes']);
    expect(yesTwice.code).toBe(2);
    expect(yesTwice.err).toMatch(/^--yes is given twice: give it once/);
  });

  it('prints after a usage error only the command’s usage and where the rest is', async () => {
    const { code, err } = await run(['backup', 'somewhere']);
    expect(code).toBe(2);
    expect(err.split('\n')).toEqual([
      'backup takes no somewhere: did you mean --out somewhere?',
      'usage: petstore backup [--env E] [--out DIR] [--json]',
      'petstore --help for all',
    ]);
  });

  it('says a folder given to restore is a folder, not a backup', async () => {
    const refused = await run(['restore', dataDir(), '--yes']);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toMatch(/^\/.* is a folder, not a backup: name a backup file in it .* Nothing was changed\.$/);
  });

  it('says an --out that is a file is not a folder, and that a server never used has nothing to back up', async () => {
    const file = join(dataDir(), 'a-file');
    writeFileSync(file, 'x');
    const onFile = await run(['backup', '--env', 'local', '--out', file]);
    expect(onFile.code).not.toBe(0);
    expect(onFile.err).toBe(`The backup folder ${file} is a file, not a folder: choose a folder.`);
    const production = await run(['backup', '--env', 'production']);
    expect(production.code).not.toBe(0);
    expect(production.err).toMatch(/^There is nothing to back up for Production yet/);
  });
});
