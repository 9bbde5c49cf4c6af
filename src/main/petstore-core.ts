import { join } from 'node:path';
import type {
  EnvironmentName,
  ListPetsQuery,
  NewPet,
  OutboxEntry,
  Pet,
  PetsView,
  RemoteEnvironment,
} from '../shared/contract';
import { RemoteError } from './remote/remote-error';
import { DATABASE_FILE_NAME } from './config/data-dir';
import { addressPresets, createSettings } from './config/settings';
import { createRemoteClient, type DeprecationNotice, type RemoteClient } from './remote/remote-client';
import { createEnvironmentKeys } from './secrets/environment-keys';
import { createKeychain, type Keychain } from './secrets/keychain';
import { openDatabase } from './store/database';
import { createPetStore } from './store/pet-store';
import { openReplica, type Replica } from './sync/replica';
import { startSyncThread } from './sync/start-sync-thread';

export interface CoreOptions {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  keychain?: Keychain;
  /** Told once per session when a server marks an operation deprecated. */
  onDeprecation?: (environment: RemoteEnvironment, notice: DeprecationNotice) => void;
  /**
   * Each environment's sync engine in a thread of its own (the desktop app): what it sends and
   * commits then never holds up an answer to the window. Short-lived tools (the CLI) sync here.
   */
  syncInThread?: boolean;
}

/**
 * The Electron-free heart of the app, assembled over one data folder: the database (local store
 * and settings), the keys, and a client per remote environment. The CLI and the desktop app's
 * main process both build exactly this.
 */
export function openPetstoreCore({
  dataDir,
  env = process.env,
  keychain = createKeychain(),
  onDeprecation,
  syncInThread = false,
}: CoreOptions) {
  const databaseFile = join(dataDir, DATABASE_FILE_NAME);
  const db = openDatabase(databaseFile);
  const settings = createSettings(db, env);
  const keys = createEnvironmentKeys(keychain, settings);
  const localStore = createPetStore(db);
  const clients = new Map<RemoteEnvironment, RemoteClient>();

  function remoteClient(environment: RemoteEnvironment): RemoteClient {
    const baseUrl = settings.baseUrl(environment).url;
    const existing = clients.get(environment);
    if (existing && existing.baseUrl === baseUrl) return existing;
    const client = createRemoteClient({
      environment,
      baseUrl,
      apiKey: () => keys.get(environment),
      onDeprecation: (notice) => onDeprecation?.(environment, notice),
    });
    clients.set(environment, client);
    return client;
  }

  const replicas = new Map<RemoteEnvironment, Replica>();
  function replica(environment: RemoteEnvironment): Replica {
    let opened = replicas.get(environment);
    if (!opened) {
      opened = openReplica({
        dataDir,
        environment,
        client: () => remoteClient(environment),
        currentBaseUrl: () => settings.baseUrl(environment).url,
        syncElsewhere: syncInThread
          ? (outbox) =>
              startSyncThread({
                environment,
                dataDir,
                appDatabase: databaseFile,
                presets: addressPresets(env),
                outbox,
                apiKey: () => keys.get(environment),
                onDeprecation: (notice) => onDeprecation?.(environment, notice),
              })
          : undefined,
      });
      replicas.set(environment, opened);
    }
    return opened;
  }

  /**
   * listPets for an environment: the local store; or a server's answer, stored in its replica,
   * with the replica's last-known answer (source 'cache', plus why) when the server cannot give one.
   */
  /** The local store's answer in the same shape as a replica's: always fresh, nothing to sync. */
  function localView(query: Partial<ListPetsQuery> = {}): PetsView {
    return { environment: 'local', pets: localStore.listPets(query), unsynced: [], refreshedAt: null, source: 'local' };
  }

  async function listPets(
    environment: EnvironmentName,
    query: Partial<ListPetsQuery> = {},
  ): Promise<PetsView & { offline?: RemoteError }> {
    if (environment === 'local') return localView(query);
    const remote = replica(environment);
    try {
      return await remote.refresh(query);
    } catch (error) {
      if (error instanceof RemoteError && (error.kind === 'unreachable' || error.kind === 'timeout')) {
        return { ...remote.listPets(query), offline: error };
      }
      throw error;
    }
  }

  /** createPet: at once in the local store; for a server, into its outbox, then one sync attempt. */
  async function addPet(environment: EnvironmentName, newPet: NewPet): Promise<{ pet: Pet } | { entry: OutboxEntry }> {
    if (environment === 'local') return { pet: localStore.createPet(newPet) };
    const remote = replica(environment);
    const queued = remote.createPet(newPet);
    await remote.engine.syncNow();
    return { entry: remote.outbox.get(queued.entryId) ?? queued };
  }

  async function getPet(environment: EnvironmentName, petId: string): Promise<Pet> {
    return environment === 'local' ? localStore.getPet(petId) : replica(environment).getPet(petId);
  }

  /** Sets a key, and lets a sync paused by a rejected key resume. */
  async function setKey(environment: RemoteEnvironment, key: string): Promise<void> {
    await keys.set(environment, key);
    replicas.get(environment)?.engine.keyChanged();
  }

  return {
    db,
    localView,
    listPets,
    addPet,
    getPet,
    setKey,
    replica,
    settings,
    keys,
    keychain,
    localStore,
    remoteClient,
    activeEnvironment: (): EnvironmentName => settings.activeEnvironment(),
    async close() {
      for (const opened of replicas.values()) await opened.close();
      db.close();
    },
  };
}

export type PetstoreCore = ReturnType<typeof openPetstoreCore>;
