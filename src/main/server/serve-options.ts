import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { isLoopbackHost } from '../../shared/contract';
import { DATABASE_FILE_NAME, dataDir } from '../config/data-dir';
import { SERVICE_LIMITS, type ServiceLimits } from './http-server';

export const USAGE = `usage: petstore-serve [--port 8787] [--db FILE] [--host 127.0.0.1]   (or npm run serve -- ...)
                      [--tls-cert FILE --tls-key FILE]   serve HTTPS with this certificate (PEM) and key
                      [--insecure-http]                  allow plain HTTP beyond this computer (keys in clear)
                      [--connections-per-address 32]     connections one address may hold before they present
                                                         the key (raise it behind a reverse proxy on this computer)
       petstore-serve --help | --version`;

/** The command line of petstore-serve, read and checked; a problem is thrown with what to give instead. */
export function parseServeOptions(argv: string[]) {
  const { values, tokens } = parseArgs({
    args: argv,
    tokens: true,
    options: {
      port: { type: 'string', default: '8787' },
      db: { type: 'string', default: join(dataDir(), DATABASE_FILE_NAME) },
      host: { type: 'string', default: '127.0.0.1' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      'insecure-http': { type: 'boolean', default: false },
      'connections-per-address': { type: 'string', default: String(SERVICE_LIMITS.maxStrangersPerAddress) },
      help: { type: 'boolean', default: false },
      version: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const given = new Set<string>();
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    if (given.has(token.name)) throw new Error(`${token.rawName} is given twice: give it once`);
    given.add(token.name);
  }
  // A path the person typed names a store they have, or one to begin in a folder they have: a
  // mistyped folder is refused rather than made and served empty. The default is ours to make.
  if (given.has('db') && !existsSync(dirname(values.db)))
    throw new Error(
      `--db ${values.db}: there is no folder ${dirname(values.db)}. Check the path, or create the folder first.`,
    );
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
  const perAddress = values['connections-per-address'];
  const maxStrangersPerAddress = Number(perAddress);
  if (
    !/^\d{1,6}$/.test(perAddress) ||
    maxStrangersPerAddress < 1 ||
    maxStrangersPerAddress > SERVICE_LIMITS.maxConnections
  ) {
    throw new Error(
      `--connections-per-address must be a whole number from 1 to ${SERVICE_LIMITS.maxConnections}, got ${perAddress}`,
    );
  }
  const limits: Partial<ServiceLimits> = { maxStrangersPerAddress };
  return {
    port,
    db: values.db,
    host: values.host,
    tls,
    insecure: !tls && !isLoopbackHost(values.host),
    limits,
    help: values.help,
    version: values.version,
  };
}
