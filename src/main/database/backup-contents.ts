import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { isEnvironmentName, type EnvironmentName } from '../../shared/contract';
import type { SqliteDatabase } from './database';
import { MIGRATIONS, REPLICA_MIGRATIONS } from './migrations';
import { UnusableFileError } from './unusable-file';
import { APP_VERSION } from '../config/app-version';
import { newerFileInWords, readAppWriter } from './app-writer';

/** What a database holds, as a restore shows it: its animals, and its work not yet on the server. */
export interface DatabaseContents {
  animals: number;
  unsent: number;
}

/** What a backup is and holds. */
export interface BackupContents extends DatabaseContents {
  environment: EnvironmentName;
  madeAt: number;
  schemaVersion: number;
}

/** The schema version this app understands for an environment's file. */
export const understoodVersion = (environment: EnvironmentName) =>
  environment === 'local' ? MIGRATIONS.length : REPLICA_MIGRATIONS.length;

/** A file a restore will not take, in a sentence that names it and says why; nothing was changed. */
export class BackupRefusedError extends UnusableFileError {
  constructor(file: string, why: string) {
    super(file, `${file} ${why} Nothing was changed.`);
    this.name = 'BackupRefusedError';
  }
}

/** The write queues' tables of a database: each entry has its Idempotency-Key and its state. */
export const queueTables = (db: SqliteDatabase): string[] =>
  db
    .prepare<[], string>(
      `SELECT m.name FROM sqlite_master m WHERE m.type = 'table'
         AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) WHERE name = 'idempotency_key')
         AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) WHERE name = 'state')`,
    )
    .pluck()
    .all();

/** Counts a database's animals, and the entries of its write queues (any table of them) not yet accepted. */
export function databaseContents(db: SqliteDatabase): DatabaseContents {
  const tables = queueTables(db);
  const count = (sql: string) => db.prepare<[], number>(sql).pluck().get() ?? 0;
  const hasPets = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'pets'").get();
  return {
    animals: hasPets === undefined ? 0 : count('SELECT count(*) FROM pets'),
    unsent: tables.reduce((sum, table) => sum + count(`SELECT count(*) FROM "${table}" WHERE state <> 'accepted'`), 0),
  };
}

/**
 * Opens a backup read only and checks it whole: SQLite's integrity check (or its answer, when
 * `integrity` says it was run elsewhere: integrity-in-thread.ts), the record of what it is,
 * and a schema version this app understands. Throws BackupRefusedError, in words, otherwise.
 */
export function readBackup(file: string, integrity?: unknown): BackupContents {
  let db: SqliteDatabase | undefined;
  try {
    if (statSync(file, { throwIfNoEntry: false })?.isDirectory())
      throw new BackupRefusedError(file, 'is a folder, not a backup: name a backup file in it (petstore-....db).');
    db = new Database(file, { readonly: true, fileMustExist: true });
    const check = integrity ?? db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupRefusedError(file, 'is damaged (SQLite found faults in it).');
    const info = db
      .prepare<[], { environment: string; made_at: number; schema_version: number }>(
        'SELECT environment, made_at, schema_version FROM petstore_backup',
      )
      .get();
    const version = db.pragma('user_version', { simple: true }) as number;
    if (info === undefined || !isEnvironmentName(info.environment) || info.schema_version !== version)
      throw new BackupRefusedError(file, 'is not a Petstore Desk backup, or its record of what it is was changed.');
    if (version > understoodVersion(info.environment)) {
      const words = newerFileInWords({
        writer: readAppWriter(db),
        thisVersion: APP_VERSION,
        schema: version,
        understood: understoodVersion(info.environment),
      });
      throw new BackupRefusedError(file, `was made by ${words.who} ${words.which}. Restore it with ${words.install}.`);
    }
    return { environment: info.environment, madeAt: info.made_at, schemaVersion: version, ...databaseContents(db) };
  } catch (error) {
    if (error instanceof BackupRefusedError) throw error;
    const code = String((error as { code?: unknown }).code ?? '');
    if (code === 'SQLITE_ERROR')
      throw new BackupRefusedError(file, 'is not a Petstore Desk backup (it has no record of what it is).');
    if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT'))
      throw new BackupRefusedError(file, 'is damaged or is not a Petstore Desk backup.');
    if (code === 'SQLITE_CANTOPEN') throw new BackupRefusedError(file, 'cannot be opened (is the name right?).');
    throw error;
  } finally {
    db?.close();
  }
}
