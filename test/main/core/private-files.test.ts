// What the app writes of a shop's data on its own (the data folder and what is in it, backups, a
// restore asked for, a support bundle) can be read by this account alone, whatever the umask: a
// backup on a shared disk holds buyers' names and contacts. Real files, modes read back.
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openAppLog } from '../../../src/main/config/app-log';
import { askRestoreAtOpen } from '../../../src/main/core/pending-restore';
import { restoreBackup } from '../../../src/main/core/restore-backup';
import { writeSupportBundle } from '../../../src/main/core/support-bundle';
import { useTestCore } from './test-core';

/** Every file and folder under `root` with a mode others or the group may use, as `path mode`. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const mode = statSync(path).mode & 0o777;
    if (mode & 0o077) found.push(`${path.slice(root.length) || '/'} ${mode.toString(8)}`);
    if (statSync(path).isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return found;
}

describe('files the app writes of a shop', () => {
  const { open, tempDir } = useTestCore();
  const umask = process.umask();

  it('are this account’s alone, under a umask that would share them', async () => {
    process.umask(0o022);
    try {
      const dataDir = join(tempDir(), 'home', 'Petstore Desk');
      const core = open({ dataDir });
      await core.addPet('local', { name: 'Rex', categoryId: '1' });
      await core.backUpNow('local');
      openAppLog(dataDir).info({ event: 'test' }, 'written');
      askRestoreAtOpen(dataDir, { backup: join(dataDir, 'none.db'), environment: 'local', askedAt: 1 });
      expect(openToOthers(dataDir)).toEqual([]);

      // A folder a manager chose (a shared disk, made by someone else): its mode is theirs; the backups are private.
      const usb = join(tempDir(), 'usb');
      mkdirSync(usb, { mode: 0o755 });
      core.setBackupFolder(usb);
      await core.backUpNow('local');
      expect(readdirSync(usb)).toHaveLength(1);
      expect(openToOthers(usb)).toEqual(['/ 755']);

      const bundle = join(tempDir(), 'bundle.zip');
      await writeSupportBundle(bundle, { dataDir, core, checks: [], now: Date.now() });
      expect(statSync(bundle).mode & 0o077).toBe(0);
    } finally {
      process.umask(umask);
    }
  });

  it('are made so when the data folder an earlier version made open to others is opened; a folder named by PETSTORE_DATA_DIR keeps its mode', async () => {
    const config = join(tempDir(), 'config');
    const dataDir = join(config, 'Petstore Desk'); // where the app keeps its data, by default
    const env = { XDG_CONFIG_HOME: config };
    open({ dataDir, env }).addPet('local', { name: 'Rex', categoryId: '1' });
    const script = join(dataDir, 'a-script.sh');
    writeFileSync(script, '');
    chmodSync(dataDir, 0o755);
    for (const name of readdirSync(dataDir)) {
      if (statSync(join(dataDir, name)).isFile()) chmodSync(join(dataDir, name), 0o644);
    }
    chmodSync(script, 0o755);
    open({ dataDir, env });
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(statSync(script).mode & 0o777).toBe(0o700); // only others' bits taken: its own stay

    // A folder the shop named itself (PETSTORE_DATA_DIR) is theirs to share: left as it is.
    const named = join(tempDir(), 'shared');
    open({ dataDir: named, env: { XDG_CONFIG_HOME: config, PETSTORE_DATA_DIR: named } });
    chmodSync(named, 0o750);
    open({ dataDir: named, env: { XDG_CONFIG_HOME: config, PETSTORE_DATA_DIR: named } });
    expect(statSync(named).mode & 0o777).toBe(0o750);
  });

  it('stay so when a backup made open to others is restored', async () => {
    const dataDir = join(tempDir(), 'data');
    const core = open({ dataDir });
    await core.addPet('local', { name: 'Rex', categoryId: '1' });
    const [backup] = await core.backUpNow('local');
    await core.close();
    chmodSync(backup!.file, 0o644); // as a backup made by an earlier version, or copied by hand
    restoreBackup({ dataDir, backup: backup!.file });
    expect(openToOthers(dataDir).filter((found) => !found.startsWith('/backups/'))).toEqual([]);
  });
});
