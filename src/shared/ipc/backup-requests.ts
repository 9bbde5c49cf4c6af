import { z } from 'zod';
import { ENVIRONMENTS } from '../contract/environments';
import { backupNameSchema, CHOSEN_BACKUP, type BackupStatus, type RestorePreviewView } from '../contract/backups';
import { request } from './entries';

/** A backup of the folder by its name, or the one file chosen in main's dialog, by its token. */
const backup = z.union([backupNameSchema, z.literal(CHOSEN_BACKUP)]);

/** Settings > Backups: how the backups stand, where they go, and a restore (a manager's). */
export const BACKUP_REQUESTS = {
  /** Each environment's backups, the last good one, the last failure and a warning in words. */
  backupStatus: request(z.undefined()).returns<BackupStatus>(),
  /** Backs up now (every environment with a file, or the one named), each checked; then how they stand. */
  backUpNow: request(z.strictObject({ environment: z.enum(ENVIRONMENTS).optional() })).returns<BackupStatus>(),
  /** A folder chosen in main's dialog for the backups (a manager's); null when none was chosen. */
  chooseBackupFolder: request(z.undefined()).returns<BackupStatus | null>(),
  /** Backups back in the data folder's own (a manager's). */
  useDataFolderForBackups: request(z.undefined()).returns<BackupStatus>(),
  /** What restoring a backup of the folder would do: what it holds, and what would be lost. */
  previewRestoreOf: request(z.strictObject({ backup })).returns<RestorePreviewView>(),
  /** A backup file chosen in main's dialog, previewed; null when none was chosen. */
  chooseBackupToRestore: request(z.undefined()).returns<RestorePreviewView | null>(),
  /** A manager confirms: the app restarts and restores the backup as it opens. */
  restoreBackupAtRestart: request(z.strictObject({ backup })).returns<{ restarting: boolean }>(),
  /** A restore confirmed but not yet run is withdrawn. */
  withdrawRestore: request(z.undefined()).returns<void>(),
} as const;
