import { join } from 'node:path';
import type { EnvironmentName, RemoteEnvironment } from '../shared/contract';
import { DATABASE_FILE_NAME } from './config/data-dir';
import { createSettings } from './config/settings';
import { createRemoteClient, type DeprecationNotice, type RemoteClient } from './remote/remote-client';
import { createEnvironmentKeys } from './secrets/environment-keys';
import { createKeychain, type Keychain } from './secrets/keychain';
import { openDatabase } from './store/database';
import { createPetStore } from './store/pet-store';

export interface CoreOptions {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  keychain?: Keychain;
  /** Told once per session when a server marks an operation deprecated. */
  onDeprecation?: (environment: RemoteEnvironment, notice: DeprecationNotice) => void;
}

/**
 * The Electron-free heart of the app, assembled over one data folder: the database (local store
 * and settings), the keys, and a client per remote environment. The CLI and the desktop app's
 * main process both build exactly this.
 */
export function openPetstoreCore({ dataDir, env = process.env, keychain = createKeychain(), onDeprecation }: CoreOptions) {
  const db = openDatabase(join(dataDir, DATABASE_FILE_NAME));
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

  /** The three operations against an environment: the local store, or that server. */
  function petsIn(environment: EnvironmentName) {
    if (environment === 'local') {
      return {
        listPets: async (query: Parameters<typeof localStore.listPets>[0]) => localStore.listPets(query),
        createPet: async (newPet: Parameters<typeof localStore.createPet>[0]) => localStore.createPet(newPet),
        getPet: async (petId: string) => localStore.getPet(petId),
      };
    }
    const client = remoteClient(environment);
    return {
      listPets: (query: Parameters<typeof localStore.listPets>[0]) => client.listPets(query),
      createPet: (newPet: Parameters<typeof localStore.createPet>[0]) => client.createPet(newPet),
      getPet: (petId: string) => client.getPet(petId),
    };
  }

  return {
    db,
    petsIn,
    settings,
    keys,
    keychain,
    localStore,
    remoteClient,
    activeEnvironment: (): EnvironmentName => settings.activeEnvironment(),
    close: () => db.close(),
  };
}

export type PetstoreCore = ReturnType<typeof openPetstoreCore>;
