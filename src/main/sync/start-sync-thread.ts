import { EventEmitter } from 'node:events';
import { MessageChannel, Worker } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import { ReportedError, toAppError, type FaultLog } from '../app-error';
import type { DeprecationNotice } from '../remote/remote-client';
import type { SyncEngine } from './sync-engine';
import {
  carryAppErrors,
  type SyncThreadData,
  type SyncThreadEngine,
  type SyncThreadMain,
  type SyncThreadWorkerData,
} from './sync-thread-protocol';

export interface SyncThreadOptions extends SyncThreadData {
  apiKey: (origin: string) => Promise<string | null>;
  onDeprecation?: (notice: DeprecationNotice) => void;
  /** Where a key that could not be read for the thread is explained, when it is a fault of ours. */
  log?: FaultLog;
  /** The thread's script, when not the one beside this module (a test runs another build). */
  entry?: URL;
}

/**
 * The sync thread's script: built JavaScript beside this module, where the main build
 * (electron.vite.config.ts) and the commands' build (scripts/build-commands.mjs) both put it.
 * A constant, so that a bundler does not take the URL for an asset of its own.
 */
const SYNC_THREAD_ENTRY = './sync-thread.js';

carryAppErrors();

/** A thread as started: its engine's proxy, how many calls wait on it, and a promise that fails when it ends. */
interface StartedThread {
  worker: Worker;
  engine: Comlink.Remote<SyncThreadEngine>;
  awaited: number;
  ended: Promise<never>;
}

/**
 * The sync engine of one environment, run in a thread of its own (see sync-thread.ts), behind the
 * same interface as an engine run here: its events (contact, pass, sender, progress, data-changed)
 * arrive here as the thread tells them, each before the answer to the call that caused it.
 */
export function startSyncThread({ apiKey, onDeprecation, log, entry, ...data }: SyncThreadOptions): SyncEngine {
  const { environment } = data;
  const events = new EventEmitter();
  let started = false;
  let stopped = false;
  let current: StartedThread | null = null;

  // After comlink's call returns: a listener's fault is then this thread's own, not an answer to the sync thread.
  const later = (deliver: () => void) => void process.nextTick(deliver);
  const served: SyncThreadMain = {
    async apiKey(origin) {
      try {
        return await apiKey(origin);
      } catch (error) {
        throw new ReportedError(toAppError(error, log));
      }
    },
    deprecation: (notice) => later(() => onDeprecation?.(notice)),
    contact: (contact) => later(() => events.emit('contact', contact)),
    pass: (running) => later(() => events.emit('pass', running)),
    sender: (holder) => later(() => events.emit('sender', holder)),
    progress: (progress) => later(() => events.emit('progress', progress)),
    dataChanged: () => later(() => events.emit('data-changed', environment)),
  };

  function thread(): StartedThread {
    if (current !== null) return current;
    const { port1: toThread, port2: toMain } = new MessageChannel();
    Comlink.expose(served, nodeEndpoint(toThread));
    const workerData: SyncThreadWorkerData = { ...data, main: toMain };
    const worker = new Worker(entry ?? new URL(SYNC_THREAD_ENTRY, import.meta.url), {
      workerData,
      transferList: [toMain],
    });
    let ended!: (error: Error) => void;
    const spawned: StartedThread = {
      worker,
      engine: Comlink.wrap<SyncThreadEngine>(nodeEndpoint(worker)),
      awaited: 0,
      ended: new Promise<never>((_, reject) => (ended = reject)),
    };
    spawned.ended.catch(() => undefined); // it fails only the calls that wait on it
    // A thread that dies (it should not) fails what waited for it; the next call starts a new one.
    worker.on('error', (error) => {
      log?.error({ err: error, environment }, 'the sync thread stopped');
      events.emit('contact', {
        kind: 'failed',
        error: { code: 'internal', message: `Sync stopped unexpectedly: ${error.message}` },
      });
    });
    worker.on('exit', () => {
      if (current === spawned) current = null;
      toThread.close();
      ended(new Error(`The ${environment} sync thread stopped before answering.`));
    });
    // Only a call being waited for keeps the process alive. Unref'd last: a 'message' listener added
    // to a worker refs it again.
    worker.unref();
    toThread.unref();
    current = spawned;
    if (started) spawned.engine.start().catch(logFault);
    return spawned;
  }

  /** A call that is waited for: the thread holds the process until it answers or ends. */
  async function waitFor<T>(target: StartedThread, call: (engine: StartedThread['engine']) => Promise<T>): Promise<T> {
    if (target.awaited++ === 0) target.worker.ref();
    try {
      return await Promise.race([call(target.engine), target.ended]);
    } finally {
      if (--target.awaited === 0) target.worker.unref();
    }
  }

  /** A call nobody waits for; a fault in it is logged. */
  function tell(call: (engine: StartedThread['engine']) => Promise<void>): void {
    if (!stopped) call(thread().engine).catch(logFault);
  }

  // A fault of ours, or a file a person must act on: main's log gets the thread's stack.
  function logFault(error: unknown): void {
    if (!(error instanceof ReportedError)) return;
    if (error.report.code === 'internal' || error.report.code === 'unusable_file')
      log?.error({ environment, stack: error.stack, error: error.report }, 'the sync thread failed');
  }

  /** A walk's write, waited for; none once the thread is stopped. */
  async function walkWrite(call: (engine: StartedThread['engine']) => Promise<void>): Promise<void> {
    if (stopped) throw new Error(`The ${environment} replica is closed.`);
    return waitFor(thread(), call);
  }

  return {
    environment,
    events,
    walkStore: {
      store: (batch, row, decided) => walkWrite((engine) => engine.storeWalk(batch, row, decided)),
      finish: (row) => walkWrite((engine) => engine.finishWalk(row)),
    },
    async syncNow({ force = false } = {}) {
      if (stopped) throw new Error(`The ${environment} replica is closed.`);
      try {
        return await waitFor(thread(), (engine) => engine.syncNow({ force }));
      } catch (error) {
        logFault(error);
        throw error;
      }
    },
    noteReachable(reachable: boolean) {
      tell((engine) => engine.noteReachable(reachable));
    },
    keyChanged() {
      tell((engine) => engine.keyChanged());
    },
    start() {
      if (stopped) return;
      started = true;
      // A thread started from now on starts its engine itself.
      if (current === null) thread();
      else tell((engine) => engine.start());
    },
    async stop() {
      if (stopped) return;
      stopped = true; // from now on nothing new is asked of the thread: it finishes its pass and closes its files
      const stopping = current;
      if (stopping === null) return;
      await waitFor(stopping, (engine) => engine.stop()).catch(() => undefined); // a thread already gone has nothing to close
      await stopping.worker.terminate();
    },
  };
}
