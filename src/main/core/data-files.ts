import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { REMOTE_ENVIRONMENTS, type EnvironmentName } from '../../shared/contract';
import { DATABASE_FILE_NAME } from '../config/data-dir';
import { checkDatabaseFile } from '../database/database';
import { MIGRATIONS, REPLICA_MIGRATIONS, type Migration } from '../database/migrations';
import { replicaFileName } from '../sync/replica-file';

/** Every database file in the data folder that exists (the app's, and each server's replica), with the migrations this app has for it. */
export function dataFilesIn(
  folder: string,
): Array<{ file: string; environment: EnvironmentName; migrations: readonly Migration[] }> {
  return [
    { file: join(folder, DATABASE_FILE_NAME), environment: 'local' as const, migrations: MIGRATIONS },
    ...REMOTE_ENVIRONMENTS.map((environment) => ({
      file: join(folder, replicaFileName(environment)),
      environment,
      migrations: REPLICA_MIGRATIONS,
    })),
  ].filter(({ file }) => existsSync(file));
}

export interface DataFileCheck {
  file: string;
  environment: EnvironmentName;
  problem: string | null;
  /** A newer version of the app wrote it: installing that version, not a restore, is what it needs. */
  fromNewerVersion: boolean;
}

/** Every database file in the data folder, checked read only. */
export function checkDataFiles(folder: string): DataFileCheck[] {
  return dataFilesIn(folder).map(({ file, environment, migrations }) => {
    const problem = checkDatabaseFile(file, migrations);
    return { file, environment, problem, fromNewerVersion: problem !== null && isFromNewerVersion(file, migrations) };
  });
}

function isFromNewerVersion(file: string, migrations: readonly Migration[]): boolean {
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return (db.pragma('user_version', { simple: true }) as number) > migrations.length;
    } finally {
      db.close();
    }
  } catch {
    return false; // not readable as a database at all: damaged
  }
}
