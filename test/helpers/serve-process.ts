import { spawn, type ChildProcess } from 'node:child_process';
import { builtCommand, commandEnv, ROOT } from './built-commands';

export { ROOT };

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the built `petstore-serve` as a real child process and waits for it to listen. */
export async function startServeProcess(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, [builtCommand('petstore-serve'), ...args], {
    cwd: ROOT,
    env: commandEnv(env),

    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    // A child that never got ready is killed: a failed test leaves no server behind.
    const fail = (error: Error) => {
      child.kill('SIGKILL');
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`serve did not start:\n${output}`)), 20_000);
    const look = () => {
      const listening = output.split('\n').find((line) => line.includes('"msg":"listening'));
      if (listening) {
        clearTimeout(timer);
        resolve(JSON.parse(listening).url);
      }
    };
    child.stdout!.on('data', look);
    void exited.then((code) => fail(new Error(`serve exited with ${code}:\n${output}`)));
  });
  return { child, url, output: () => output, exited };
}
