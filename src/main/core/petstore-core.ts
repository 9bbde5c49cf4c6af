import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import {
  animalsQuerySchema,
  ApiError,
  newPetSchema,
  parseOrThrow,
  type AnimalsQuery,
  type AnimalsWindow,
  type ChangeEntry,
  etagOf,
  type EnvironmentName,
  type ListPetsQuery,
  type OutboxEntry,
  type Pet,
  type PetsView,
  type RemoteEnvironment,
  type NewPet,
  type SameAnimal,
  type ManagerPermit,
  describeCategory,
  SAME_ANIMALS_SHOWN,
} from '../../shared/contract';
import type { ManagerLockView } from '../../shared/ipc/views';
import { ReportedError, toAppError, type FaultLog } from '../app-error';
import { createCategoryNames } from '../store/category-names';
import { createImportedRows } from '../store/imported-rows';
import { createAnimalFiles } from './animal-files';
import { createManagerLock } from './manager-lock';
import { DATABASE_FILE_NAME } from '../config/data-dir';
import { createSettings } from '../config/settings';
import type { DeprecationNotice } from '../remote/remote-client';
import { RemoteError } from '../remote/remote-error';
import { createEnvironmentKeys } from '../secrets/environment-keys';
import { createKeychain, type Keychain } from '../secrets/keychain';
import { openDatabase } from '../store/database';
import { createPetStore } from '../store/pet-store';
import { createKeyAccess, type ConfirmKeyOrigin } from './key-access';
import type { ConfirmProductionWrite } from './write-guard';

import { createRemoteEnvironments } from './remote-environments';
import { createCategoryUseCases } from './category-use-cases';
import { createFileUseCases } from './file-use-cases';
import type { CoreEvents, CoreParts } from './core-parts';
import { createEntryUseCases } from './entry-use-cases';
import { createEnvironmentUseCases } from './environment-use-cases';

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
  /** Where faults of ours are written (the app's log file). */
  log?: FaultLog;
  /**
   * Asks a person whether a key may go to an address of another origin than the one it was set
   * for (main's own dialog; the CLI's terminal). Without it, the answer is no.
   */
  confirmKeyOrigin?: ConfirmKeyOrigin;
  /** Saves a file where a person chooses (main's save dialog); the path, or null when they chose none. */
  saveFile?: (suggestedName: string, contents: string) => Promise<string | null>;
  /** The path of a file a person chooses to read (main's open dialog), or null; the core reads it, bounded. */
  openFile?: (purpose: 'animals' | 'category names') => Promise<string | null>;
  /** The clock the manager's lock counts waits by. */
  now?: () => number;
  /**
   * Asks a person whether a write may go to production (main's own dialog), for the writes that
   * come through the window (see write-guard.ts). Without it, the answer is no.
   */
  confirmProductionWrite?: ConfirmProductionWrite;
}

/**
 * The Electron-free heart of the app, assembled over one data folder: every use case, once. The
 * IPC router (for the window) and the CLI are thin adapters over these functions; neither reaches
 * the database, the keychain or a replica. What main decides (the active environment, how each
 * server stands, what data changed) is told through `on(...)`.
 */
