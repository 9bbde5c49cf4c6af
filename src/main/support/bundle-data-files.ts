import { basename } from 'node:path';
import Database from 'better-sqlite3';
import { dataFilesIn } from '../core/data-files';

/** Each data file's schema version beside the version this app understands, read only. */
export function schemaVersions(dataDir: string) {
  return dataFilesIn(dataDir).map(({ file, migrations }) => {
    const understood = { file: basename(file), appUnderstands: migrations.length };
    try {
      const db = new Database(file, { readonly: true, fileMustExist: true });
      try {
        return { ...understood, schemaVersion: db.pragma('user_version', { simple: true }) as number };
      } finally {
        db.close();
      }
    } catch (error) {
      return { ...understood, schemaVersion: null, unreadable: errorCode(error) };
    }
  });
}

/** Only an error's code (SQLITE_CORRUPT, EACCES): its message may quote the file's contents. */
export const errorCode = (error: unknown): string => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,40}$/.test(code) ? code : 'unknown error';
};
