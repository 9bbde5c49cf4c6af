import { z } from 'zod';
import type { EnvironmentName } from './environments';

/**
 * How many backups rotation keeps: the newest of each of so many days and weeks, the last made
 * before an upgrade, and the last made by hand (on a count of their own: the next backup never
 * takes away one a person just made).
 */
export const BACKUP_ROTATION = { daily: 7, weekly: 4, beforeUpgrade: 2, byHand: 10 } as const;

/** Why a backup was made: the daily one, one a person asked for (kept apart on a rotation of its own), or the one before a migration. */
export type BackupReason = 'daily' | 'by-hand' | 'before-upgrade';

/** Each reason in words, for the window's list of backups. */
export const BACKUP_REASON_WORDS: Record<BackupReason, string> = {
  daily: 'daily',
  'by-hand': 'made by hand',
  'before-upgrade': 'before an upgrade',
};

/** A finished backup in the backup folder, as its name says (checked whole only when restored). */
export interface BackupListing {
  /** The file's name in the backup folder: the window names a backup by it, never by a path. */
  name: string;
  environment: EnvironmentName;
  madeAt: number;
  schemaVersion: number;
  reason: BackupReason;
  bytes: number;
}

export interface EnvironmentBackupStatus {
  environment: EnvironmentName;
  last: { name: string; madeAt: number } | null;
  failed: { at: number; message: string } | null;
  /** Why a person should look, in words; null when all is well. */
  warning: string | null;
  /** The environment's backups in the folder, newest first. */
  backups: BackupListing[];
}

/** What a restore that ran as the app opened did: restored (the replaced file kept aside), or why not. */
export type RestoreOutcome =
  | {
      restored: true;
      environment: EnvironmentName;
      madeAt: number;
      keptAside: string | null;
      at: number;
      /** The people the restored file holds without a PIN (a backup holds none): a manager gives each one. */
      withoutPin?: string[];
    }
  | { restored: false; backup: string; message: string; at: number };

export interface BackupStatus {
  folder: string;
  /** Whether a manager chose the folder (else it is the data folder's own). */
  chosen: boolean;
  environments: EnvironmentBackupStatus[];
  /** The restore this run of the app made as it opened, if it made one. */
  restoredAtOpen: RestoreOutcome | null;
}

/** What restoring a backup would do, for a person to decide. */
export interface RestorePreviewView {
  /** The backup's file name in the folder, or the full path of one chosen elsewhere. */
  backup: string;
  environment: EnvironmentName;
  madeAt: number;
  schemaVersion: number;
  animals: number;
  unsent: number;
  /** What the current file holds that the backup does not (lost by the restore, though kept aside). */
  lost: RestoreLost;
}

/** What a restore loses, kind by kind: one declaration, said alike by the command line and the window. */
export const LOST_KINDS = {
  animals: ['animal the backup lacks', 'animals the backup lacks'],
  changed: ['animal changed since the backup', 'animals changed since the backup'],
  sales: ['sale the backup lacks', 'sales the backup lacks'],
  staff: ['person on the staff list the backup lacks', 'people on the staff list the backup lacks'],
  settings: ['setting changed since the backup', 'settings changed since the backup'],
  unsent: ['entry not yet sent that the backup lacks', 'entries not yet sent that the backup lacks'],
} as const;
export type LostKind = keyof typeof LOST_KINDS;

/** How many of each kind are named (animals and sales by id, people and settings by name, entries by key). */
export const LOST_LISTED = 10;

export interface LostDetail {
  kind: LostKind;
  count: number;
  /** The first LOST_LISTED of them. */
  first: string[];
}

/**
 * What the current file holds that the backup does not; 'unreadable' when it cannot be read, null
 * when there is none. `animals` and `unsent` are also in `details`, which a window older than it ignores.
 */
export type RestoreLost = { animals: number; unsent: number; details?: LostDetail[] } | 'unreadable' | null;

/** "2 animals changed since the backup (3, 7)", naming up to LOST_LISTED and counting the rest. */
export function lostInWords({ kind, count, first }: LostDetail): string {
  const [one, many] = LOST_KINDS[kind];
  const more = count - first.length;
  const named = first.length === 0 ? '' : ` (${first.join(', ')}${more > 0 ? `, and ${more} more` : ''})`;
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}${named}`;
}

/** A backup's file name: its environment, when it was made (UTC, to the millisecond), its schema, and why (none: daily). */
export const BACKUP_FILE_NAME =
  /^petstore-(local|production|staging)-(\d{8}T\d{6}\d{3}Z)-v(\d+)(?:-(before-upgrade|by-hand))?\.db$/;

/** A backup named in the window: a name in the backup folder (never a path the page makes up). */
export const backupNameSchema = z
  .string()
  .max(120)
  .regex(BACKUP_FILE_NAME, { error: 'is not the name of a backup in the backup folder' });

/** The token a backup file chosen in main's dialog goes by in the window: the page never names a path. */
export const CHOSEN_BACKUP = 'chosen-file';
