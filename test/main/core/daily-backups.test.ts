// The core backs each database up once a day while it runs, says when the last good backup is old
// or a backup failed, and lets a manager choose the folder. Real cores over real SQLite files.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listBackups } from '../../../src/main/database/backup-files';
import { readBackup } from '../../../src/main/database/backup-contents';
import { refusal } from '../../helpers/refusal';
import { useTestCore } from './test-core';

const HOUR = 3_600_000;

describe('daily backups', () => {
  const { open, tempDir } = useTestCore();

  it('backs up when the newest backup is a day old, and only then', async () => {
    const clock = { now: Date.UTC(2026, 2, 1, 9) };
    const core = open({ now: () => clock.now });
    await core.addPet('local', { name: 'Rex', categoryId: '1' });
    const folder = join(tempDir(), 'backups');
    expect(core.backupStatus().environments).toEqual([
      { environment: 'local', last: null, failed: null, warning: null, backups: [] },
    ]);
    await core.backUpDue();
    expect(listBackups(folder)).toHaveLength(1);
    expect(readBackup(listBackups(folder)[0]!.file)).toMatchObject({ environment: 'local', animals: 1 });
    clock.now += 23 * HOUR;
    await core.backUpDue();
    expect(listBackups(folder)).toHaveLength(1);
    clock.now += 2 * HOUR;
    await core.backUpDue();
    expect(listBackups(folder).map(({ madeAt }) => madeAt)).toEqual([clock.now, clock.now - 25 * HOUR]);
    expect(core.backupStatus().environments[0]!.warning).toBeNull();
  });

  it('warns when the last good backup is older than two days, and when a backup failed', async () => {
    const clock = { now: Date.UTC(2026, 2, 1, 9) };
    const core = open({ now: () => clock.now });
    await core.backUpNow('local');
    clock.now += 49 * HOUR;
    expect(core.backupStatus().environments[0]!.warning).toMatch(/last good backup is 2 days old/);
    // The chosen folder's disk is gone: a file stands where the folder was.
    const usb = join(tempDir(), 'usb');
    core.setBackupFolder(usb);
    rmSync(usb, { recursive: true });
    writeFileSync(usb, '');
    await core.backUpDue();
    const [local] = core.backupStatus().environments;
    expect(local!.failed).toMatchObject({ at: clock.now });
    expect(local!.warning).toBe(
      `The last backup failed: The backup folder ${usb} is a file, not a folder: choose a folder.`,
    );
    rmSync(usb);
    await core.backUpDue(); // unplugged: the chosen folder is never made on the internal disk
    expect(core.backupStatus().environments[0]!.warning).toBe(
      `The last backup failed: The backup folder ${usb} is not there: is the disk plugged in?`,
    );
    expect(existsSync(usb)).toBe(false);
    mkdirSync(usb); // plugged in again
    await core.backUpDue(); // a failure is retried at the next check
    expect(core.backupStatus().environments[0]).toMatchObject({
      failed: null,
      warning: null,
      last: { madeAt: clock.now },
    });
    expect(core.backupStatus()).toMatchObject({ folder: usb, chosen: true });
  });

  it('backs up each replica that exists, and refuses a folder that is not a full path', async () => {
    const core = open();
    core.listPets('staging', {}); // opens (creates) the staging replica
    const made = await core.backUpNow();
    expect(made.map(({ environment }) => environment)).toEqual(['local', 'staging']);
    expect(readBackup(made[1]!.file)).toMatchObject({ environment: 'staging' });
    const refused = await refusal(() => core.setBackupFolder('backups'));
    expect(refused).toMatchObject({ code: 'invalid_parameter', fields: [{ field: 'folder' }] });
    expect(existsSync(join(tempDir(), 'backups'))).toBe(true);
  });

  it('asks for the manager’s PIN to move the backups', async () => {
    const core = open();
    await core.setManagerPin('24681357');
    const refused = await refusal(() => core.setBackupFolder(join(tempDir(), 'usb')));
    expect(refused).toMatchObject({ code: 'manager_pin_required', permit: { task: 'set-backup-folder' } });
    await core.unlockManager('24681357', { task: 'set-backup-folder' });
    expect(core.setBackupFolder(join(tempDir(), 'usb')).chosen).toBe(true);
  });
});
