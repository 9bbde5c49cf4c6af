// `petstore backup` and `petstore restore`, as a shop runs them: the built command over a real data
// folder. A restore shows what it would do, asks (or takes --yes), keeps the current file aside,
// and refuses a damaged file, one from a newer version, one of another environment, and a file in use.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME } from '../../../src/main/config/data-dir';
import { MIGRATIONS } from '../../../src/main/database/migrations';
import { animalsIn } from '../../helpers/animals-in';
import { useCli } from '../../helpers/cli';

describe('petstore backup and restore', () => {
  const { run, dataDir: tempDir } = useCli();

  /** A local store with Rex, backed up, then Tom added after: the backup's file. */
  async function backedUpThenChanged(): Promise<string> {
    expect((await run(['pets', 'add', '--name', 'Rex', '--category', '1'])).code).toBe(0);
    const made = await run(['backup', '--env', 'local', '--json']);
    expect(made).toMatchObject({ code: 0 });
    const [{ file }] = JSON.parse(made.out) as [{ file: string }];
    expect(file.startsWith(join(tempDir(), 'backups', 'petstore-local-'))).toBe(true);
    expect((await run(['pets', 'add', '--name', 'Tom', '--category', '1'])).code).toBe(0);
    return file;
  }

  it('restores only with a yes, saying what the backup holds and what would be lost, and keeps the current file aside', async () => {
    const file = await backedUpThenChanged();
    const current = join(tempDir(), DATABASE_FILE_NAME);
    const unasked = await run(['restore', file]);
    expect(unasked.code).not.toBe(0);
    expect(unasked.out).toMatch(/holds Local store, made .*: 1 animal, 0 entries not yet sent/);
    expect(unasked.out).toMatch(/1 animal the backup lacks/);
    expect(unasked.err).toMatch(/needs a yes/);
    expect(animalsIn(current)).toEqual(['Rex', 'Tom']);

    const restored = await run(['restore', file, '--yes']);
    expect(restored).toMatchObject({ code: 0 });
    const aside = /kept as (.+)\.$/m.exec(restored.out)![1]!;
    expect(animalsIn(current)).toEqual(['Rex']);
    expect(animalsIn(aside)).toEqual(['Rex', 'Tom']);
    const listed = await run(['pets', 'list', '--json']);
    expect((JSON.parse(listed.out) as Array<{ name: string }>).map(({ name }) => name)).toEqual(['Rex']);
  });

  it('refuses a damaged backup, one from a newer version and one of another environment, changing nothing', async () => {
    const file = await backedUpThenChanged();
    const current = join(tempDir(), DATABASE_FILE_NAME);
    const other = await run(['restore', file, '--env', 'staging', '--yes']);
    expect(other.code).not.toBe(0);
    expect(other.err).toMatch(/is a backup of Local store, not of Staging\. Nothing was changed\./);

    const newer = join(tempDir(), 'newer.db');
    writeFileSync(newer, readFileSync(file));
    const db = new Database(newer);
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    db.prepare('UPDATE petstore_backup SET schema_version = ?').run(MIGRATIONS.length + 1);
    db.close();
    expect((await run(['restore', newer, '--yes'])).err).toMatch(/made by a newer version of Petstore Desk/);

    const damaged = join(tempDir(), 'damaged.db');
    const bytes = readFileSync(file);
    writeFileSync(damaged, Buffer.concat([bytes.subarray(0, 4096), Buffer.alloc(bytes.length - 4096, 0x33)]));
    const refused = await run(['restore', damaged, '--yes']);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toMatch(/damaged/);
    expect(animalsIn(current)).toEqual(['Rex', 'Tom']);
  });

  it('refuses while the file is open elsewhere (the app), and says to quit it', async () => {
    const file = await backedUpThenChanged();
    const current = join(tempDir(), DATABASE_FILE_NAME);
    const app = new Database(current);
    app.pragma('journal_mode = WAL');
    app.prepare('SELECT count(*) FROM pets').get();
    try {
      const refused = await run(['restore', file, '--yes']);
      expect(refused.code).not.toBe(0);
      expect(refused.err).toMatch(/is open in Petstore Desk .* quit the app/);
    } finally {
      app.close();
    }
    expect(animalsIn(current)).toEqual(['Rex', 'Tom']);
  });
});
