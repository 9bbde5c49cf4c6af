import { animalSearchText } from './search-text';
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { keepHistoryTriggers } from './history-table';
import { keepSaleTriggers } from './orders-table';
import { MIGRATIONS, type Migration } from './migrations';
import { registerWriteContext } from './write-context';
import { UnusableFileError, unusableFile } from './unusable-file';
import type { EnvironmentName } from '../../shared/contract';
import { backupNow } from './backups';
import { APP_VERSION } from '../config/app-version';
import { newerFileInWords, readAppWriter, recordAppWriter } from './app-writer';
import { createPrivateFile, makePrivateFolder } from '../config/private-files';

/** How long a write waits for another connection's (the sync thread's, another process's) to end. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * The file was written by a newer app; we refuse it rather than risk damaging it, naming the
 * version that wrote it (app-writer.ts) so that a person knows what to install.
 */
export class DatabaseFromFutureError extends UnusableFileError {
  constructor(
    file: string,
    readonly fileVersion: number,
    readonly understood: number,
    readonly writtenBy: string | null = null,
  ) {
    const words = newerFileInWords({ writer: writtenBy, thisVersion: APP_VERSION, schema: fileVersion, understood });
    super(
      file,
      `${file} was written by ${words.who} ${words.which}. Install ${words.install} to open it ` +
        `(from the shop's update feed, or ask whoever looks after this counter). The file was not changed.`,
    );
    this.name = 'DatabaseFromFutureError';
  }
}

export class NotADatabaseError extends UnusableFileError {
  constructor(file: string) {
    super(
      file,
      `${file} is not a Petstore Desk database (damaged, or another program's file). Move it aside (the app then starts a new, empty one) or put back a copy you trust.`,
    );
    this.name = 'NotADatabaseError';
  }
}

export type SqliteDatabase = Database.Database;

export interface OpenOptions {
  /** Where a file that has data is backed up before a migration runs over it, and as which environment. */
  backups?: { folder: string; environment: EnvironmentName };
}

/**
 * Opens (or creates) a database file and brings its schema up to date.
 * WAL with synchronous=FULL: a transaction that has returned is on disk, even after a power cut.
 */
export function openDatabase(
  file: string,
  migrations: readonly Migration[] = MIGRATIONS,
  options: OpenOptions = {},
): SqliteDatabase {
  try {
    return open(file, migrations, options);
  } catch (error) {
    throw unusableFile(error, file) ?? error;
  }
}

