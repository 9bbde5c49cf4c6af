import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './serve-process';

export interface KilledWorker {
  /** The lines it finished printing (one cut short by the kill is dropped), `#` lines included. */
  lines: string[];
  /** Whether it ended by SIGKILL (not by an exit of its own). */
  killed: boolean;
}

/**
 * Runs a worker of test/helpers from its sources (through tsx) and kills it with SIGKILL once
 * `killIn(output so far)` names a delay: it prints a line only after each thing it finished, so
 * those lines are what must survive. One that never gets there is killed after `fallbackMs`.
 */
export function runUntilKilled(
  worker: string,
  args: string[],
  killIn: (output: string) => number | undefined,
  fallbackMs = 30_000,
): Promise<KilledWorker> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test/helpers', worker), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  let timer: NodeJS.Timeout | undefined;
  const fallback = setTimeout(() => child.kill('SIGKILL'), fallbackMs);
  child.stdout.on('data', (chunk) => {
    output += chunk;
    const delay = timer === undefined ? killIn(output) : undefined;
    if (delay !== undefined) timer = setTimeout(() => child.kill('SIGKILL'), delay);
  });
  return new Promise((resolve) =>
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      clearTimeout(fallback);
      const lines = output.split('\n');
      lines.pop(); // a line cut short by the kill was not fully reported
      resolve({ lines, killed: signal === 'SIGKILL' });
    }),
  );
}
