// `petstore-serve --port 8787 --db ./pets.db [--host 127.0.0.1]`: the HTTP service, run in this process (see serve.ts).
import { existsSync, readFileSync } from 'node:fs';
import pino from 'pino';
import { APP_VERSION } from '../config/app-version';
import { createKeychain, keychainService } from '../secrets/keychain';
import { openDatabase } from '../database/database';
import { createPetsTable } from '../database/pets-table';
import { resolveServerApiKey } from './api-key';
import { buildServer } from './app';
import { parseServeOptions, USAGE } from './serve-options';

async function main(): Promise<void> {
  let options;
  try {
    options = parseServeOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  if (options.version) {
    console.log(`petstore-serve ${APP_VERSION}`);
    return;
  }

  // Buffered: one write per few KiB of log lines rather than a syscall per request; flushed on stop.
  const log = pino({ base: undefined }, pino.destination({ dest: 1, minLength: 4096, sync: false }));
  const apiKey = await resolveServerApiKey(process.env, createKeychain(keychainService(process.env)), log);

  const tls = options.tls && { cert: readFileSync(options.tls.cert), key: readFileSync(options.tls.key) };
  const created = !existsSync(options.db);
  const db = openDatabase(options.db);
  const app = buildServer({ db, store: createPetsTable(db), apiKey, logger: log, tls, limits: options.limits });
  await app.listen({ host: options.host, port: options.port }).catch((error: NodeJS.ErrnoException) => {
    const where = `Port ${options.port} on ${options.host}`;
    if (error.code === 'EADDRINUSE')
      throw new Error(`${where} is in use (another petstore-serve?): stop that one, or give another --port.`);
    if (error.code === 'EACCES') throw new Error(`${where} may not be listened on here: give a --port above 1023.`);
    if (error.code === 'EADDRNOTAVAIL')
      throw new Error(`${options.host} is not an address of this computer: check --host.`);
    throw error;
  });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  const scheme = tls ? 'https' : 'http';
  log.info(
    {
      url: `${scheme}://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}/v1`,
      db: options.db,
      ...(created ? { created: true } : {}),
      ...(options.insecure ? { insecure: true } : {}),
    },
    `listening${created ? ' on a new, empty store' : ''}${options.insecure ? ' (plain HTTP beyond this computer: keys travel in clear)' : ''}`,
  );
  log.flush();
  setInterval(() => log.flush(), 200).unref(); // lines reach the log within 200 ms, however quiet it is

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping: finishing requests in flight');
    await app.close(); // stops accepting, lets requests in flight finish
    db.close();
    log.info('stopped');
    log.flush(() => process.exit(0));
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
