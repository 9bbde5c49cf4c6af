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
  type DiscardOutcome,
  etagOf,
  type EnvironmentName,
  type ListPetsQuery,
  type OutboxEntry,
  type Pet,
  type PetsView,
  type RemoteEnvironment,
  type ServerStatus,
  type SyncOutcome,
  type CategoryName,
  type ExportOutcome,
  type ImportProgress,
  type NewPet,
  type SameAnimal,
  type ManagerPermit,
  describeCategory,
  SAME_ANIMALS_SHOWN,
} from '../../shared/contract';
import type {
  ActiveEnvironmentView,
  ConnectionVerdictView,
  EnvironmentSettingsView,
  PreferencesView,
  ManagerLockView,
} from '../../shared/ipc/views';
import { ReportedError, toAppError, type FaultLog } from '../app-error';
import { readCsv, writeCsv, guardCell, unguardCell, headerKey } from '../csv/spreadsheet-csv';
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
import { readCsvFile } from '../csv/csv-file';
import { createPetStore } from '../store/pet-store';
import type { SyncPassResult } from '../sync/sync-engine';
import { connectionInWords } from './connection-in-words';
import { createKeyAccess, type ConfirmKeyOrigin } from './key-access';
import type { ConfirmProductionWrite } from './write-guard';

import { createRemoteEnvironments } from './remote-environments';

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

type Events = {
  serverStatus: [ServerStatus];
  dataChanged: [{ environment: EnvironmentName }];
  environmentChanged: [ActiveEnvironmentView];
  importProgress: [ImportProgress & { environment: EnvironmentName }];
  categoriesChanged: [{ environment: EnvironmentName }];
};

