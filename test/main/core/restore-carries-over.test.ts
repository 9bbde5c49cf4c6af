// A restore at the core over real files: a damaged app database is replaced (kept aside, the staff
// left without PINs, named), no id the current file gave is given again, and the preview names
// everything the current file holds that the backup lacks.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME } from '../../../src/main/config/data-dir';
import { askRestoreAtOpen, runRestoreAskedAtOpen } from '../../../src/main/core/pending-restore';
import { previewRestore, restoreBackup } from '../../../src/main/core/restore-backup';
import { KEPT_ASIDE_LIMIT } from '../../../src/main/database/restore-file';
import { lostInWords } from '../../../src/shared/contract/backups';
import { useTestCore } from './test-core';

const MANAGER = { name: 'Maria', role: 'manager', pin: '24681357' } as const;

const addPet = (core: ReturnType<ReturnType<typeof useTestCore>['open']>, name: string) =>
  Number((core.addPet('local', { name, categoryId: '1', price: 1000 }) as { pet: { id: string } }).pet.id);

describe('what a restore carries over from the file it replaces', () => {
  const { open, tempDir } = useTestCore();

  async function backupOfRex() {
    const core = open();
    await core.addStaff(MANAGER);
    const rex = addPet(core, 'Rex');
    const [made] = await core.backUpNow('local');
    return { core, rex, backup: made!.file };
  }

  for (const [damage, how] of [
    ['cut short', (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2))],
    ['with a garbage header', (bytes: Buffer) => Buffer.concat([Buffer.alloc(100, 0x41), bytes.subarray(100)])],
  ] as const)
    it(`replaces an app database ${damage}, keeping it aside and naming who has no PIN now`, async () => {
      const { core, backup } = await backupOfRex();
      for (let n = 0; n < 60; n++) addPet(core, `Pup ${n}`);
      await core.close();
      const file = join(tempDir(), DATABASE_FILE_NAME);
      const damaged = how(readFileSync(file));
      writeFileSync(file, damaged);
      expect(previewRestore({ dataDir: tempDir(), backup }).lost).toBe('unreadable');
      const done = restoreBackup({ dataDir: tempDir(), backup });
      expect(readFileSync(done.keptAside!).equals(damaged)).toBe(true);
      expect(done.notCarried).toContain('pins');
      expect(done.withoutPin).toEqual([{ name: 'Maria', role: 'manager' }]);
      const restored = new Database(file, { readonly: true });
      expect(restored.prepare('SELECT name FROM pets').pluck().all()).toEqual(['Rex']);
      restored.close();
    });

  it('never gives again an animal id or a sale id the current file gave', async () => {
    const { core, rex, backup } = await backupOfRex();
    const after = [addPet(core, 'Tom'), addPet(core, 'Ann')];
    const sold = core.sellPet('local', String(after[0]), { price: 900 }).sale.id;
    await core.close();
    const done = restoreBackup({ dataDir: tempDir(), backup });
    expect(done.notCarried).toEqual([]);
    expect(readdirSync(tempDir()).filter((name) => name.endsWith('-wal'))).toEqual([]); // no log left to replay
    const again = open();
    const next = addPet(again, 'Bo');
    expect(next).toBeGreaterThan(Math.max(...after));
    expect(Number(again.sellPet('local', String(rex), { price: 100 }).sale.id)).toBeGreaterThan(Number(sold));
  });

  it('names the animals added and changed, the sales, staff and settings the backup lacks', async () => {
    const { core, rex, backup } = await backupOfRex();
    const tom = addPet(core, 'Tom');
    core.changePet('local', String(rex), { price: 2500 });
    core.sellPet('local', String(tom), { price: 900 });
    await core.unlockManager(MANAGER.pin, { task: 'manage-staff' });
    await core.addStaff({ name: 'Ana Lima', role: 'staff', pin: '1234' });
    await core.close();
    const { lost } = previewRestore({ dataDir: tempDir(), backup });
    if (lost === null || lost === 'unreadable') throw new Error(`expected a readable current file, not ${lost}`);
    const said = Object.fromEntries((lost.details ?? []).map((detail) => [detail.kind, lostInWords(detail)]));
    expect(lost).toMatchObject({ animals: 1, unsent: 0 });
    expect(said).toMatchObject({
      animals: `1 animal the backup lacks (${tom})`,
      changed: `1 animal changed since the backup (${rex})`,
      sales: '1 sale the backup lacks (1)',
      staff: '1 person on the staff list the backup lacks (Ana Lima)',
    });
  });

  it('names up to ten and counts the rest', () => {
    const first = Array.from({ length: 10 }, (_, n) => String(n + 1));
    expect(lostInWords({ kind: 'animals', count: 12, first })).toBe(
      '12 animals the backup lacks (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, and 2 more)',
    );
  });

  it(`keeps the newest ${KEPT_ASIDE_LIMIT} files kept aside, and makes a data folder that is not there`, async () => {
    const { core, backup } = await backupOfRex();
    await core.close();
    for (let n = 0; n < KEPT_ASIDE_LIMIT + 2; n++) restoreBackup({ dataDir: tempDir(), backup }, Date.now() + n);
    const kept = readdirSync(tempDir()).filter((name) => name.includes('.before-restore-'));
    expect(kept).toHaveLength(KEPT_ASIDE_LIMIT);
    const fresh = join(tempDir(), 'new', 'computer');
    expect(restoreBackup({ dataDir: fresh, backup }).withoutPin).toEqual([{ name: 'Maria', role: 'manager' }]);
    expect(existsSync(join(fresh, DATABASE_FILE_NAME))).toBe(true);
  });

  it('tells the window who has no PIN after a restore it asked for', async () => {
    const { core, backup } = await backupOfRex();
    await core.close();
    const fresh = join(tempDir(), 'new-computer');
    mkdirSync(fresh);
    askRestoreAtOpen(fresh, { backup, environment: 'local', askedAt: 1 });
    expect(runRestoreAskedAtOpen(fresh, 2)).toMatchObject({ restored: true, withoutPin: ['Maria'] });
  });
});
