// The service as `npm run serve` runs it (from the sources, through tsx), on a free port over `db`.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort, startProcess, stopProcess } from '../helpers/processes';

const ROOT = join(import.meta.dirname, '../..');

export async function serveFromSource(
  db: string,
  key: string,
  /** A port of its own (a server started again where it was), else a free one. */
  port?: number,
): Promise<{ baseUrl: string; origin: string; port: number; stop(): Promise<void> }> {
  port ??= await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = await startProcess(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'src/main/server/serve.ts'), '--port', String(port), '--db', db],
    `${origin}/v1/pets`,
    { PETSTORE_API_KEY: key },
  );
  return { baseUrl: `${origin}/v1`, origin, port, stop: () => stopProcess(child) };
}