/** Entries in backoff due within this long are waited for by `syncUntilSettled`; later ones end it. */
const SETTLE_WAITS_UP_TO_MS = 30_000;

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
  const events = new EventEmitter<Events>();
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
  let revision = 0;
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

  /** The keychain says whether a key is set (settings only say when, and for which origin); read here, told to the status. */
  async function environmentSettings(environment: RemoteEnvironment): Promise<EnvironmentSettingsView> {
    const { url, source, problem } = settings.baseUrl(environment);
    if (await keyAccess.refresh(environment)) replica(environment).forgetServer(); // set or removed outside the app
    return {
      environment,
      baseUrl: url,
      baseUrlSource: source,
      baseUrlProblem: problem ?? null,
      key: keyAccess.view(environment),
    };
  }

  /** Names from a CSV file (category_id, name), all or none; the manager's task is asked for by the caller. */
  function importCategoryNames(environment: EnvironmentName, text: string): { named: number } {
    const [header, ...records] = readCsv(text);
    const keys = (header?.cells ?? []).map((cell) => headerKey(unguardCell(cell)));
    const id = keys.findIndex((key) => key === 'categoryid' || key === 'id');
    const name = keys.findIndex((key) => key === 'name' || key === 'categoryname');
    if (id === -1 || name === -1)
      throw new ApiError('invalid_body', 'The file\'s first line must name its columns: "category_id" and "name".');
    categoryNames.nameAll(
      environment,
      records.map(({ line, cells }) => ({
        line,
        naming: { categoryId: (cells[id] ?? '').trim(), name: unguardCell(cells[name] ?? '') },
      })),
    );
    events.emit('categoriesChanged', { environment });
    return { named: records.length };
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

  return {
    /** Subscribes to what main decides and what changes; returns the unsubscribe. */
    on<E extends keyof Events>(event: E, listener: (...payload: Events[E]) => void): () => void {
      events.on(event, listener as never);
      return () => void events.off(event, listener as never);
    },

    /** Main's own question before a write from the window reaches production. */
    confirmProductionWrite,

    /** Starts each server's sync engine (the composition root does, once). */
    startSync: remotes.startSync,

    activeEnvironment: (): ActiveEnvironmentView => ({ environment: settings.activeEnvironment(), revision }),

    /** Main decides, and tells every window; the newest decision carries the highest revision. */
    setActiveEnvironment(environment: EnvironmentName): ActiveEnvironmentView {
      if (environment !== settings.activeEnvironment()) managerLock.require('switch-environment', environment);
      settings.setActiveEnvironment(environment);
      const decided = { environment, revision: ++revision };
      events.emit('environmentChanged', decided);
      return decided;
    },

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

    /** The category names of the environment, by name. */
    categoryNames: (environment: EnvironmentName): CategoryName[] => categoryNames.list(environment),

    /** A manager names a category (or takes its name away, `name: null`). */
    nameCategory(environment: EnvironmentName, naming: unknown): CategoryName | null {
      managerLock.require('name-categories', environment);
      const named = categoryNames.name(environment, naming);
      events.emit('categoriesChanged', { environment });
      return named;
    },

    /** The category names as CSV (category_id, name), for every counter of the shop to import. */
    exportCategoryNames(environment: EnvironmentName): string {
      return writeCsv(
        ['category_id', 'name'],
        categoryNames.list(environment).map(({ categoryId, name }) => [categoryId, guardCell(name)]),
      );
    },

    /** Names from a CSV file (category_id, name): all or none; names not in the file stay as they are. */
    importCategoryNames(environment: EnvironmentName, text: string): { named: number } {
      managerLock.require('name-categories', environment);
      return importCategoryNames(environment, text);
    },

    /** Category names from a file: the one named, else one a person chooses (main's dialog); null when they chose none. */
    async importCategoryNamesFromFile(environment: EnvironmentName, named?: string): Promise<{ named: number } | null> {
      managerLock.require('name-categories', environment);
      const path = named ?? (await openFile('category names'));
      return path === null ? null : importCategoryNames(environment, (await readCsvFile(path)).text);
    },

    /** The category names to a file a person chooses (main's dialog). */
    async exportCategoryNamesToFile(environment: EnvironmentName): Promise<ExportOutcome> {
      const names = categoryNames.list(environment);
      const path = await saveFile(`category-names-${environment}.csv`, this.exportCategoryNames(environment));
      return { rows: names.length, path };
    },

    /** The current view (status, search, order) or, without a query, every animal of the environment as CSV. */
    exportAnimals: (environment: EnvironmentName, query: Omit<AnimalsQuery, 'offset' | 'limit'> = { sort: 'oldest' }) =>
      animalFiles.exportAnimals(environment, query),

    /** The same, to a file a person chooses (main's dialog). */
    async exportAnimalsToFile(
      environment: EnvironmentName,
      query?: Omit<AnimalsQuery, 'offset' | 'limit'>,
    ): Promise<ExportOutcome> {
      const { csv, rows } = animalFiles.exportAnimals(environment, query ?? { sort: 'oldest' });
      const day = new Date(now()).toISOString().slice(0, 10);
      const path = await saveFile(`animals-${environment}-${day}.csv`, csv);
      return { rows, path };
    },

    previewImport: animalFiles.previewImport,

    /** A file, read and checked: the one named, else one a person chooses (main's dialog); null when they chose none. */
    async previewImportFromFile(environment: EnvironmentName, named?: string) {
      const path = named ?? (await openFile('animals'));
      if (path === null) return null;
      const { name, text } = await readCsvFile(path);
      return animalFiles.previewImport(environment, name, text);
    },

    importAnimals: animalFiles.importAnimals,

    managerLock: (): ManagerLockView => managerLock.view(),
    unlockManager: (pin: string, permit: ManagerPermit): Promise<ManagerLockView> => managerLock.unlock(pin, permit),
    lockManager: (): ManagerLockView => managerLock.lock(),
    setManagerPin: (pin: string | null): Promise<ManagerLockView> => managerLock.setPin(pin),

    checkLookAlikes,

    /** The animal as this computer shows it (the local store, or the replica's copy); undefined when not shown here. */
    shownPet: (environment: EnvironmentName, petId: string): Pet | undefined =>
      environment === 'local' ? localStore.findPet(petId) : replica(environment).shownPet(petId),

    /** What an import would add, from its preview: for a question before it is made. */
    pendingImport: animalFiles.pendingImport,

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

    /** A change of an animal still waiting to be added to a server: the add carries it. */
    editEntry: (environment: RemoteEnvironment, entryId: string, pet: unknown): OutboxEntry =>
      replica(environment).editEntry(entryId, pet),

    /** A person's choice on a change that met another counter's: keep theirs, or send this one to their version. */
    resolveConflict: (
      environment: RemoteEnvironment,
      entryId: string,
      choice: 'keep-mine' | 'take-theirs',
    ): ChangeEntry | null => replica(environment).resolveConflict(entryId, choice),

    /** Send a refused animal again (corrected with `fixed`), or a held one to the server's current address; a change, again. */
    resendEntry(environment: RemoteEnvironment, entryId: string, fixed?: unknown): OutboxEntry | ChangeEntry {
      const pet = fixed === undefined ? undefined : parseOrThrow(newPetSchema('app'), fixed, 'invalid_body', 'body');
      return replica(environment).resend(entryId, pet);
    },

    discardEntry(environment: RemoteEnvironment, entryId: string): DiscardOutcome {
      managerLock.require('discard', environment);
      return replica(environment).discard(entryId);
    },

    outboxEntries: (environment: RemoteEnvironment): OutboxEntry[] => replica(environment).outbox.list(),

    outboxEntry: (environment: RemoteEnvironment, entryId: string): OutboxEntry | undefined =>
      replica(environment).outbox.get(entryId),

    /** Changes made here not yet accepted by the server, oldest first. */
    changeEntries: (environment: RemoteEnvironment): ChangeEntry[] => replica(environment).changeEntries(),

    changeEntry: (environment: RemoteEnvironment, entryId: string): ChangeEntry | undefined =>
      replica(environment).changeEntry(entryId),

    /**
     * "Sync now": everything waiting is sent at once, backoff or not; then the server is asked for
     * its list, so that what the outcome says about the server comes from hearing from it.
     */
    async syncNow(environment: RemoteEnvironment): Promise<SyncOutcome & { pass: SyncPassResult }> {
      const remote = replica(environment);
      const pass = await remote.engine.syncNow({ force: true });
      await remote.walkInventory().catch(() => undefined); // its outcome is in the status
      return { sent: pass.accepted, rejected: pass.rejected, status: remote.status(), pass };
    },

    /**
     * Sends until nothing waits or nothing more can be done now (the CLI's `sync`): entries whose
     * retry comes within 30 s are waited for; later ones, and changes waiting behind one a person
     * must decide on (`waitingBehind`), are left for the next run.
     */
    async syncUntilSettled(environment: RemoteEnvironment, onProgress?: (progress: SyncPassResult) => void) {
      const remote = replica(environment);
      if (onProgress) remote.engine.events.on('progress', onProgress);
      try {
        let pass = await remote.engine.syncNow({ force: true });
        for (;;) {
          const nextDue = remote.nextDueAt();
          if (pass.stoppedBecause !== null || nextDue === null || nextDue - Date.now() > SETTLE_WAITS_UP_TO_MS) break;
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextDue - Date.now())));
          pass = await remote.engine.syncNow();
        }
        return { pass, status: remote.status(), waitingBehind: remote.waitingBehind() };
      } finally {
        if (onProgress) remote.engine.events.off('progress', onProgress);
      }
    },

    serverStatus: (environment: RemoteEnvironment): ServerStatus => replica(environment).status(),

    /** Asks the server for one animal: how it stands afterwards, in words. */
    async testConnection(environment: RemoteEnvironment): Promise<ConnectionVerdictView> {
      const remote = replica(environment);
      await remote.ask(() => remotes.client(environment).listPets({ limit: 1 })).catch(() => undefined);
      const status = remote.status();
      return { connection: status.connection, message: connectionInWords(status) };
    },

    environmentSettings,

    setBaseUrl(environment: RemoteEnvironment, url: string): Promise<EnvironmentSettingsView> {
      managerLock.require('set-address', environment);
      const before = settings.baseUrl(environment).url;
      const saved = settings.setBaseUrl(environment, url);
      if (saved !== before) remotes.configurationChanged(environment);
      return environmentSettings(environment);
    },

    /** A key for the environment's current address, and only for its origin. */
    async setKey(environment: RemoteEnvironment, key: string): Promise<EnvironmentSettingsView> {
      managerLock.require('set-key', environment);
      await keyAccess.set(environment, key);
      remotes.configurationChanged(environment);
      return await environmentSettings(environment);
    },

    /**
     * The key set for another origin, confirmed by a person (asked through `confirmKeyOrigin`, never
     * by the window itself) for the current address; `confirmed` is false when they said no.
     */
    async confirmKeyForAddress(
      environment: RemoteEnvironment,
      { ask = confirmKeyOrigin }: { ask?: ConfirmKeyOrigin } = {},
    ): Promise<EnvironmentSettingsView & { confirmed: boolean }> {
      managerLock.require('move-key', environment);
      const wasBound = keyAccess.state(environment) === 'ready';
      const confirmed = await keyAccess.confirmForAddress(environment, ask);

      if (confirmed && !wasBound) remotes.configurationChanged(environment);

      return { ...(await environmentSettings(environment)), confirmed };
    },

    async clearKey(environment: RemoteEnvironment): Promise<EnvironmentSettingsView & { existed: boolean }> {
      managerLock.require('clear-key', environment);
      const existed = await keyAccess.clear(environment);
      remotes.configurationChanged(environment);
      return { ...(await environmentSettings(environment)), existed };
    },

    preferences: (): PreferencesView => ({ confirmProductionAdds: settings.confirmProductionAdds() }),

    setPreferences({ confirmProductionAdds }: PreferencesView): PreferencesView {
      if (!confirmProductionAdds && settings.confirmProductionAdds()) managerLock.require('confirmations-off');
      settings.setConfirmProductionAdds(confirmProductionAdds);

      return { confirmProductionAdds: settings.confirmProductionAdds() };
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
