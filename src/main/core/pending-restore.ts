import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ENVIRONMENTS } from '../../shared/contract';
import type { RestoreOutcome } from '../../shared/contract/backups';
import { toAppError, type FaultLog } from '../app-error';
import { restoreBackup } from './restore-backup';
import { PRIVATE_FILE_MODE } from '../config/private-files';

/**
 * A restore asked for from the window runs as the app next opens, before any connection to the
 * file it replaces exists (the window's core, the sync thread): the request waits in this file.
 */
const PENDING_FILE = 'restore-pending.json';

const pendingSchema = z.strictObject({
  backup: z.string().max(4096),
  environment: z.enum(ENVIRONMENTS),
  askedAt: z.number(),
});
export type PendingRestore = z.infer<typeof pendingSchema>;

/** Records a restore to run at the next open (written whole, then renamed into place). */
export function askRestoreAtOpen(dataDir: string, pending: PendingRestore): void {
  const file = join(dataDir, PENDING_FILE);
  writeFileSync(`${file}.${process.pid}`, JSON.stringify(pendingSchema.parse(pending)), { mode: PRIVATE_FILE_MODE });
  renameSync(`${file}.${process.pid}`, file);
}

/** Withdraws a restore asked for that has not run yet. */
export const withdrawRestoreAtOpen = (dataDir: string) => rmSync(join(dataDir, PENDING_FILE), { force: true });

/**
 * Runs the restore waiting to, if one is: the request is taken away first, so a restore that fails
 * (or a stop half way, which leaves the file as it was or restored, whole) is never tried again by
 * itself. The backup is checked again here: it may have changed since it was chosen.
 */
export function runRestoreAskedAtOpen(dataDir: string, now: number, log?: FaultLog): RestoreOutcome | null {
  const file = join(dataDir, PENDING_FILE);
  let pending: PendingRestore;
  try {
    pending = pendingSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return null;
    rmSync(file, { force: true });
    return {
      restored: false,
      backup: '',
      message: 'The restore asked for could not be read; nothing was changed.',
      at: now,
    };
  }
  rmSync(file, { force: true });
  try {
    const done = restoreBackup({ dataDir, backup: pending.backup, environment: pending.environment }, now);
    return {
      restored: true,
      environment: done.backup.environment,
      madeAt: done.backup.madeAt,
      keptAside: done.keptAside,
      at: now,
      withoutPin: done.withoutPin.map(({ name }) => name),
    };
  } catch (error) {
    return { restored: false, backup: pending.backup, message: toAppError(error, log).message, at: now };
  }
}
