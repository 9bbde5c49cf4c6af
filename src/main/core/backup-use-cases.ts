import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, isAbsolute, join } from 'node:path';
import Database from 'better-sqlite3';
import {
  ApiError,
  ENVIRONMENT_LABELS,
  ENVIRONMENTS,
  isRemoteEnvironment,
  type EnvironmentName,
} from '../../shared/contract';
import type {
  BackupListing,
  BackupReason,
  BackupStatus,
  EnvironmentBackupStatus,
  RestoreOutcome,
} from '../../shared/contract/backups';
import { toAppError } from '../app-error';
import { BACKUP_FOLDER_NAME } from '../config/data-dir';
import { listBackups, type BackupFile } from '../database/backup-files';
import { backupOnline } from '../database/backups';
import type { SqliteDatabase } from '../database/database';
import { replicaFileName } from '../sync/replica-file';
import type { CoreParts } from './core-parts';

const HOUR = 3_600_000;
/** A daily backup is due once the newest is this old. */
export const BACKUP_DUE_AFTER_MS = 24 * HOUR;
/** The window warns when the last good backup is older than this. */
export const BACKUP_STALE_AFTER_MS = 48 * HOUR;
/** How often the core looks at the newest backup's age while it runs, and how soon after it opens. */
const CHECK_EVERY_MS = HOUR;
const FIRST_CHECK_AFTER_MS = 30_000;

export interface BackupOptions {
  dataDir: string;
  /** The app database, backed up over the core's own connection (its writes do not restart the copy). */
  appDb: SqliteDatabase;
  /** Whether the core backs up by itself, daily, while it runs (the desktop app does). */
  daily: boolean;
  /** The restore this run made as it opened, if it made one (pending-restore.ts). */
  restoredAtOpen: RestoreOutcome | null;
}

/**
 * Backups of the local store (the app database) and of each replica that exists: daily while the
 * app runs, or when asked; where they are kept (a manager may choose); how they stand.
 */