function open(file: string, migrations: readonly Migration[], { backups }: OpenOptions): SqliteDatabase {
  if (file !== ':memory:') {
    makePrivateFolder(dirname(file));
    createPrivateFile(file);
  }
  const db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  try {
    let fileVersion: number;
    try {
      // Read before anything writes: a refused file must stay byte for byte as it was.
      fileVersion = db.pragma('user_version', { simple: true }) as number;
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_NOTADB') throw new NotADatabaseError(file);
      throw error;
    }
    if (fileVersion > migrations.length)
      throw new DatabaseFromFutureError(file, fileVersion, migrations.length, readAppWriter(db));
    if (file !== ':memory:') refuseTruncated(db, file);
    useWriteAheadLog(db);
    db.pragma('synchronous = FULL');
    // Each statement of a transaction keeps the pages it changes, to undo it alone if it fails: in
    // memory, not in a temporary file written page by page (a walk's upserts spent a fifth of
    // their time writing that file). Sorts without an index stay in memory too.
    db.pragma('temp_store = MEMORY');
    // A statement that keeps a row's species and breed but takes a new name refolds its search text.
    db.function('animal_search_text', { deterministic: true }, (name, species, breed) =>
      animalSearchText({ name: name as string, species: species as string | null, breed: breed as string | null }),
    );
    registerWriteContext(db);
    if (backups !== undefined && fileVersion > 0 && fileVersion < migrations.length)
      backupNow(db, { ...backups, reason: 'before-upgrade' });
    // Each step reads the version again under the write lock: another process opening the same
    // file at the same moment may have taken the step already.
    const nextStep = db.transaction((): boolean => {
      const version = db.pragma('user_version', { simple: true }) as number;
      if (version >= migrations.length) return false;
      migrations[version]!(db);
      db.pragma(`user_version = ${version + 1}`);
      return true;
    }).immediate;
    while (nextStep());
    recordAppWriter(db, APP_VERSION);
    keepHistoryTriggers(db);
    keepSaleTriggers(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Whether a database file is sound, read only (for doctor): null, or what is wrong with it and
 * what to do, in the words a command that met it would use.
 */
export function checkDatabaseFile(file: string, migrations: readonly Migration[]): string | null {
  let db: SqliteDatabase | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const fileVersion = db.pragma('user_version', { simple: true }) as number;
    if (fileVersion > migrations.length)
      throw new DatabaseFromFutureError(file, fileVersion, migrations.length, readAppWriter(db));
    refuseTruncated(db, file);
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw Object.assign(new Error(String(check)), { code: 'SQLITE_CORRUPT' });
    return null;
  } catch (error) {
    const problem = unusableFile(error, file);
    if (problem === undefined) throw error;
    return problem.message;
  } finally {
    db?.close();
  }
}

/**
 * The file in write-ahead-log mode, kept by the file once set. Setting it takes the file alone, and
 * SQLite answers "busy" at once, without waiting, while another process opens the same new file:
 * that process sets it too, so the mode is read again until the file has it or the busy timeout ends.
 */
function useWriteAheadLog(db: SqliteDatabase): void {
  const until = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      if (
        db.pragma('journal_mode', { simple: true }) === 'wal' ||
        db.pragma('journal_mode = WAL', { simple: true }) === 'wal'
      )
        return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > until) throw error;
    }
    if (Date.now() > until) throw new Error('The database file could not be put in write-ahead-log mode.');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
  }
}

/**
 * A file cut short (a copy that stopped, a disk that lost its end) is refused when it is opened,
 * before a use case half-runs over it: SQLite would only find the missing pages when it reads them.
 * With a write-ahead log present the file may lag it legitimately, so only a closed file is measured.
 */
function refuseTruncated(db: SqliteDatabase, file: string): void {
  // The size the header gives first: pages it counts from the log were in the log when it was read,
  // and leave it only once copied into the file (another process may be writing it now).
  const expected =
    (db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number);
  if ((statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0) > 0) return;
  const size = statSync(file).size;
  if (size < expected)
    throw Object.assign(new Error(`${file} is shorter than its header says`), { code: 'SQLITE_CORRUPT' });
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

/** `run` in one write transaction of `db`: what it reads stays so, for every process, until what it writes commits. */
export function inOneWrite<R>(db: SqliteDatabase, run: () => R): R {
  return writeTransaction(db, run)();
}

/** A transaction that only reads: one consistent snapshot, taking no write lock (writers are not held up). */
export function readTransaction<A extends unknown[], R>(db: SqliteDatabase, run: (...args: A) => R): (...args: A) => R {
  return db.transaction(run).deferred;
}

/**
 * Statements each prepared on its first use, for SQL built from a few query shapes: rows as objects
 * named by their columns, or (raw) as arrays.
 */
export function preparedStatements(
  db: SqliteDatabase,
  { raw = false } = {},
): (sql: string) => Database.Statement<unknown[], unknown> {
  const prepared = new Map<string, Database.Statement<unknown[], unknown>>();
  return (sql) => {
    let found = prepared.get(sql);
    if (found === undefined) prepared.set(sql, (found = db.prepare<unknown[], unknown>(sql).raw(raw)));
    return found;
  };
}

/** preparedStatements in raw (array) mode. */
export const rawStatements = (db: SqliteDatabase) => preparedStatements(db, { raw: true });
