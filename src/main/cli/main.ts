// `npm run cli -- <command>`: the headless command line over the same core as the app.
import { openAppLog } from '../config/app-log';
import { dataDir } from '../config/data-dir';
import { openPetstoreCore } from '../core/petstore-core';
import { runCli } from './cli';
import { readSecret } from './read-secret';

const folder = dataDir();
let log: ReturnType<typeof openAppLog> | undefined;
let warned = false;
const command = process.argv.slice(2, 4).join(' ');
const code = await runCli(
  process.argv.slice(2),
  {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => {
      log?.warn({ command }, text);
      process.stderr.write(`${text}\n`);
    },
    readSecret,
  },
  () => {
    log = openAppLog(folder);
    return openPetstoreCore({
      dataDir: folder,
      log,
      onDeprecation: (environment, notice) => {
        if (warned) return;
        warned = true;
        log?.warn({ environment, ...notice }, 'getPet is deprecated by the server');
        process.stderr.write(
          `Note: ${environment} marks getPet deprecated (Sunset: ${notice.sunset ?? 'not given'}).\n`,
        );
      },
    });
  },
);
log?.info({ command, exitCode: code }, 'cli command');
process.exitCode = code;
