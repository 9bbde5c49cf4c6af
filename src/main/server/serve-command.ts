// `petstore-serve --port 8787 --db ./pets.db [--host 127.0.0.1]`: the HTTP service, run in this process (see serve.ts).
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { APP_VERSION } from '../config/app-version';
import { DATABASE_FILE_NAME, dataDir } from '../config/data-dir';
import { createKeychain, keychainService } from '../secrets/keychain';
import { openDatabase } from '../store/database';
import { createPetStore } from '../store/pet-store';
import { resolveServerApiKey } from './api-key';
import { buildServer } from './app';

const USAGE = `usage: petstore-serve [--port 8787] [--db FILE] [--host 127.0.0.1]   (or npm run serve -- ...)
       petstore-serve --help | --version`;

function parseOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '8787' },
      db: { type: 'string', default: join(dataDir(), DATABASE_FILE_NAME) },
      host: { type: 'string', default: '127.0.0.1' },
      help: { type: 'boolean', default: false },
      version: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!/^\d{1,5}$/.test(values.port) || port > 65535)
    throw new Error(`--port must be a number from 0 to 65535, got ${values.port}`);
  return { port, db: values.db, host: values.host, help: values.help, version: values.version };
}

async function main(): Promise<void> {
  let options;
  try {
    options = parseOptions(process.argv.slice(2));
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

  const db = openDatabase(options.db);
  const app = buildServer({ db, store: createPetStore(db), apiKey, logger: log });
  await app.listen({ host: options.host, port: options.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  log.info(
    { url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}/v1`, db: options.db },
    'listening',
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
