import type { SqliteDatabase } from './database';

/**
 * Answers kept while nothing in the database changed, keyed by what was asked: a filter's counts
 * by status are the same whichever status the list shows, so switching status counts nothing again.
 * "Nothing changed": no other connection committed (`PRAGMA data_version`, the sync thread's
 * writes) and this one wrote no row (`total_changes()`, triggers' rows included).
 */
export function createCountsCache<T>(db: SqliteDatabase, maxEntries = 32) {
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  const ownChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
  let stamp = '';
  const kept = new Map<string, T>();
  return (key: string, count: () => T): T => {
    const now = `${dataVersion.get()}.${ownChanges.get()}`;
    if (now !== stamp) {
      kept.clear();
      stamp = now;
    }
    let answer = kept.get(key);
    if (answer === undefined) {
      answer = count();
      if (kept.size >= maxEntries) kept.delete(kept.keys().next().value!);
      kept.set(key, answer);
    }
    return answer;
  };
}