export function openPetstoreCore({
  dataDir,
  env = process.env,
  keychain = createKeychain(),
  onDeprecation,
  syncInThread = false,
  log,
  confirmKeyOrigin = async () => false,
  saveFile = async () => null,
  openFile = async () => null,
  now = Date.now,
  confirmProductionWrite = async () => false,
}: CoreOptions) {
  const databaseFile = join(dataDir, DATABASE_FILE_NAME);
  const db = openDatabase(databaseFile);
  const settings = createSettings(db, env);
  const keyAccess = createKeyAccess(createEnvironmentKeys(keychain, settings), settings);

  const localStore = createPetStore(db);
  const events = new EventEmitter<CoreEvents>();
  const remotes = createRemoteEnvironments({
    dataDir,
    appDatabase: databaseFile,
    env,
    settings,
    apiKey: keyAccess.forRequest,
    key: keyAccess.state,
    onDeprecation,
    syncInThread,
    log,
    onServerStatus: (status) => events.emit('serverStatus', status),
    onDataChanged: (environment) => events.emit('dataChanged', { environment }),
  });
  const replica = remotes.replica;
  const managerLock = createManagerLock(db, now);
  const categoryNames = createCategoryNames(db);
  const localImports = createImportedRows(db);

  function lookAlikes(environment: EnvironmentName, pet: NewPet): SameAnimal[] {
    if (environment !== 'local') return replica(environment).lookAlikes(pet);
    return localStore.lookAlikes(pet.name, pet.categoryId, SAME_ANIMALS_SHOWN);
  }

  const animalFiles = createAnimalFiles({
    animals: (environment, query) => animals(environment, query),
    categoryNames,
    lookAlikes,
    wasImported: (environment, rowKey) =>
      environment === 'local' ? localImports.wasImported(rowKey) : replica(environment).wasImported(rowKey),
    importRows(environment, rows) {
      const outcome =
        environment === 'local'
          ? localImports.importAll(rows, ({ animal }) => localStore.createPet(animal).id)
          : replica(environment).importAnimals(rows);
      if (outcome.added > 0) events.emit('dataChanged', { environment });
      return outcome;
    },
    onProgress: (environment, progress) => events.emit('importProgress', { environment, ...progress }),
  });

  /** The animals screen's window of every animal in the environment (the local store, or the replica): at once. */
  function animals(environment: EnvironmentName, query: AnimalsQuery = {}): AnimalsWindow {
    if (environment !== 'local') return replica(environment).animals(query);
    const valid = parseOrThrow(animalsQuerySchema, query, 'invalid_parameter', 'query');
    const counts = localStore.countByStatus(valid.search);
    return {
      environment,
      total: valid.status === undefined ? counts.all : counts[valid.status],
      counts,
      offset: valid.offset,
      rows: localStore.browse(valid, valid.offset, valid.limit).map((pet) => ({ kind: 'pet', pet })),
      listedAt: null,
      inventory: null,
    };
  }

  /** Refused (possible_duplicate) when an animal of that name and category is already listed or waiting. */
  function checkLookAlikes(environment: EnvironmentName, pet: NewPet): void {
    const same = lookAlikes(environment, pet);
    if (same.length > 0)
      throw possibleDuplicate(environment, pet, same, categoryNames.nameOf(environment, pet.categoryId));
  }

  function localView(query: Partial<ListPetsQuery>): PetsView {
    return { environment: 'local', pets: localStore.listPets(query), unsynced: [], listedAt: null, source: 'local' };
  }

  const parts: CoreParts = {
    settings,
    keyAccess,
    remotes,
    replica,
    managerLock,
    categoryNames,
    events,
    log,
    confirmKeyOrigin,
    saveFile,
    openFile,
  };

  return {
    ...createEnvironmentUseCases(parts),
    ...createCategoryUseCases(parts),
    ...createEntryUseCases(parts),

    /** Subscribes to what main decides and what changes; returns the unsubscribe. */
    on<E extends keyof CoreEvents>(event: E, listener: (...payload: CoreEvents[E]) => void): () => void {
      events.on(event, listener as never);
      return () => void events.off(event, listener as never);
    },

    /** Main's own question before a write from the window reaches production. */
    confirmProductionWrite,

    /** Starts each server's sync engine (the composition root does, once). */
    startSync: remotes.startSync,

    /**
     * listPets for an environment: the local store; a replica's animals at once; or, with
     * `refresh`, the server's answer, stored in the replica. When the server cannot answer, the
     * replica's animals come with the reason (`problem`): a list is never lost to the network.
     */
    async listPets(environment: EnvironmentName, query: Partial<ListPetsQuery> = {}, { refresh = false } = {}) {
      if (environment === 'local') return localView(query);
      const remote = replica(environment);
      if (!refresh) return remote.listPets(query);
      try {
        return await remote.refresh(query);
      } catch (error) {
        if (error instanceof ApiError) throw error; // the query itself is wrong
        return { ...remote.listPets(query), problem: toAppError(error, log) };
      }
    },

    animals,

    /**
     * Brings the replica up to the server's whole list (walks its pages, or resumes the walk);
     * the outcome, and progress on the way, are in the server status. Nothing to do for local.
     */
    async refreshAnimals(environment: EnvironmentName): Promise<void> {
      if (environment === 'local') return;
      await replica(environment)
        .walkInventory()
        .catch((error: unknown) => {
          if (!(error instanceof RemoteError)) throw error; // a fault of ours; a server's is in the status
        });
    },

    /**
     * createPet: at once in the local store; for a server, durably into its outbox, sent in the
     * background. Unless `anyway`, refused (possible_duplicate) when an animal of that name and
     * category is already listed or waiting. Its category is the next add's default.
     */
    addPet(
      environment: EnvironmentName,
      newPet: unknown,
      { anyway = false }: { anyway?: boolean } = {},
    ): { pet: Pet } | { entry: OutboxEntry } {
      const valid = parseOrThrow(newPetSchema('app'), newPet, 'invalid_body', 'body');
      if (!anyway) checkLookAlikes(environment, valid);
      const added =
        environment === 'local'
          ? { pet: localStore.createPet(valid) }
          : { entry: replica(environment).createPet(valid) };
      settings.setLastCategory(environment, valid.categoryId);
      events.emit('dataChanged', { environment });
      return added;
    },

    /** What the add form starts with in the environment: the category of the last animal added there. */
    addDefaults: (environment: EnvironmentName): { categoryId: string | null } => ({
      categoryId: settings.lastCategory(environment),
    }),

    ...createFileUseCases(animalFiles, { saveFile, openFile, now }),

    managerLock: (): ManagerLockView => managerLock.view(),
    unlockManager: (pin: string, permit: ManagerPermit): Promise<ManagerLockView> => managerLock.unlock(pin, permit),
    lockManager: (): ManagerLockView => managerLock.lock(),
    setManagerPin: (pin: string | null): Promise<ManagerLockView> => managerLock.setPin(pin),

    checkLookAlikes,

    /** The animal as this computer shows it (the local store, or the replica's copy); undefined when not shown here. */
    shownPet: (environment: EnvironmentName, petId: string): Pet | undefined =>
      environment === 'local' ? localStore.findPet(petId) : replica(environment).shownPet(petId),

    getPet: (environment: EnvironmentName, petId: string): Promise<Pet> | Pet =>
      environment === 'local' ? localStore.getPet(petId) : replica(environment).getPet(petId),

    /**
     * Our extension: a change of one animal. In the local store at once, made only if the animal
     * is still at `revision` (what the person saw; absent: whatever it is now), else
     * precondition_failed with the animal as it is now. For a server: durably into its outbox,
     * shown at once, sent in the background; null when it undid a change not yet sent.
     */
    changePet(
      environment: EnvironmentName,
      petId: string,
      patch: unknown,
      { revision }: { revision?: number } = {},
    ): { pet: Pet } | { change: ChangeEntry | null } {
      const changed =
        environment === 'local'
          ? {
              pet: localStore.updatePet(petId, patch, revision === undefined ? '*' : { tags: [etagOf(revision)] }),
            }
          : { change: replica(environment).changePet(petId, patch) };
      events.emit('dataChanged', { environment });
      return changed;
    },

    windowBounds: settings.windowBounds,
    setWindowBounds: settings.setWindowBounds,

    /** For `doctor`: whether the keychain answers, in words (the files are checked before the core opens them). */
    async healthCheck(): Promise<{ keychain: string | null }> {
      const keychainProblem = await keychain.get('doctor-probe').then(
        () => null,
        (error: unknown) => toAppError(error, log).message,
      );
      return { keychain: keychainProblem };
    },

    async close(): Promise<void> {
      await remotes.close();
      db.close();
    },
  };
}

export type PetstoreCore = ReturnType<typeof openPetstoreCore>;

/** Not added: what it would repeat, named so a person recognises it ("Rex (Dogs 5) is already listed as number 12"). */
function possibleDuplicate(
  environment: EnvironmentName,
  pet: NewPet,
  same: SameAnimal[],
  categoryName: string | undefined,
): ReportedError {
  const [first] = same;
  const where = first!.id !== undefined ? `already listed as number ${first!.id}` : 'already waiting to be sent';
  const more = same.length > 1 ? ` (and ${same.length - 1} more)` : '';
  return new ReportedError({
    code: 'possible_duplicate',
    message: `${pet.name} (${describeCategory(pet.categoryId, categoryName)}) is ${where}${more} in ${environment}. Add it anyway?`,
    status: 409,
    duplicates: same,
  });
}
