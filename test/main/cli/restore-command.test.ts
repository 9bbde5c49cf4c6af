// `petstore restore` over real files: a damaged app database is
// replaced (and the commands for the PINs said), a new computer's data folder is made, every
// restore is logged, the manager's PIN is asked, a "no" is an exit a script can tell, and what
// would be lost is looked at again right before replacing.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/main/cli/cli';
import type { CliIo } from '../../../src/main/cli/cli-args';
import { appLogFile } from '../../../src/main/config/app-log';
import { DATABASE_FILE_NAME } from '../../../src/main/config/data-dir';
import { animalsIn } from '../../helpers/animals-in';
import { useCli } from '../../helpers/cli';

const PIN = '24681357';

describe('petstore restore', () => {
  const { run, dataDir } = useCli();
  const current = () => join(dataDir(), DATABASE_FILE_NAME);

  /** Rex, backed up, then Tom added: the backup's file. */
  async function backupOfRex(): Promise<string> {
    expect((await run(['pets', 'add', '--name', 'Rex', '--category', '1'])).code).toBe(0);
    const made = await run(['backup', '--env', 'local', '--json']);
    expect((await run(['pets', 'add', '--name', 'Tom', '--category', '1'])).code).toBe(0);
    return (JSON.parse(made.out) as [{ file: string }])[0].file;
  }

  /** The restore command in this process, a person at a terminal answering `answers` in turn. */
  async function atTerminal(argv: string[], answers: Array<() => boolean>) {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = {
      out: (text) => out.push(text),
      err: (text) => err.push(text),
      readSecret: async () => '',
      confirm: async (question) => {
        out.push(question);
        return answers.shift()?.() ?? null;
      },
      managerPin: async () => null,
      dataDir: dataDir(),
    };
    const code = await runCli(argv, io, () => {
      throw new Error('restore opens no core');
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('replaces a damaged app database, keeps it aside and says how to give the manager a PIN again', async () => {
    expect((await run(['manager', 'set-pin'], { stdin: `${PIN}\n` })).code).toBe(0);
    const backup = await backupOfRex();
    const good = readFileSync(current());
    writeFileSync(current(), Buffer.concat([Buffer.alloc(100, 0x41), good.subarray(100)]));
    const done = await run(['restore', backup, '--yes']);
    expect(done).toMatchObject({ code: 0 });
    expect(done.out).toMatch(/cannot be read \(damaged\?\); it is kept aside/);
    expect(done.out).toMatch(/no manager's PIN to check/);
    expect(done.out).toMatch(/PINs could not be carried over .*Manager now has no PIN/);
    expect(done.out).toMatch(/petstore manager remove-pin, then petstore manager set-pin/);
    const aside = /kept as (.+)\.\nTo go back to it: quit Petstore Desk, then move it over /m.exec(done.out)![1]!;
    expect(readFileSync(aside).subarray(0, 100).equals(Buffer.alloc(100, 0x41))).toBe(true);
    expect(animalsIn(current())).toEqual(['Rex']);
    expect((await run(['manager', 'remove-pin'])).code).toBe(0);
    expect((await run(['manager', 'set-pin'], { stdin: '1357\n' })).code).toBe(0);
  });

  it('restores onto a new computer, making its data folder, and logs it', async () => {
    const backup = await backupOfRex();
    const fresh = join(dataDir(), 'new-computer');
    const done = await run(['restore', backup, '--yes'], { env: { PETSTORE_DATA_DIR: fresh } });
    expect(done).toMatchObject({ code: 0 });
    expect(animalsIn(join(fresh, DATABASE_FILE_NAME))).toEqual(['Rex']);
    expect(readFileSync(appLogFile(fresh), 'utf8')).toMatch(/"command":"restore".*"msg":"restored"/);
  });

  it("asks for the manager's PIN, and logs a restore refused", async () => {
    expect((await run(['manager', 'set-pin'], { stdin: `${PIN}\n` })).code).toBe(0);
    const backup = await backupOfRex();
    const unasked = await run(['restore', backup, '--yes']);
    expect(unasked.code).toBe(2);
    expect(unasked.err).toMatch(/Restoring .* needs the manager's PIN\. .*PETSTORE_MANAGER_PIN/);
    const wrong = await run(['restore', backup, '--yes'], { env: { PETSTORE_MANAGER_PIN: '11111111' } });
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/not the manager's PIN/);
    expect(animalsIn(current())).toEqual(['Rex', 'Tom']);
    expect(readFileSync(appLogFile(dataDir()), 'utf8')).toMatch(/restore refused/);
    const done = await run(['restore', backup, '--yes'], { env: { PETSTORE_MANAGER_PIN: PIN } });
    expect(done).toMatchObject({ code: 0 });
    expect(animalsIn(current())).toEqual(['Rex']);
  });

  it('answers a "no" at the terminal with the exit of a declined confirmation', async () => {
    const backup = await backupOfRex();
    const declined = await atTerminal(['restore', backup], [() => false]);
    expect(declined).toMatchObject({ code: 2, err: 'Not restored.' });
    expect(animalsIn(current())).toEqual(['Rex', 'Tom']);
  });

  it('asks again when what would be lost grew while the person answered', async () => {
    const backup = await backupOfRex();
    const addAnn = () => {
      const db = new Database(current());
      db.prepare(
        "INSERT INTO pets (name, category_id, status) SELECT 'Ann', category_id, status FROM pets LIMIT 1",
      ).run();
      db.close();
      return true;
    };
    const asked = await atTerminal(['restore', backup], [addAnn, () => false]);
    expect(asked.out).toMatch(/changed while you answered[^]*2 animals the backup lacks/);
    expect(asked.code).toBe(2);
    expect(animalsIn(current())).toEqual(['Rex', 'Tom', 'Ann']);
    expect(existsSync(`${current()}.restoring-${process.pid}`)).toBe(false);
  });
});
