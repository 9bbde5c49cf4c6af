import type { ChangeSupport } from '../../shared/contract';
import type { SqliteDatabase } from '../database/database';

/** What each address is known to do with changes of animals (our extension), in the replica's file. */
export function createChangeSupport(db: SqliteDatabase) {
  const supportOf = db.prepare<[string], number>('SELECT supported FROM change_support WHERE base_url = ?').pluck();
  const setSupport = db.prepare<[string, number]>(
    `INSERT INTO change_support (base_url, supported) VALUES (?, ?)
     ON CONFLICT (base_url) DO UPDATE SET supported = excluded.supported`,
  );
  return {
    /** The server at `baseUrl` took a change (true), or has no such operation (false). */
    note(baseUrl: string, supported: boolean): void {
      if (supportOf.get(baseUrl) !== (supported ? 1 : 0)) setSupport.run(baseUrl, supported ? 1 : 0);
    },
    support(baseUrl: string | null): ChangeSupport {
      if (baseUrl === null) return 'unknown';
      const known = supportOf.get(baseUrl);
      return known === undefined ? 'unknown' : known === 1 ? 'supported' : 'unsupported';
    },
  };
}
