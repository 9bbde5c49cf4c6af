import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import { ReportedError, toAppError, type FaultLog } from '../app-error';
import type { DeprecationNotice } from '../remote/remote-client';
import type { SyncEngine, SyncPassResult } from './sync-engine';
import type { FromSyncThread, SyncThreadData, ToSyncThread } from './sync-thread-protocol';

export interface SyncThreadOptions extends SyncThreadData {
  apiKey: (origin: string) => Promise<string | null>;
  onDeprecation?: (notice: DeprecationNotice) => void;
  /** Where a key that could not be read for the thread is explained, when it is a fault of ours. */
  log?: FaultLog;
  /** The thread's script, when not the one next to this file (a test runs the built one). */
  entry?: URL;
}

/**
 * The sync thread's entry: built next to this file (`sync-thread.js`, an entry of the main build);
 * from the TypeScript sources (tests, benchmarks), loaded through tsx.
 */
function spawn(workerData: SyncThreadData, entry?: URL): Worker {
  if (entry !== undefined || !import.meta.url.endsWith('.ts'))
    return new Worker(entry ?? new URL(SYNC_THREAD_ENTRY, import.meta.url), { workerData });
  const source = new URL('./sync-thread.ts', import.meta.url).href;
  const load = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(load, { eval: true, workerData });
}
const SYNC_THREAD_ENTRY = './sync-thread.js';

/**
 * The sync engine of one environment, run in a thread of its own (see sync-thread.ts), behind the
 * same interface as an engine run here: its events (contact, pass, progress, data-changed) arrive
 * here as the thread sends them.
 */
export function startSyncThread({ apiKey, onDeprecation, log, entry, ...data }: SyncThreadOptions): SyncEngine {
  const { environment } = data;
  const events = new EventEmitter();
  const waiting = new Map<
    number,
    { resolve: (result: SyncPassResult | undefined) => void; reject: (error: Error) => void }
  >();
  let nextCall = 0;
  let started = false;
  let stopped = false;
  let worker: Worker | null = null;

  function thread(): Worker {
    if (worker !== null) return worker;
    const spawned = spawn(data, entry);
    spawned.unref(); // only a call being waited for keeps the process alive
    spawned.on('message', (message: FromSyncThread) => {
      switch (message.type) {
        case 'done': {
          const call = waiting.get(message.call);
          waiting.delete(message.call);
          if (waiting.size === 0) spawned.unref();
          if (message.error === undefined) call?.resolve(message.result);
          else {
            // A fault of ours, or a file a person must act on: main's log gets the thread's stack.
            if (message.error.code === 'internal' || message.error.code === 'unusable_file')
              log?.error({ environment, stack: message.stack, error: message.error }, 'the sync thread failed');
            call?.reject(new ReportedError(message.error));
          }
          break;
        }
        case 'needKey':
          // Answered to the thread that asked (a thread that has since stopped ignores it).
          apiKey(message.origin).then(
            (key) => spawned.postMessage({ type: 'key', call: message.call, key } satisfies ToSyncThread),
            (error: unknown) =>
              spawned.postMessage({
                type: 'key',
                call: message.call,
                key: null,
                error: toAppError(error, log),
              } satisfies ToSyncThread),
          );
          break;
        case 'contact':
          events.emit('contact', message.contact);
          break;
        case 'pass':
          events.emit('pass', message.running);
          break;
        case 'sender':
          events.emit('sender', message.holder);
          break;
        case 'progress':
          events.emit('progress', message.progress);
          break;
        case 'dataChanged':
          events.emit('data-changed', environment);
          break;
        case 'deprecation':
          onDeprecation?.(message.notice);
          break;
      }
    });
    // A thread that dies (it should not) fails what waited for it; the next call starts a new one.
    spawned.on('error', (error) => {
      log?.error({ err: error, environment }, 'the sync thread stopped');
      events.emit('contact', {
        kind: 'failed',
        error: { code: 'internal', message: `Sync stopped unexpectedly: ${error.message}` },
      });
    });
    spawned.on('exit', () => {
      if (worker === spawned) worker = null;
      for (const call of waiting.values())
        call.reject(new Error(`The ${environment} sync thread stopped before answering.`));
      waiting.clear();
    });
    worker = spawned;
    if (started) spawned.postMessage({ type: 'start' } satisfies ToSyncThread);
    return spawned;
  }

  function send(message: ToSyncThread): void {
    if (!stopped) thread().postMessage(message);
  }

  function ask(target: Worker, message: (call: number) => ToSyncThread): Promise<SyncPassResult | undefined> {
    const call = nextCall++;
    target.ref();
    return new Promise((resolve, reject) => {
      waiting.set(call, { resolve, reject });
      target.postMessage(message(call));
    });
  }

  function request(message: (call: number) => ToSyncThread): Promise<SyncPassResult | undefined> {
    if (stopped) return Promise.reject(new Error(`The ${environment} replica is closed.`));
    return ask(thread(), message);
  }

  return {
    environment,
    events,
    syncNow: async ({ force = false } = {}) => (await request((call) => ({ type: 'syncNow', call, force })))!,
    noteReachable(reachable: boolean) {
      send({ type: 'noteReachable', reachable });
    },
    keyChanged() {
      send({ type: 'keyChanged' });
    },
    start() {
      started = true;
      send({ type: 'start' });
    },
    async stop() {
      if (stopped) return;
      stopped = true; // from now on nothing new is asked of the thread: it finishes its pass and closes its files
      const stopping = worker;
      if (stopping === null) return;
      await ask(stopping, (call) => ({ type: 'stop', call })).catch(() => undefined); // a thread already gone has nothing to close
      await stopping.terminate();
    },
  };
}
