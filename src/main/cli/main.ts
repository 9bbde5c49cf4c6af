// `npm run cli -- <command>`: the headless command line over the same core as the app.
import { dataDir } from '../config/data-dir';
import { openPetstoreCore } from '../petstore-core';
import { runCli } from './cli';
import { readSecret } from './read-secret';

let warned = false;
const code = await runCli(
  process.argv.slice(2),
  {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    readSecret,
  },
  () =>
    openPetstoreCore({
      dataDir: dataDir(),
      onDeprecation: (environment, notice) => {
        if (warned) return;
        warned = true;
        process.stderr.write(`Note: ${environment} marks getPet deprecated (Sunset: ${notice.sunset ?? 'not given'}).\n`);
      },
    }),
);
process.exitCode = code;
