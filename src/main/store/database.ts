import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS, type Migration } from './migrations';

/** The file was written by a newer app; we refuse it rather than risk damaging it. */
export class DatabaseFromFutureError extends Error {
  constructor(
    readonly file: string,
    readonly fileVersion: number,
    readonly understood: number,
  ) {
    super(
      `${file} was written by a newer version of Petstore Desk (database schema ${fileVersion}; ` +
        `this version understands up to ${understood}). Install the newer Petstore Desk to open it. ` +
        `The file was not changed.`,
    );
    this.name = 'DatabaseFromFutureError';
  }
}

export class NotADatabaseError extends Error {
  constructor(readonly file: string) {
    super(`${file} is not a Petstore Desk database (not an SQLite file). Move it aside or choose another path.`);
    this.name = 'NotADatabaseError';
  }
}

export type SqliteDatabase = Database.Database;

/**
 * Opens (or creates) a database file and brings its schema up to date.
 * WAL with synchronous=FULL: a transaction that has returned is on disk, even after a power cut.
 */
export function openDatabase(file: string, migrations: readonly Migration[] = MIGRATIONS): SqliteDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, { timeout: 5000 });
  try {
    let fileVersion: number;
    try {
      // Read before anything writes: a refused file must stay byte for byte as it was.
      fileVersion = db.pragma('user_version', { simple: true }) as number;
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_NOTADB') throw new NotADatabaseError(file);
      throw error;
    }
    if (fileVersion > migrations.length) throw new DatabaseFromFutureError(file, fileVersion, migrations.length);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    for (let version = fileVersion; version < migrations.length; version++) {
      db.transaction(() => {
        migrations[version]!(db);
        db.pragma(`user_version = ${version + 1}`);
      }).immediate();
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * A transaction that writes. It takes the write lock as it begins (BEGIN IMMEDIATE), waiting for
 * another connection's writer (the sync thread, the CLI, another process) within the busy timeout.
 * A deferred one that reads before it writes would instead fail with "database is locked" when that
 * writer commits first (SQLite cannot upgrade a stale read snapshot, and no timeout helps).
 * Called inside another transaction, it is a savepoint of it.
 */
export function writeTransaction<A extends unknown[], R>(
  db: SqliteDatabase,
  run: (...args: A) => R,
): (...args: A) => R {
  return db.transaction(run).immediate;
}

/** A transaction that only reads: one consistent snapshot, taking no write lock (writers are not held up). */
export function readTransaction<A extends unknown[], R>(db: SqliteDatabase, run: (...args: A) => R): (...args: A) => R {
  return db.transaction(run).deferred;
}

/** Statements in raw (array) mode, each prepared on its first use: for SQL built from a few query shapes. */
export function rawStatements(db: SqliteDatabase): (sql: string) => Database.Statement<unknown[], unknown> {
  const prepared = new Map<string, Database.Statement<unknown[], unknown>>();
  return (sql) => {
    let found = prepared.get(sql);
    if (found === undefined) prepared.set(sql, (found = db.prepare<unknown[], unknown>(sql).raw(true)));
    return found;
  };
}
