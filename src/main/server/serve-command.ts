// `petstore-serve --port 8787 --db ./pets.db [--host 127.0.0.1]`: the HTTP service, run in this process (see serve.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { isLoopbackHost } from '../../shared/contract';
import { APP_VERSION } from '../config/app-version';
import { DATABASE_FILE_NAME, dataDir } from '../config/data-dir';
import { createKeychain, keychainService } from '../secrets/keychain';
import { openDatabase } from '../store/database';
import { createPetStore } from '../store/pet-store';
import { resolveServerApiKey } from './api-key';
import { buildServer } from './app';

const USAGE = `usage: petstore-serve [--port 8787] [--db FILE] [--host 127.0.0.1]   (or npm run serve -- ...)
                      [--tls-cert FILE --tls-key FILE]   serve HTTPS with this certificate (PEM) and key
                      [--insecure-http]                  allow plain HTTP beyond this computer (keys in clear)
       petstore-serve --help | --version`;

function parseOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '8787' },
      db: { type: 'string', default: join(dataDir(), DATABASE_FILE_NAME) },
      host: { type: 'string', default: '127.0.0.1' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      'insecure-http': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
      version: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!/^\d{1,5}$/.test(values.port) || port > 65535)
    throw new Error(`--port must be a number from 0 to 65535, got ${values.port}`);
  const [cert, key] = [values['tls-cert'], values['tls-key']];
  if ((cert === undefined) !== (key === undefined))
    throw new Error('--tls-cert and --tls-key go together: give both, or neither');
  const tls = cert !== undefined && key !== undefined ? { cert, key } : undefined;
  if (!tls && !isLoopbackHost(values.host) && !values['insecure-http']) {
    throw new Error(
      `--host ${values.host} would send bearer keys in clear over the shop's network. Serve HTTPS with ` +
        '--tls-cert FILE --tls-key FILE (the README says how to make or get a certificate), or give ' +
        '--insecure-http to allow plain HTTP there anyway',
    );
  }
  return {
    port,
    db: values.db,
    host: values.host,
    tls,
    insecure: !tls && !isLoopbackHost(values.host),
    help: values.help,
    version: values.version,
  };
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

  const tls = options.tls && { cert: readFileSync(options.tls.cert), key: readFileSync(options.tls.key) };
  const db = openDatabase(options.db);
  const app = buildServer({ db, store: createPetStore(db), apiKey, logger: log, tls });
  await app.listen({ host: options.host, port: options.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  const scheme = tls ? 'https' : 'http';
  log.info(
    {
      url: `${scheme}://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}/v1`,
      db: options.db,
      ...(options.insecure ? { insecure: true } : {}),
    },
    options.insecure ? 'listening (plain HTTP beyond this computer: keys travel in clear)' : 'listening',
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
