import { REMOTE_ENVIRONMENTS, type RemoteEnvironment, type ServerStatus } from '../../shared/contract';
import type { FaultLog } from '../app-error';
import type { Settings } from '../config/settings';
import { createRemoteClient, type DeprecationNotice, type RemoteClient } from '../remote/remote-client';
import { readKeyPerBatch } from '../sync/batch-keys';
import { openReplica, type Replica } from '../sync/replica';
import { startSyncThread } from '../sync/start-sync-thread';
import { addressPresets } from '../config/settings';

/** A window needs no more than this many status updates a second while thousands of entries are sent. */
export const STATUS_EVENT_INTERVAL_MS = 100;

export interface RemoteEnvironmentsOptions {
  dataDir: string;
  appDatabase: string;
  env: NodeJS.ProcessEnv;
  settings: Settings;
  /** The key for a request to `origin`, refused when it is not bound to it (see key-access.ts). */
  apiKey: (environment: RemoteEnvironment, origin: string) => Promise<string | null>;
  key: (environment: RemoteEnvironment) => 'none' | 'unconfirmed' | 'ready';
  onDeprecation?: (environment: RemoteEnvironment, notice: DeprecationNotice) => void;
  syncInThread: boolean;
  syncThreadScript?: URL;
  log?: FaultLog;
  /** Told what changed: how a server stands (at most every STATUS_EVENT_INTERVAL_MS), and a replica's data. */
  onServerStatus(status: ServerStatus): void;
  onDataChanged(environment: RemoteEnvironment): void;
}

/**
 * The two server environments: each one's replica (opened on first use), its client for the
 * current address, its sync engine (started only by `startSync`, from the composition root), and
 * its status, passed on as `serverStatus` events at most every STATUS_EVENT_INTERVAL_MS.
 */
export function createRemoteEnvironments(options: RemoteEnvironmentsOptions) {
  const { dataDir, appDatabase, env, settings, apiKey, onDeprecation, syncInThread, syncThreadScript, log } = options;
  const clients = new Map<RemoteEnvironment, RemoteClient>();
  const replicas = new Map<RemoteEnvironment, Replica>();
  const started = new Set<RemoteEnvironment>();
  const statusTimers = new Set<NodeJS.Timeout>();
  // Each replica's key, read once for each batch while its engine sends (here, or in its thread: see sync-thread.ts).
  const batchKeys = new Map<RemoteEnvironment, ReturnType<typeof readKeyPerBatch>>();
  let syncStarted = false;
  let closed = false;
  const address = (environment: RemoteEnvironment) => settings.baseUrl(environment).url;

  function client(environment: RemoteEnvironment): RemoteClient {
    const baseUrl = address(environment);
    const existing = clients.get(environment);
    if (existing && existing.baseUrl === baseUrl) return existing;
    const created = createRemoteClient({
      environment,
      baseUrl,
      apiKey: (origin) => batchKeys.get(environment)?.apiKey(origin) ?? apiKey(environment, origin),
      onDeprecation: (notice) => onDeprecation?.(environment, notice),
    });
    clients.set(environment, created);
    return created;
  }

  function statusEvents(replica: Replica): () => void {
    let timer: NodeJS.Timeout | null = null;
    let lastSent = 0;
    const send = () => {
      if (timer !== null) statusTimers.delete(timer);
      timer = null;
      if (closed) return; // a change heard while closing: its replica file is gone
      lastSent = Date.now();
      options.onServerStatus(replica.status());
    };
    return () => {
      if (timer !== null || closed) return;
      const wait = lastSent + STATUS_EVENT_INTERVAL_MS - Date.now();
      if (wait <= 0) send();
      else statusTimers.add((timer = setTimeout(send, wait).unref()));
    };
  }

  function replica(environment: RemoteEnvironment): Replica {
    let opened = replicas.get(environment);
    if (opened) return opened;
    opened = openReplica({
      dataDir,
      environment,
      client: () => client(environment),
      currentBaseUrl: () => address(environment),
      key: () => options.key(environment),
      syncElsewhere: syncInThread
        ? () =>
            startSyncThread({
              environment,
              dataDir,
              appDatabase,
              presets: addressPresets(env),
              apiKey: (origin) => apiKey(environment, origin),

              onDeprecation: (notice) => onDeprecation?.(environment, notice),
              log,
              entry: syncThreadScript,
            })
        : undefined,
    });
    batchKeys.set(
      environment,
      readKeyPerBatch((origin) => apiKey(environment, origin), opened.engine.events),
    );
    opened.events.on('data-changed', () => options.onDataChanged(environment));
    opened.onStatusChange(statusEvents(opened));
    replicas.set(environment, opened);
    return opened;
  }

  /** Starts the engine of an environment that has an address, once sync has been started. */
  function startEngine(environment: RemoteEnvironment): void {
    if (!syncStarted || started.has(environment) || address(environment) === null) return;
    started.add(environment);
    replica(environment).engine.start();
  }

  return {
    replica,
    client,
    startSync(): void {
      syncStarted = true;
      for (const environment of REMOTE_ENVIRONMENTS) startEngine(environment);
    },
    /** The address or key changed: what was known about the server is forgotten; a sync paused by a 401 resumes. */
    configurationChanged(environment: RemoteEnvironment): void {
      const opened = replica(environment);
      opened.forgetServer();
      batchKeys.get(environment)?.forget();
      if (started.has(environment)) opened.engine.keyChanged();
      else startEngine(environment);
    },
    async close(): Promise<void> {
      closed = true;
      for (const timer of statusTimers) clearTimeout(timer);
      statusTimers.clear();
      for (const opened of replicas.values()) await opened.close();
      replicas.clear();
    },
  };
}

export type RemoteEnvironments = ReturnType<typeof createRemoteEnvironments>;
