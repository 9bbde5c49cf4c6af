// The headless command line over the same core as the app, run in this process (see main.ts).
import { openAppLog } from '../config/app-log';
import { dataDir } from '../config/data-dir';
import { needsCore, runCli } from './cli';
import { commandNamed } from './command-words';
import { confirmAtTerminal } from './confirm-at-terminal';
import { readSecret } from './read-secret';
import { terminalSafe } from './terminal-text';
import { createKeychain, keychainService } from '../secrets/keychain';

// The core (the database, the keychain, the HTTP client) is loaded only by a command that uses it.
const { openPetstoreCore } = needsCore(process.argv.slice(2))
  ? await import('../core/petstore-core')
  : { openPetstoreCore: undefined };

const folder = dataDir();
let log: ReturnType<typeof openAppLog> | undefined;
let warned = false;
const command = commandNamed(process.argv.slice(2));
const code = await runCli(
  process.argv.slice(2),
  {
    // Everything printed (and logged) has passed terminalSafe: servers' text cannot drive the terminal.
    out: (text) => process.stdout.write(`${terminalSafe(text)}\n`),
    err: (text) => {
      const safe = terminalSafe(text);
      log?.warn({ command }, safe);
      process.stderr.write(`${safe}\n`);
    },
    readSecret,
    confirm: (question) => confirmAtTerminal(terminalSafe(question)),
    faults: { error: (fields, message) => log?.error(fields, message) },
    dataDir: folder,
    managerPin: async () => {
      const given = process.env['PETSTORE_MANAGER_PIN'];
      if (given !== undefined) return given;
      return process.stdin.isTTY ? readSecret("Manager's PIN (not shown): ") : null;
    },
  },
  () => {
    if (openPetstoreCore === undefined) throw new Error(`${command} was not expected to need the core.`);
    log = openAppLog(folder);
    return openPetstoreCore({
      dataDir: folder,
      road: 'cli',
      keychain: createKeychain(keychainService(process.env)),
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
