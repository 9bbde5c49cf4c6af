// A restore asked for in the window: a backup named by its file name in the backup folder (or a
// file chosen in main's dialog), previewed, confirmed by a manager, and run as the app opens again,
// before anything opens the file it replaces. Real cores over real SQLite files.
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CoreOptions, PetstoreCore } from '../../../src/main/core/petstore-core';
import { createIpcRouter } from '../../../src/main/ipc/router';
import { refusal } from '../../helpers/refusal';
import { useTestCore } from './test-core';

const PIN = '24681357';
const names = async (core: PetstoreCore) => (await core.listPets('local', {})).pets.map(({ name }) => name).sort();

describe('restoring from the window', () => {
  const { open: openCore, tempDir } = useTestCore();
  // As the desktop app opens its core: a restore asked for runs first.
  const open = (options: Partial<CoreOptions> = {}) => openCore({ restoresAtOpen: true, ...options });

  it('previews what a backup holds and what would be lost, then restores it as the app opens again', async () => {
    let restarts = 0;
    let core = open({ restart: () => restarts++ });
    await core.addPet('local', { name: 'Rex', categoryId: '1' });
    const status = await createIpcRouter(core).dispatch('backUpNow', {});
    expect(status).toMatchObject({ ok: true, value: { environments: [{ environment: 'local', warning: null }] } });
    const [made] = core.backupStatus().environments[0]!.backups;
    await core.addPet('local', { name: 'Max', categoryId: '1' });

    const preview = core.previewRestoreOf({ backup: made!.name });
    expect(preview).toMatchObject({ backup: made!.name, environment: 'local', animals: 1, lost: { animals: 1 } });
    expect(await core.restoreBackupAtRestart({ backup: made!.name })).toEqual({ restarting: true });
    await new Promise((resolve) => setImmediate(resolve));
    expect(restarts).toBe(1);
    expect(await names(core)).toEqual(['Max', 'Rex']); // nothing changes before the restart

    await core.close();
    core = open();
    expect(await names(core)).toEqual(['Rex']);
    const { restoredAtOpen } = core.backupStatus();
    expect(restoredAtOpen).toMatchObject({ restored: true, environment: 'local', madeAt: made!.madeAt });
    expect(existsSync((restoredAtOpen as { keptAside: string }).keptAside)).toBe(true);
    await core.close();
    expect(open().backupStatus().restoredAtOpen).toBeNull(); // once only
  });

  it('asks for the manager’s PIN for that environment before recording the restore', async () => {
    const core = open();
    await core.setManagerPin(PIN);
    const [made] = await core.backUpNow('local');
    const backup = basename(made!.file);
    const refused = await refusal(() => core.restoreBackupAtRestart({ backup }));
    expect(refused).toMatchObject({
      code: 'manager_pin_required',
      permit: { task: 'restore-backup', environment: 'local' },
    });
    expect(existsSync(join(tempDir(), 'restore-pending.json'))).toBe(false);
    await core.unlockManager(PIN, { task: 'restore-backup', environment: 'local' });
    expect(core.restoreBackupAtRestart({ backup })).toEqual({ restarting: false });
    expect(existsSync(join(tempDir(), 'restore-pending.json'))).toBe(true);
    core.withdrawRestore();
    expect(existsSync(join(tempDir(), 'restore-pending.json'))).toBe(false);
  });

  it('restores a file chosen in main’s dialog, named to the window only by its token', async () => {
    const usb = join(tempDir(), 'usb');
    mkdirSync(usb);
    let chosen: string | null = null;
    let core = open({ openFile: async () => chosen });
    await core.addPet('local', { name: 'Rex', categoryId: '1' });
    const [made] = await core.backUpNow('local', usb);
    await core.addPet('local', { name: 'Max', categoryId: '1' });
    expect(await core.chooseBackupToRestore()).toBeNull();
    expect(await refusal(() => core.previewRestoreOf({ backup: 'chosen-file' }))).toMatchObject({ code: 'not_found' });
    chosen = made!.file;
    expect(await core.chooseBackupToRestore()).toMatchObject({
      backup: 'chosen-file',
      animals: 1,
      lost: { animals: 1 },
    });
    core.restoreBackupAtRestart({ backup: 'chosen-file' });
    await core.close();
    core = open();
    expect(await names(core)).toEqual(['Rex']);
  });

  it('leaves the request to the app: a command’s core opening meanwhile neither runs nor drops it', async () => {
    let core = open();
    await core.addPet('local', { name: 'Rex', categoryId: '1' });
    const [made] = await core.backUpNow('local');
    await core.addPet('local', { name: 'Max', categoryId: '1' });
    core.restoreBackupAtRestart({ backup: basename(made!.file) });
    await core.close();
    core = openCore(); // a command's
    expect(await names(core)).toEqual(['Max', 'Rex']);
    expect(core.backupStatus().restoredAtOpen).toBeNull();
    await core.close();
    expect(await names(open())).toEqual(['Rex']);
  });

  it('refuses a name that is not a backup’s, and says at the next open why a restore did not run', async () => {
    let core = open();
    const router = createIpcRouter(core);
    for (const backup of ['../petstore.db', '/etc/passwd', 'petstore-local-20260101T000000000Z-v1.db/../x'])
      expect(await router.dispatch('previewRestoreOf', { backup })).toMatchObject({
        ok: false,
        error: { code: 'invalid_parameter' },
      });
    await core.addPet('local', { name: 'Rex', categoryId: '1' });
    const [made] = await core.backUpNow('local');
    core.restoreBackupAtRestart({ backup: basename(made!.file) });
    // The backup is damaged before the restart: checked again as the app opens, and refused.
    const copy = `${made!.file}.copy`;
    copyFileSync(made!.file, copy);
    writeFileSync(made!.file, 'not a database');
    await core.addPet('local', { name: 'Max', categoryId: '1' });
    await core.close();
    core = open();
    expect(await names(core)).toEqual(['Max', 'Rex']);
    expect(core.backupStatus().restoredAtOpen).toMatchObject({ restored: false, message: /damaged/ });
  });
});
