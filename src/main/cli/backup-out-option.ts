import { UsageError } from './cli-args';

/** `backup --out DIR` as given: a folder a person typed, never an empty one (which would mean the current folder). */
export function backupOutOption(given: unknown): string | undefined {
  if (given === undefined) return undefined;
  if (typeof given !== 'string' || given.trim() === '')
    throw new UsageError('--out needs the folder to back up into: --out /media/usb/backups');
  return given;
}
