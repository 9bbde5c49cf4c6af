import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_ENVIRONMENTS } from '../../shared/contract';
import { DATABASE_FILE_NAME } from '../config/data-dir';
import { checkDatabaseFile } from '../database/database';
import { MIGRATIONS, REPLICA_MIGRATIONS, type Migration } from '../database/migrations';
import { replicaFileName } from '../sync/replica-file';

/** Every database file in the data folder that exists (the app's, and each server's replica), with the migrations this app has for it. */
export function dataFilesIn(folder: string): Array<{ file: string; migrations: readonly Migration[] }> {
  return [
    { file: join(folder, DATABASE_FILE_NAME), migrations: MIGRATIONS },
    ...REMOTE_ENVIRONMENTS.map((environment) => ({
      file: join(folder, replicaFileName(environment)),
      migrations: REPLICA_MIGRATIONS,
    })),
  ].filter(({ file }) => existsSync(file));
}

/** Every database file in the data folder, checked read only. */
export function checkDataFiles(folder: string): Array<{ file: string; problem: string | null }> {
  return dataFilesIn(folder).map(({ file, migrations }) => ({ file, problem: checkDatabaseFile(file, migrations) }));
}
