import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { REMOTE_ENVIRONMENTS } from '../../shared/contract';
import { replicaFileName } from '../sync/replica-file';
import { errorCode } from './bundle-data-files';

type CountsByState = Record<string, number>;

/**
 * What waits to be sent to each server, by kind (its table) and state; accepted entries left out.
 * Every kind of the write queue has the shared columns `state` and `idempotency_key`
 * (write-queue.ts), so a new kind is counted with no line here. Read only, over a connection of
 * its own, beside the sync thread's.
 */
export function queuedWork(dataDir: string): Record<string, Record<string, CountsByState> | string> {
  return Object.fromEntries(
    REMOTE_ENVIRONMENTS.map((environment) => {
      const file = join(dataDir, replicaFileName(environment));
      if (!existsSync(file)) return [environment, 'no replica on this computer (never used)'];
      try {
        return [environment, countEachQueue(file)];
      } catch (error) {
        return [environment, `unreadable (${errorCode(error)})`];
      }
    }),
  );
}

function countEachQueue(file: string): Record<string, CountsByState> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const queues = db
      .prepare<[], string>(
        `SELECT m.name FROM sqlite_schema AS m
         WHERE m.type = 'table'
           AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) WHERE name = 'state')
           AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) WHERE name = 'idempotency_key')
         ORDER BY m.name`,
      )
      .pluck()
      .all();
    return Object.fromEntries(
      queues.map((table) => {
        const rows = db
          .prepare<[], { state: string; n: number }>(
            `SELECT state, count(*) AS n FROM "${table}" WHERE state <> 'accepted' GROUP BY state ORDER BY state`,
          )
          .all();
        return [table, Object.fromEntries(rows.map(({ state, n }) => [state, n]))];
      }),
    );
  } finally {
    db.close();
  }
}
