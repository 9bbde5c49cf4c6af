// The built shell (out/main/index.js, as the app ships it) in a child process, with `electron`
// resolved to the stand-in beside this file: what the shell's specs drive.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IPC_PREFIX } from '../../../src/shared/ipc/prefix';

export const ROOT = join(import.meta.dirname, '../../..');
export const MAIN_BUNDLE = join(ROOT, 'out/main/index.js');
export const APP_FRAME = { url: 'app://petstore/index.html', parent: null };

export interface Call {
  api: string;
  args: unknown[];
  afterReady: boolean;
}

/** The built shell in a child process, over the stand-in; `ask` runs one operation of drive-shell.mjs. */
export async function startShell(env: Record<string, string> = {}) {
  const userData = mkdtempSync(join(tmpdir(), 'petstore-shell-'));
  const child: ChildProcess = fork(join(import.meta.dirname, 'drive-shell.mjs'), [MAIN_BUNDLE], {
    env: { ...process.env, STAND_IN_USER_DATA: userData, ELECTRON_RENDERER_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let next = 0;
  const loaded = new Promise<void>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`the shell exited (${code}) before loading:\n${output}`)));
    child.on('message', (message: { loaded?: true; id?: number; ok?: boolean; value?: unknown; error?: string }) => {
      if (message.loaded) return resolve();
      const call = waiting.get(message.id!);
      waiting.delete(message.id!);
      if (message.ok) call?.resolve(message.value);
      else call?.reject(new Error(message.error));
    });
  });
  await loaded;
  const ask = <T>(operation: string, input?: unknown): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ id, operation, input });
    });
  return {
    ask,
    userData,
    pid: child.pid!,
    calls: () => ask<Call[]>('calls'),
    invoke: (channel: string, argument: unknown, frame: unknown = APP_FRAME) =>
      ask<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }>('invoke', {
        channel: `${IPC_PREFIX}${channel}`,
        argument,
        frame,
      }),
    output: () => output,
    stop: () => child.kill(),
  };
}
export type Shell = Awaited<ReturnType<typeof startShell>>;
