import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { EnvironmentName } from '../../shared/contract';
import { BACKUP_FILE_NAME, BACKUP_ROTATION, type BackupReason } from '../../shared/contract/backups';

export type { BackupReason };

export interface BackupFile {
  file: string;
  environment: EnvironmentName;
  madeAt: number;
  schemaVersion: number;
  reason: BackupReason;
}

export { BACKUP_ROTATION };

/** A backup being written: never listed, removed by the next rotation. */
export const PARTIAL_SUFFIX = '.partial';

const stamp = (at: number) => new Date(at).toISOString().replace(/[-:.]/g, '');
const fromStamp = (text: string) =>
  Date.parse(
    `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}T${text.slice(9, 11)}:${text.slice(11, 13)}:${text.slice(13, 15)}.${text.slice(15, 18)}Z`,
  );

/** The name says the environment, the date (UTC, to the millisecond) and the schema version. */
export function backupFileName(
  environment: EnvironmentName,
  madeAt: number,
  schemaVersion: number,
  reason: BackupReason,
): string {
  return `petstore-${environment}-${stamp(madeAt)}-v${schemaVersion}${reason === 'daily' ? '' : `-${reason}`}.db`;
}

/** The finished backups in a folder (of one environment, when named), newest first. */
export function listBackups(folder: string, environment?: EnvironmentName): BackupFile[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const found: BackupFile[] = [];
  for (const name of names) {
    const match = BACKUP_FILE_NAME.exec(name);
    if (match === null || (environment !== undefined && match[1] !== environment)) continue;
    found.push({
      file: join(folder, name),
      environment: match[1] as EnvironmentName,
      madeAt: fromStamp(match[2]!),
      schemaVersion: Number(match[3]),
      reason: (match[4] as BackupReason | undefined) ?? 'daily',
    });
  }
  return found.sort((a, b) => b.madeAt - a.madeAt);
}

const DAY = 86_400_000;

/**
 * Which of an environment's backups rotation keeps: the newest of each of the last
 * BACKUP_ROTATION.daily days that have one, the newest of each of the last .weekly weeks (counted
 * in 7-day spans from the Unix epoch, a Thursday), the last .beforeUpgrade made before a migration,
 * and the last .byHand made by hand (these count for no day or week).
 */
export function backupsToKeep(backups: readonly BackupFile[]): Set<string> {
  const keep = new Set<string>();
  const newestOf = (span: number, count: number, of: readonly BackupFile[]) => {
    const seen = new Set<number>();
    for (const backup of of) {
      const period = Math.floor(backup.madeAt / span);
      if (seen.has(period)) continue;
      if (seen.size === count) break;
      seen.add(period);
      keep.add(backup.file);
    }
  };
  const newestFirst = [...backups].sort((a, b) => b.madeAt - a.madeAt);
  const byReason = (reason: BackupReason) => newestFirst.filter((backup) => backup.reason === reason);
  const onSchedule = newestFirst.filter(({ reason }) => reason !== 'by-hand');
  newestOf(DAY, BACKUP_ROTATION.daily, onSchedule);
  newestOf(7 * DAY, BACKUP_ROTATION.weekly, onSchedule);
  for (const backup of byReason('before-upgrade').slice(0, BACKUP_ROTATION.beforeUpgrade)) keep.add(backup.file);
  for (const backup of byReason('by-hand').slice(0, BACKUP_ROTATION.byHand)) keep.add(backup.file);
  return keep;
}

/** A partial file older than this was left by a process that stopped (one being written is younger). */
const PARTIAL_LEFT_AFTER_MS = 3_600_000;

/** Removes an environment's backups that rotation no longer keeps, and any partial one left by a stop. */
export function rotateBackups(folder: string, environment: EnvironmentName, now = Date.now()): string[] {
  const backups = listBackups(folder, environment);
  const keep = backupsToKeep(backups);
  const removed = backups.filter(({ file }) => !keep.has(file)).map(({ file }) => file);
  const partial = readdirSync(folder)
    .filter((name) => name.startsWith(`.petstore-${environment}-`) && name.endsWith(PARTIAL_SUFFIX))
    .map((name) => join(folder, name))
    .filter((file) => now - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? now) > PARTIAL_LEFT_AFTER_MS);
  for (const file of [...removed, ...partial]) rmSync(file, { force: true });
  return removed;
}
