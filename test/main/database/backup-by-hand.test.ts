// A backup a person asked for is named as such and kept on a count of its own: the daily
// rotation, and the next backup by hand, never take away the one just made.
import { describe, expect, it } from 'vitest';
import { BACKUP_FILE_NAME, backupNameSchema } from '../../../src/shared/contract/backups';
import {
  BACKUP_ROTATION,
  backupFileName,
  backupsToKeep,
  type BackupFile,
  type BackupReason,
} from '../../../src/main/database/backup-files';

const DAY = 86_400_000;
const start = Date.UTC(2026, 2, 2, 9);

const made = (madeAt: number, reason: BackupReason): BackupFile => ({
  file: backupFileName('local', madeAt, 7, reason),
  environment: 'local',
  madeAt,
  schemaVersion: 7,
  reason,
});

describe('backups made by hand', () => {
  it('are named -by-hand, and every name made before stays valid', () => {
    expect(backupFileName('staging', start, 7, 'by-hand')).toBe('petstore-staging-20260302T090000000Z-v7-by-hand.db');
    for (const name of [
      'petstore-local-20260302T090000000Z-v7.db',
      'petstore-production-20260302T090000000Z-v7-before-upgrade.db',
      'petstore-staging-20260302T090000000Z-v7-by-hand.db',
    ])
      expect(backupNameSchema.safeParse(name).success).toBe(true);
    expect(BACKUP_FILE_NAME.test('petstore-local-20260302T090000000Z-v7-by-foot.db')).toBe(false);
  });

  it('two the same day are both kept, beside the daily one', () => {
    const backups = [made(start, 'daily'), made(start + 60_000, 'by-hand'), made(start + 120_000, 'by-hand')];
    expect([...backupsToKeep(backups)].sort()).toEqual(backups.map(({ file }) => file).sort());
  });

  it(`keep the last ${BACKUP_ROTATION.byHand}, and count for no day: the daily ones stay`, () => {
    const daily = Array.from({ length: 7 }, (_, day) => made(start + day * DAY, 'daily'));
    const byHand = Array.from({ length: BACKUP_ROTATION.byHand + 3 }, (_, each) =>
      made(start + 6 * DAY + (each + 1) * 60_000, 'by-hand'),
    );
    const kept = backupsToKeep([...daily, ...byHand]);
    for (const { file } of daily) expect(kept.has(file)).toBe(true);
    const newestByHand = byHand.slice(-BACKUP_ROTATION.byHand).map(({ file }) => file);
    expect(byHand.filter(({ file }) => kept.has(file)).map(({ file }) => file)).toEqual(newestByHand);
  });
});
