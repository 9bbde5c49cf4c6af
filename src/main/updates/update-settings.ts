import { ApiError } from '../../shared/contract';
import { checkFeedUrl } from '../../shared/contract/updates';
import type { SqliteDatabase } from '../database/database';

/** A feed address as given, normalised (null or blank: none), or refused in words naming the field. */
export function checkedFeed(input: string | null): string | null {
  if (input === null || input.trim() === '') return null;
  const checked = checkFeedUrl(input);
  if (!checked.ok)
    throw ApiError.fromFields('invalid_parameter', [
      { field: 'feed', message: `is not a usable address: ${checked.problem}` },
    ]);
  return checked.url;
}

/**
 * The manager's update settings, in the app's settings table beside the others: whether this
 * counter is held on its version, and the address of the shop's feed. Read on each use: the CLI,
 * another process on the same file, may change them.
 */
export function createUpdateSettings(db: SqliteDatabase) {
  const read = db.prepare<[string], string>('SELECT value FROM settings WHERE name = ?').pluck();
  const write = db.prepare<[string, string]>(
    'INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare<[string]>('DELETE FROM settings WHERE name = ?');

  return {
    held: (): boolean => read.get('updates_held') === 'true',

    setHeld(held: boolean): void {
      if (held) write.run('updates_held', 'true');
      else remove.run('updates_held');
    },

    /** The feed's address, if one was set and it is still one this version takes. */
    feed(): string | null {
      const stored = read.get('update_feed');
      if (stored === undefined) return null;
      const checked = checkFeedUrl(stored);
      return checked.ok ? checked.url : null;
    },

    /** Validates, normalises and stores (null: none); returns what was stored. */
    setFeed(input: string | null): string | null {
      const url = checkedFeed(input);
      if (url === null) remove.run('update_feed');
      else write.run('update_feed', url);
      return url;
    },
  };
}

export type UpdateSettings = ReturnType<typeof createUpdateSettings>;
