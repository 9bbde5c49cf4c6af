// What the main thread and a sync thread say to each other, through comlink: the thread serves
// its engine (SyncThreadEngine), main serves what the thread asks of it and tells it (SyncThreadMain).
import type { MessagePort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import type { AppError, RemoteEnvironment } from '../../shared/contract';
import { ReportedError, toAppError } from '../app-error';
import type { DeprecationNotice, RemoteClientOptions } from '../remote/remote-client';
import type { Contact } from './server-status';
import type { SyncEngine, SyncEngineOptions, SyncPassResult } from './sync-engine';
import type { WalkStore } from './walk-store';

/** What the sync thread is started with (structured-cloned into it). */
export interface SyncThreadData {
  environment: RemoteEnvironment;
  /** The folder of the replica files. */
  dataDir: string;
  /** The app database, whose settings hold the environment's current address. */
  appDatabase: string;
  /** The address presets from the environment variables (settings fall back to them). */
  presets: Record<string, string>;
  tuning?: Pick<SyncEngineOptions, 'backoff' | 'batch' | 'concurrency' | 'changeBatches'>;
  timeouts?: RemoteClientOptions['timeouts'];
}

/** The thread's workerData: its data, and the port on which main serves SyncThreadMain. */
export interface SyncThreadWorkerData extends SyncThreadData {
  main: MessagePort;
}

/** The engine's calls, and a walk's writes (see walk-store.ts), served by the thread; main holds a comlink proxy of them. */
export type SyncThreadEngine = Pick<SyncEngine, 'syncNow' | 'noteReachable' | 'keyChanged' | 'start' | 'stop'> & {
  storeWalk: WalkStore['store'];
  finishWalk: WalkStore['finish'];
};

/**
 * Served by main to the thread: the key for an origin (keys stay with main, the keychain is its to
 * use), a server's deprecation notice, and the engine's events, in the order they happened.
 */
export interface SyncThreadMain {
  apiKey(origin: string): Promise<string | null>;
  deprecation(notice: DeprecationNotice): void;
  contact(contact: Contact): void;
  pass(running: boolean): void;
  sender(holder: { pid: number } | null): void;
  progress(progress: SyncPassResult): void;
  dataChanged(): void;
}

/** An error on its way across: as the app reports it, with the stack of the thread that threw it. */
interface CrossingError {
  report: AppError;
  stack?: string;
}

/**
 * Errors cross the thread boundary as the app reports them (code, message, fields ...: see
 * toAppError), arriving as a ReportedError with the stack of the thread that threw; comlink's own
 * handler keeps only the message. Each thread has its own comlink, so each calls this once.
 */
export function carryAppErrors(): void {
  const thrown = Comlink.transferHandlers.get('throw')!;
  const handler: Comlink.TransferHandler<{ value: unknown }, CrossingError> = {
    // The built-in test: comlink marks a thrown value with a symbol of its own.
    canHandle: (value): value is { value: unknown } => thrown.canHandle(value),
    serialize: ({ value }) => [
      { report: toAppError(value), ...(value instanceof Error ? { stack: value.stack } : {}) },
      [],
    ],
    deserialize: ({ report, stack }) => {
      const error = new ReportedError(report);
      if (stack !== undefined) error.stack = stack;
      throw error;
    },
  };
  Comlink.transferHandlers.set('throw', handler as Comlink.TransferHandler<unknown, unknown>);
}
