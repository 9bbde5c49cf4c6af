// A restore at the core: the backup's PINs were left out, so the app database keeps the PINs of the
// file it replaces; a data folder without the file just receives the backup.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME } from '../../../src/main/config/data-dir';
import { previewRestore, restoreBackup } from '../../../src/main/core/restore-backup';
import { useTestCore } from './test-core';

const MANAGER = { name: 'Maria', role: 'manager', pin: '24681357' } as const;

describe('restoring a backup at the core', () => {
  const { open, tempDir } = useTestCore();

  it('keeps the current PINs, so the manager still signs in after a restore', async () => {
    let core = open();
    await core.addStaff(MANAGER);
    const [made] = await core.backUpNow('local');
    await core.close();
    const result = restoreBackup({ dataDir: tempDir(), backup: made!.file, environment: 'local' });
    expect(result.keptAside).not.toBeNull();
    const restored = new Database(join(tempDir(), DATABASE_FILE_NAME), { readonly: true });
    expect(restored.prepare('SELECT pin FROM staff').pluck().get()).not.toBe('');
    expect(restored.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'petstore_backup'").pluck().get()).toBe(0);
    restored.close();
    core = open();
    await expect(core.signIn({ name: MANAGER.name, pin: MANAGER.pin })).resolves.toMatchObject({
      signedIn: { name: 'Maria' },
    });
  });

  it('puts a backup into a data folder that has no such file, with nothing kept aside', async () => {
    const core = open();
    await core.addPet('local', { name: 'Rex', categoryId: '1' });
    const [made] = await core.backUpNow('local');
    const elsewhere = join(tempDir(), 'new-computer');
    mkdirSync(elsewhere);
    expect(previewRestore({ dataDir: elsewhere, backup: made!.file }).lost).toBeNull();
    expect(restoreBackup({ dataDir: elsewhere, backup: made!.file }).keptAside).toBeNull();
    expect(existsSync(join(elsewhere, DATABASE_FILE_NAME))).toBe(true);
  });
});
