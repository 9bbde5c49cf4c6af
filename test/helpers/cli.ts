import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterEach } from 'vitest';
import { createKeychain } from '../../src/main/secrets/keychain';
import { builtCommand, commandEnv, ROOT } from './built-commands';
import { useTempDir } from './temp-dir';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** The child's exit and output; one still running after `killAfterMs` is killed, and says so in `err`. */
function collect(child: ReturnType<typeof spawn>, stdin: string | undefined, killAfterMs?: number): Promise<CliRun> {
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (err += chunk));
  child.stdin!.end(stdin ?? '');
  const bound =
    killAfterMs === undefined
      ? undefined
      : setTimeout(() => {
          err += `\n[still running after ${killAfterMs} ms: killed]`;
          child.kill('SIGKILL');
        }, killAfterMs);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(bound);
      resolve({ code: code ?? -1, out: out.replace(/\n$/, ''), err: err.replace(/\n$/, '') });
    }),
  );
}

/**
 * Runs the built `petstore` command as a child process (what a shop runs, so a build that loses a
 * file or a native module fails here), over a temp data folder and a keychain service of the
 * test's own inside the private test keyring. Asynchronous: a test may be serving the HTTP
 * service the child talks to from this very process.
 */
export function useCli() {
  const tempDir = useTempDir();
  let service = `Petstore Desk test ${randomUUID()}`;
  afterEach(async () => {
    for (const account of ['production', 'staging'])
      await createKeychain(service)
        .delete(account)
        .catch(() => false);
    service = `Petstore Desk test ${randomUUID()}`;
  });
  const run = (
    argv: string[],
    options: { stdin?: string; env?: NodeJS.ProcessEnv; killAfterMs?: number } = {},
  ): Promise<CliRun> => {
    const child = spawn(process.execPath, [builtCommand('petstore'), ...argv], {
      cwd: ROOT,
      env: commandEnv({ PETSTORE_DATA_DIR: tempDir(), PETSTORE_KEYCHAIN_SERVICE: service, ...options.env }),
    });
    return collect(child, options.stdin, options.killAfterMs);
  };
  return { run, dataDir: tempDir };
}

/**
 * The real `npm run -s cli -- ...` as a child process. Asynchronous on purpose: a test may be
 * serving the HTTP service the child talks to from this very process.
 */
export function runCliProcess(
  argv: string[],
  options: { dataDir: string; stdin?: string; env?: NodeJS.ProcessEnv },
): Promise<CliRun> {
  const child = spawn('npm', ['run', '-s', 'cli', '--', ...argv], {
    cwd: ROOT,
    // The keychain service of this data folder alone: test files run side by side in one keyring.
    env: commandEnv({
      PETSTORE_DATA_DIR: options.dataDir,
      PETSTORE_KEYCHAIN_SERVICE: `Petstore Desk test ${options.dataDir}`,
      ...options.env,
    }),
  });
  return collect(child, options.stdin);
}
