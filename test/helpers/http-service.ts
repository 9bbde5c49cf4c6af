import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { buildServer, type ServerOptions } from '../../src/main/server/app';
import { openDatabase, type SqliteDatabase } from '../../src/main/database/database';
import { createPetsTable, type PetsTable } from '../../src/main/database/pets-table';

export const TEST_API_KEY = 'test-key-4f1c9a7e2b8d-Jq81VwZ0xNmP3s';

export interface RunningService {
  baseUrl: string;
  port: number;
  db: SqliteDatabase;
  store: PetsTable;
  dbFile: string;
  close(): Promise<void>;
}

/** The real service over a real database file, listening on 127.0.0.1 on a free port. */
export async function startService(
  options: { logger?: Logger; apiKey?: string; port?: number; limits?: ServerOptions['limits'] } = {},
): Promise<RunningService> {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-http-'));
  const dbFile = join(dir, 'pets.db');
  const db = openDatabase(dbFile);
  const store = createPetsTable(db);
  const app = buildServer({
    db,
    store,
    apiKey: options.apiKey ?? TEST_API_KEY,
    logger: options.logger,
    limits: options.limits,
  });
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    db,
    store,
    dbFile,
    async close() {
      if (!db.open) return; // closing twice is fine
      await app.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
