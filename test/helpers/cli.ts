import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterEach } from 'vitest';
import { runCli } from '../../src/main/cli/cli';
import { openPetstoreCore } from '../../src/main/core/petstore-core';
import { createKeychain } from '../../src/main/secrets/keychain';
import { ROOT } from './serve-process';
import { useTempDir } from './temp-dir';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/**
 * Runs CLI commands in-process over a temp data folder and a keychain service of the test's own
 * (inside the private test keyring), exactly as `npm run cli` wires them.
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
  const run = async (argv: string[], options: { stdin?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(
      argv,
      { out: (t) => out.push(t), err: (t) => err.push(t), readSecret: async () => options.stdin ?? '' },
      () => openPetstoreCore({ dataDir: tempDir(), env: options.env ?? {}, keychain: createKeychain(service) }),
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
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
    env: { ...process.env, PETSTORE_DATA_DIR: options.dataDir, ...options.env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  child.stdin.end(options.stdin ?? '');
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? -1, out, err })));
}
