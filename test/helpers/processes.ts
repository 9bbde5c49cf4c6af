import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts a server process and resolves once it is ready: it prints `ready` (a pattern), or answers `ready` (a URL). */
export async function startProcess(
  command: string,
  args: string[],
  ready: RegExp | string,
  env: NodeJS.ProcessEnv = {},
): Promise<ChildProcess> {
  // Ready by URL: the output is not needed, so it goes nowhere rather than into the load generator's process.
  const stdio =
    typeof ready === 'string' ? (['ignore', 'ignore', 'pipe'] as const) : (['ignore', 'pipe', 'pipe'] as const);
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: [...stdio] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} ${args.join(' ')} did not start:\n${output}`)), 60_000);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const look = (chunk: Buffer) => {
      output += chunk;
      if (typeof ready !== 'string' && ready.test(output)) done();
    };
    if (typeof ready === 'string') {
      const poll = () => void fetch(ready).then(done, () => setTimeout(poll, 100));
      poll();
    }
    child.stdout?.on('data', look);
    child.stderr!.on('data', look);
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  }).catch((error) => {
    child.kill('SIGKILL');
    throw error;
  });
  child.stdout?.resume();
  child.stderr!.resume();
  return child;
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
