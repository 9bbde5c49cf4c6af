import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ENVIRONMENT_LABELS, isRemoteEnvironment, type EnvironmentName } from '../../shared/contract';
import { DATABASE_FILE_NAME } from '../config/data-dir';
import {
  BackupRefusedError,
  databaseContents,
  queueTables,
  readBackup,
  type BackupContents,
} from '../database/backup-contents';
import type { SqliteDatabase } from '../database/database';
import { replaceWithBackup } from '../database/restore-file';
import { replicaFileName } from '../sync/replica-file';

/** The file of the data folder an environment's backup restores. */
export const environmentFile = (dataDir: string, environment: EnvironmentName) =>
  join(dataDir, isRemoteEnvironment(environment) ? replicaFileName(environment) : DATABASE_FILE_NAME);

export interface RestorePreview {
  backup: BackupContents;
  file: string;
  /** What the current file holds that the backup does not: lost by the restore (kept aside, though). */
  lost: { animals: number; unsent: number } | 'unreadable' | null;
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
export function restoreBackup(
  request: RestoreRequest,
  now = Date.now(),
): RestorePreview & { keptAside: string | null } {
  const preview = previewRestore(request);
  return { ...preview, ...replaceWithBackup(preview.file, request.backup, now) };
}

/** The animals (by id) and unsent entries (by Idempotency-Key) of the current file that the backup lacks. */
function lostBy(current: string, backup: string): RestorePreview['lost'] {
  let now: SqliteDatabase | undefined;
  let then: SqliteDatabase | undefined;
  try {
    now = new Database(current, { readonly: true, fileMustExist: true });
    then = new Database(backup, { readonly: true, fileMustExist: true });
    const ids = (db: SqliteDatabase) => new Set(db.prepare<[], number>('SELECT id FROM pets').pluck().all());
    const keys = (db: SqliteDatabase, unsentOnly: boolean) =>
      new Set(
        queueTables(db).flatMap((table) =>
          db
            .prepare<[], string>(
              `SELECT idempotency_key FROM "${table}"${unsentOnly ? " WHERE state <> 'accepted'" : ''}`,
            )
            .pluck()
            .all(),
        ),
      );
    const kept = { ids: ids(then), keys: keys(then, false) };
    const notIn = <T>(set: Set<T>, known: Set<T>) => [...set].filter((each) => !known.has(each)).length;
    databaseContents(now); // reads every table a restore is about: a damaged file fails here
    return { animals: notIn(ids(now), kept.ids), unsent: notIn(keys(now, true), kept.keys) };
  } catch {
    return 'unreadable';
  } finally {
    now?.close();
    then?.close();
  }
}
