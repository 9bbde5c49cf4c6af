// How the backups stand, as main says it (an answer or an event): the window shows it, never decides it.
import { create } from 'zustand';
import type { BackupStatus } from '../../shared/contract/backups';
import { call, subscribe } from './api';

export const useBackupStatus = create<{ status: BackupStatus | null }>(() => ({ status: null }));

export const showBackupStatus = (status: BackupStatus) => useBackupStatus.setState({ status });

/** Asks main once and follows what it tells after; returns the unsubscribe. */
export function followBackups(): () => void {
  const unsubscribe = subscribe('backupsChanged', showBackupStatus);
  void call('backupStatus', undefined).then(showBackupStatus, () => {});
  return unsubscribe;
}

/** The id of Settings' Backups section, where the window's warning leads. */
export const BACKUP_SETTINGS_ID = 'backup-settings';

const UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;
/** "1.2 MB". */
export function sizeInWords(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

/** When a backup was made, as a person reads it: "27 Nov 2026, 09:30". */
export const backupDate = (at: number) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
