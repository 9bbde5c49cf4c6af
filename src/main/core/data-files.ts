import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_ENVIRONMENTS } from '../../shared/contract';
import { DATABASE_FILE_NAME } from '../config/data-dir';
import { checkDatabaseFile } from '../database/database';
import { MIGRATIONS, REPLICA_MIGRATIONS } from '../database/migrations';
import { replicaFileName } from '../sync/replica-file';

/** Every database file in the data folder (the app's, and each server's replica that exists), checked read only. */
export function checkDataFiles(folder: string): Array<{ file: string; problem: string | null }> {
  const files = [
    { file: join(folder, DATABASE_FILE_NAME), migrations: MIGRATIONS },
    ...REMOTE_ENVIRONMENTS.map((environment) => ({
      file: join(folder, replicaFileName(environment)),
      migrations: REPLICA_MIGRATIONS,
    })),
  ];
  return files
    .filter(({ file }) => existsSync(file))
    .map(({ file, migrations }) => ({ file, problem: checkDatabaseFile(file, migrations) }));
}
