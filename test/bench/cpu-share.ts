// How much CPU a thread of this process used (Linux: /proc), and a load that takes a set share of a
// core: to see what a client's own CPU costs a service on the same machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux the bench runs on

/** CPU milliseconds used so far by this process's threads named `name` (a worker is "WorkerThread"); null off Linux. */
export function threadCpuMs(name: string): number | null {
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return null;
  }
  let ticks = 0;
  for (const tid of tasks) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended
    }
    if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== name) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** A process that keeps `share` of one core busy (in 10 ms slices) until stopped. */
export function cpuLoad(share: number): { stop(): void } {
  const sliceMs = 10;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '-e',
      `setInterval(() => { const end = performance.now() + ${share * sliceMs}; while (performance.now() < end); }, ${sliceMs});`,
    ],
    { stdio: 'ignore' },
  );
  return { stop: () => void child.kill() };
}
