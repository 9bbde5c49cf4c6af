// A data file the app cannot use (damaged, another program's, written by a newer version) gets a
// sentence that names it, says what is wrong and what to do; the log gets the stack; doctor
// checks every file. The built command over real files.
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useCli } from '../../helpers/cli';

const GENERIC = 'Something failed inside the app';

describe('files the app cannot use', () => {
  const { run, dataDir } = useCli();

  /** A data folder with a sound database and a staging replica (the CLI made both), then `damage` done to one file. */
  async function folderWith(file: 'petstore.db' | 'replica-staging.db', damage: (path: string) => void) {
    expect((await run(['env', 'set-url', 'staging', 'http://127.0.0.1:9/v1'])).code).toBe(0);
    expect((await run(['pets', 'list', '--env', 'staging'])).code).not.toBe(0); // no key: the replica exists
    const path = join(dataDir(), file);
    damage(path);
    return path;
  }
  const logOf = () => readFileSync(join(dataDir(), 'logs', 'petstore.log'), 'utf8');

  const DAMAGES: Array<[string, (path: string) => void, RegExp]> = [
    [
      'garbage',
      (path) => writeFileSync(path, Buffer.from('not a database at all, '.repeat(400))),
      /not a Petstore Desk database|damaged/,
    ],
    ['zero-filled', (path) => writeFileSync(path, Buffer.alloc(64 * 1024)), /not a Petstore Desk database|damaged/],
    ['truncated', (path) => truncateSync(path, 100), /damaged|not a Petstore Desk database/],
    [
      'from a newer version',
      (path) => {
        const db = new Database(path);
        db.pragma('user_version = 999');
        db.close();
      },
      /newer version of Petstore Desk/,
    ],
  ];

  for (const file of ['petstore.db', 'replica-staging.db'] as const) {
    for (const [what, damage, said] of DAMAGES) {
      it(`${file}, ${what}: named, with what to do; the log has the stack; doctor names it`, async () => {
        const path = await folderWith(file, damage);
        const listed = await run(['pets', 'list', '--env', 'staging']);
        expect(listed.code).not.toBe(0);
        expect(listed.err).not.toContain(GENERIC);
        expect(listed.err).toContain(path);
        expect(listed.err).toMatch(said);
        expect(listed.err).toMatch(/[Mm]ove it aside|[Ii]nstall the newer/);
        expect(logOf()).toMatch(/"stack":"[^"]*Error/);
        const doctor = await run(['doctor']);
        expect(doctor.code).toBe(1);
        expect(doctor.out).toMatch(new RegExp(`PROBLEM .*${path.replaceAll('.', '\\.')}`));
        expect(doctor.out).not.toContain(GENERIC);
      });
    }
  }

  it('doctor: every file sound is said so, each by name', async () => {
    await folderWith('replica-staging.db', () => {});
    const doctor = await run(['doctor']);
    expect(doctor.out).toContain(`ok      ${join(dataDir(), 'petstore.db')} is sound`);
    expect(doctor.out).toContain(`ok      ${join(dataDir(), 'replica-staging.db')} is sound`);
  });
});
