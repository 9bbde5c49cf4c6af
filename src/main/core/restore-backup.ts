import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ENVIRONMENT_LABELS, isRemoteEnvironment, type EnvironmentName } from '../../shared/contract';
import { DATABASE_FILE_NAME } from '../config/data-dir';
import type { RestoreLost } from '../../shared/contract/backups';
import { BackupRefusedError, readBackup, type BackupContents } from '../database/backup-contents';
import { replaceWithBackup, type Replaced } from '../database/restore-file';
import { lostBy } from './lost-by-restore';
import { replicaFileName } from '../sync/replica-file';

/** The file of the data folder an environment's backup restores. */
export const environmentFile = (dataDir: string, environment: EnvironmentName) =>
  join(dataDir, isRemoteEnvironment(environment) ? replicaFileName(environment) : DATABASE_FILE_NAME);

export interface RestorePreview {
  backup: BackupContents;
  file: string;
  /** What the current file holds that the backup does not: lost by the restore (kept aside, though). */
  lost: RestoreLost;
}

export interface RestoreRequest {
  dataDir: string;
  backup: string;
  /** The environment the person means to restore: a backup of another is refused. */
  environment?: EnvironmentName;
}

/**
 * What restoring a backup would do: the backup checked whole (refused when damaged, from a newer
 * version, or of another environment than the one named), what it holds, and what the current
 * file holds that it does not.
 */
export function previewRestore({ dataDir, backup, environment }: RestoreRequest): RestorePreview {
  const contents = readBackup(backup);
  if (environment !== undefined && contents.environment !== environment)
    throw new BackupRefusedError(
      backup,
      `is a backup of ${ENVIRONMENT_LABELS[contents.environment]}, not of ${ENVIRONMENT_LABELS[environment]}.`,
    );
  const file = environmentFile(dataDir, contents.environment);
  return { backup: contents, file, lost: existsSync(file) ? lostBy(file, backup) : null };
}

/**
 * Restores a backup in place of its environment's file, which is kept aside beside it. Only while
 * no core has that file open: the app and every command are quit first.
 */
export function restoreBackup(request: RestoreRequest, now = Date.now()): RestorePreview & Replaced {
  const preview = previewRestore(request);
  return { ...preview, ...replaceWithBackup(preview.file, request.backup, now) };
}
