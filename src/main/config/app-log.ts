import { dirname, join } from 'node:path';
import pino, { type Logger } from 'pino';
import { makePrivateFolder, PRIVATE_FILE_MODE } from './private-files';

export function appLogFile(dataDir: string): string {
  return join(dataDir, 'logs', 'petstore.log');
}

/**
 * The app's log file, `<data folder>/logs/petstore.log` (JSON lines). What goes in it is chosen
 * by the callers, which never pass a key nor a buyer's details; the `redact` paths are a second line of defence.
 */
export function openAppLog(dataDir: string): Logger {
  const logFile = appLogFile(dataDir);
  makePrivateFolder(dirname(logFile));
  return pino(
    {
      base: undefined,
      redact: {
        paths: [
          ...['key', 'apiKey', 'authorization', '*.authorization', 'headers.authorization'],
          // A buyer's name and contact are personal data (docs/security.md), wherever an object holds them.
          ...['buyerName', 'buyerContact'].flatMap((name) => [name, `*.${name}`, `*.*.${name}`]),
        ],
        censor: '[redacted]',
      },
    },
    pino.destination({ dest: logFile, sync: true, mode: PRIVATE_FILE_MODE }),
  );
}