export function createBackupUseCases(
  { settings, managerLock, now, log, events, openFile }: CoreParts,
  { dataDir, appDb, daily, restoredAtOpen }: BackupOptions,
) {
  const failures = new Map<EnvironmentName, { at: number; message: string }>();
  const folder = () => settings.backupFolder() ?? join(dataDir, BACKUP_FOLDER_NAME);
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  /** The environments that have a file to back up. */
  const present = () =>
    ENVIRONMENTS.filter(
      (environment) => !isRemoteEnvironment(environment) || existsSync(join(dataDir, replicaFileName(environment))),
    );

  /** Into the backup folder (made only when it is the data folder's own: a chosen disk must be there), rotated. */
  const intoBackupFolder = () => ({ folder: folder(), createFolder: settings.backupFolder() === null, rotate: true });

  async function backUp(
    environment: EnvironmentName,
    reason: BackupReason,
    into: { folder: string; createFolder: boolean; rotate: boolean },
  ): Promise<BackupFile> {
    const target = { ...into, environment, reason, now };
    try {
      if (!isRemoteEnvironment(environment)) return await backupOnline(appDb, target);
      // A connection of its own: the replica's writers (here or in the sync thread) go on meanwhile.
      const replica = new Database(join(dataDir, replicaFileName(environment)), { fileMustExist: true });
      try {
        return await backupOnline(replica, target);
      } finally {
        replica.close();
      }
    } catch (error) {
      const message = toAppError(error, log).message;
      failures.set(environment, { at: now(), message });
      throw error;
    }
  }

  /** One backup at a time: a daily one and one a person asked for do not copy the same file at once. */
  function queued<T>(run: () => Promise<T>): Promise<T> {
    const next = running.then(run, run).finally(() => events.emit('backupsChanged', backupStatus()));
    running = next.catch(() => {});
    return next;
  }

  async function backUpDue(): Promise<void> {
    for (const environment of present()) {
      const newest = listBackups(folder(), environment)[0];
      if (newest !== undefined && now() - newest.madeAt < BACKUP_DUE_AFTER_MS && !failures.has(environment)) continue;
      await backUp(environment, 'daily', intoBackupFolder()).then(
        () => failures.delete(environment),
        () => {}, // recorded in failures; the window says so
      );
    }
  }

  function schedule(after: number): void {
    timer = setTimeout(() => {
      void queued(backUpDue).finally(() => timer !== undefined && schedule(CHECK_EVERY_MS));
    }, after).unref();
  }
  if (daily) schedule(FIRST_CHECK_AFTER_MS);

  function backupStatus(): BackupStatus {
    const at = now();
    const environments = present().map((environment): EnvironmentBackupStatus => {
      const backups = listBackups(folder(), environment);
      const failed = failures.get(environment) ?? null;
      const last = backups[0] === undefined ? null : { name: basename(backups[0].file), madeAt: backups[0].madeAt };
      return { environment, last, failed, warning: backupWarning(last, failed, at), backups: backups.map(listing) };
    });
    return { folder: folder(), chosen: settings.backupFolder() !== null, environments, restoredAtOpen };
  }

  function moveBackups(chosen: string | null): BackupStatus {
    if (chosen !== null) checkBackupFolder(chosen);
    settings.setBackupFolder(chosen);
    failures.clear();
    const status = backupStatus();
    events.emit('backupsChanged', status);
    return status;
  }

  return {
    /**
     * Backs up now, by hand (every environment with a file, or the one named), into the backup
     * folder, or into `into` (made if need be, never rotated: what a person keeps there is theirs).
     */
    backUpNow(environment?: EnvironmentName, into?: string): Promise<BackupFile[]> {
      if (environment !== undefined && !present().includes(environment)) {
        const label = ENVIRONMENT_LABELS[environment];
        return Promise.reject(
          new ApiError(
            'not_found',
            `There is nothing to back up for ${label} yet: nothing of it is kept on this computer.`,
          ),
        );
      }
      const where = into === undefined ? intoBackupFolder() : { folder: into, createFolder: true, rotate: false };
      return queued(async () => {
        const made: BackupFile[] = [];
        for (const each of environment === undefined ? present() : [environment]) {
          made.push(await backUp(each, 'by-hand', where));
          if (into === undefined) failures.delete(each);
        }
        return made;
      });
    },

    /** Makes the backups that are due (the daily timer does, hourly); for tests and the CLI's doctor. */
    backUpDue: () => queued(backUpDue),

    backupStatus,

    /** Where backups go now: the manager's choice, or the data folder's own. */
    backupFolder: folder,

    /** A manager points backups at another folder (a USB disk, a network share), or back at the data folder's (null). */
    setBackupFolder(chosen: string | null): BackupStatus {
      if (chosen !== null) checkBackupFolder(chosen);
      managerLock.require('set-backup-folder');
      return moveBackups(chosen);
    },

    /** The same, the folder chosen in main's dialog (the PIN asked first); null when none was chosen. */
    async chooseBackupFolder(): Promise<BackupStatus | null> {
      managerLock.require('set-backup-folder');
      const chosen = await openFile('backup folder');
      return chosen === null ? null : moveBackups(chosen);
    },

    /** Backups back in the data folder's own. */
    useDataFolderForBackups(): BackupStatus {
      managerLock.require('set-backup-folder');
      return moveBackups(null);
    },

    /** Stops the daily timer and waits for a backup under way. */
    async closeBackups(): Promise<void> {
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

function backupWarning(
  last: { madeAt: number } | null,
  failed: { at: number; message: string } | null,
  at: number,
): string | null {
  if (failed !== null) return `The last backup failed: ${failed.message}`;
  // None yet: the first is made shortly after the app opens (a failure of it is told above).
  if (last === null) return null;
  const days = Math.floor((at - last.madeAt) / (24 * HOUR));
  return at - last.madeAt > BACKUP_STALE_AFTER_MS
    ? `The last good backup is ${days} days old. Check the backup folder (is the disk there?).`
    : null;
}

function listing({ file, environment, madeAt, schemaVersion, reason }: BackupFile): BackupListing {
  const bytes = statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  return { name: basename(file), environment, madeAt, schemaVersion, reason, bytes };
}

/** A backup folder must be a full path this account can write to; refused in words otherwise. */
function checkBackupFolder(folder: string): void {
  const refuse = (message: string) => {
    throw ApiError.fromFields('invalid_parameter', [{ field: 'folder', message }]);
  };
  if (folder.length > 1024 || !isAbsolute(folder))
    refuse('must be a full path to a folder, such as /media/usb/backups');
  try {
    mkdirSync(folder, { recursive: true });
    const probe = join(folder, `.petstore-probe-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    refuse(
      `cannot be written here (${String((error as { code?: unknown }).code ?? 'error')}): choose a folder this account may write to`,
    );
  }
}
