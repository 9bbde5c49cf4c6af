import { join } from 'node:path';
import { ApiError } from '../../shared/contract';
import { CHOSEN_BACKUP, type RestorePreviewView } from '../../shared/contract/backups';
import type { CoreParts } from './core-parts';
import { askRestoreAtOpen, withdrawRestoreAtOpen } from './pending-restore';
import { previewRestore } from './restore-backup';

export interface RestoreOptions {
  dataDir: string;
  /** The backup folder now (the manager's choice, or the data folder's). */
  folder: () => string;
  /** Quits and starts the app again (the desktop app); absent, the restore runs at the next start. */
  restart?: (() => void) | undefined;
}

/**
 * Restoring from the window: a manager picks a backup (from the backup folder, or a file chosen in
 * main's dialog), sees what it holds and what would be lost, and confirms; the app restarts, and
 * the restore runs as it opens, before any connection to the file exists (pending-restore.ts).
 */
export function createRestoreUseCases(
  { managerLock, openFile, now }: CoreParts,
  { dataDir, folder, restart }: RestoreOptions,
) {
  let chosen: string | null = null;

  function pathOf(backup: string): string {
    if (backup !== CHOSEN_BACKUP) return join(folder(), backup);
    if (chosen === null) throw new ApiError('not_found', 'Choose the backup file again: this window has none chosen.');
    return chosen;
  }

  function preview(backup: string): RestorePreviewView {
    const { backup: contents, lost } = previewRestore({ dataDir, backup: pathOf(backup) });
    return { backup, ...contents, lost };
  }

  return {
    /** What restoring a backup of the folder (by its name) would do. */
    previewRestoreOf: ({ backup }: { backup: string }) => preview(backup),

    /** A backup file chosen in main's dialog (a USB disk, another folder), previewed; null when none was chosen. */
    async chooseBackupToRestore(): Promise<RestorePreviewView | null> {
      const file = await openFile('backup');
      if (file === null) return null;
      chosen = file;
      return preview(CHOSEN_BACKUP);
    },

    /**
     * A manager confirms: the backup is checked again, the restore recorded to run as the app opens,
     * and the app restarts (where it can; else at its next start). Answers whether it restarts now.
     */
    restoreBackupAtRestart({ backup }: { backup: string }): { restarting: boolean } {
      const checked = preview(backup);
      managerLock.require('restore-backup', checked.environment);
      askRestoreAtOpen(dataDir, { backup: pathOf(backup), environment: checked.environment, askedAt: now() });
      if (restart === undefined) return { restarting: false };
      setImmediate(restart);
      return { restarting: true };
    },

    /** Withdraws a restore recorded but not yet run (a person changed their mind before the restart). */
    withdrawRestore: () => withdrawRestoreAtOpen(dataDir),
  };
}
