import type { AppError, RemoteEnvironment } from '../../shared/contract';
import type { DeprecationNotice, RemoteClientOptions } from '../remote/remote-client';
import type { Contact } from './server-status';
import type { SyncEngineOptions, SyncPassResult } from './sync-engine';

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

/** Messages from the main thread to the sync thread. `call` numbers a request that is answered. */
export type ToSyncThread =
  | { type: 'syncNow'; call: number; force: boolean }
  | { type: 'start' }
  | { type: 'stop'; call: number }
  | { type: 'keyChanged' }
  | { type: 'noteReachable'; reachable: boolean }
  | { type: 'key'; call: number; key: string | null; error?: AppError };

/** Messages from the sync thread to the main thread: the engine's events, and the answers to calls. */
export type FromSyncThread =
  /** A failed call carries the error as the app reports it, and the thread's stack for main's log. */
  | { type: 'done'; call: number; result?: SyncPassResult; error?: AppError; stack?: string }
  | { type: 'needKey'; call: number; origin: string }
  | { type: 'contact'; contact: Contact }
  | { type: 'pass'; running: boolean }
  | { type: 'sender'; holder: { pid: number } | null }
  | { type: 'progress'; progress: SyncPassResult }
  | { type: 'dataChanged' }
  | { type: 'deprecation'; notice: DeprecationNotice };
