// SQLite's own refusals met in the middle of a use case (a full disk, a read-only file) reach a
// person as a sentence saying what to do, and the log as the stack; never as "something failed".
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { toAppError } from '../../../src/main/app-error';
import { openDatabase } from '../../../src/main/database/database';
import { useTempDir } from '../../helpers/temp-dir';

/** What a use case would throw: the statement's own SqliteError. */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

describe('SQLite refusals in words', () => {
  const tempDir = useTempDir();

  for (const [what, make, said] of [
    [
      'a full disk (the file may not grow: SQLITE_FULL)',
      (file: string) => {
        const db = openDatabase(file);
        db.exec('CREATE TABLE filler (blob BLOB)');
        db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
        return thrownBy(() => db.prepare('INSERT INTO filler VALUES (?)').run(Buffer.alloc(64 * 1024)));
      },
      /disk is full\. Free some space/,
    ],
    [
      'a read-only file (SQLITE_READONLY)',
      (file: string) => {
        openDatabase(file).close();
        const db = new Database(file, { readonly: true });
        return thrownBy(() => db.prepare("INSERT INTO settings (name, value) VALUES ('x', 'y')").run());
      },
      /read-only, or this account may not write there/,
    ],
  ] as const) {
    it(`${what}: unusable_file, what to do, and the stack in the log`, () => {
      const error = make(join(tempDir(), 'petstore.db'));
      const logged: Array<Record<string, unknown>> = [];
      const outcome = toAppError(error, { error: (fields) => void logged.push(fields) });
      expect(outcome.code).toBe('unusable_file');
      expect(outcome.message).toMatch(said);
      expect(outcome.message).toContain('petstore doctor');
      expect(logged).toEqual([{ err: error }]);
    });
  }
});
