// A data file damaged: doctor names the newest sound backup of its environment and the command
// that restores it, and that command, run as printed, restores it. A file a newer version wrote is
// not offered a restore (installing that version is what it needs). The built command, real files.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useCli } from '../../helpers/cli';

/** The command doctor prints after "restore it with:", split as a shell would (one quoted path). */
function printedCommand(out: string): string[] | null {
  const line = out.split('\n').find((text) => text.includes('restore it with: petstore restore'));
  const match = line?.match(/petstore restore '([^']+)' (--env \S+)$/);
  return match ? ['restore', match[1]!, ...match[2]!.split(' ')] : null;
}

describe('doctor over a damaged data file', () => {
  const { run, dataDir } = useCli();

  it('names the newest sound backup and the command that restores it, which works as printed', async () => {
    expect((await run(['pets', 'add', '--name', 'Rex', '--category', '1'])).code).toBe(0);
    expect((await run(['backup', '--env', 'local'])).code).toBe(0);
    expect((await run(['pets', 'add', '--name', 'Tom', '--category', '1'])).code).toBe(0);
    expect((await run(['backup', '--env', 'local'])).code).toBe(0);
    writeFileSync(join(dataDir(), 'petstore.db'), Buffer.from('not a database at all, '.repeat(400)));

    const doctor = await run(['doctor']);
    expect(doctor.code).toBe(1);
    const command = printedCommand(doctor.out);
    expect(command, doctor.out).not.toBeNull();
    expect(command![1]).toMatch(/petstore-local-.*-by-hand\.db$/);
    expect(command!.slice(2)).toEqual(['--env', 'local']);

    const restored = await run([...command!, '--yes']);
    expect(restored.code, restored.err).toBe(0);
    const list = await run(['pets', 'list']);
    expect(list.out).toContain('Rex');
    expect(list.out).toContain('Tom'); // the newest backup, not the first
  });

  it('says where it looked when there is no backup', async () => {
    expect((await run(['pets', 'add', '--name', 'Rex', '--category', '1'])).code).toBe(0);
    writeFileSync(join(dataDir(), 'petstore.db'), Buffer.alloc(64 * 1024));
    const none = await run(['doctor']);
    expect(none.out).toContain(`local: no sound backup in ${join(dataDir(), 'backups')}`);
    expect(printedCommand(none.out)).toBeNull();
  });

  it('offers no restore for a file a newer version wrote', async () => {
    expect((await run(['pets', 'add', '--name', 'Rex', '--category', '1'])).code).toBe(0);
    expect((await run(['backup', '--env', 'local'])).code).toBe(0);
    const db = new Database(join(dataDir(), 'petstore.db'));
    db.pragma('user_version = 999');
    db.close();
    const doctor = await run(['doctor']);
    expect(doctor.code).toBe(1);
    expect(doctor.out).toMatch(/newer version of Petstore Desk/);
    expect(doctor.out).not.toContain('petstore restore');
  });
});
