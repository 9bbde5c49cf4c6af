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
  type ServerStatus,
  type SyncOutcome,
} from '../../shared/contract';
import type {
  ActiveEnvironmentView,
  ConnectionVerdictView,
  EnvironmentSettingsView,
  PreferencesView,
} from '../../shared/ipc/views';
import { toAppError, type FaultLog } from '../app-error';
import { DATABASE_FILE_NAME } from '../config/data-dir';
import { createSettings } from '../config/settings';
import type { DeprecationNotice } from '../remote/remote-client';
import { RemoteError } from '../remote/remote-error';
import { createEnvironmentKeys } from '../secrets/environment-keys';
import { createKeychain, type Keychain } from '../secrets/keychain';
import { openDatabase } from '../store/database';
import { createPetStore } from '../store/pet-store';
import type { SyncPassResult } from '../sync/sync-engine';
import { connectionInWords } from './connection-in-words';
import { createKeyAccess, type ConfirmKeyOrigin } from './key-access';

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
}

type Events = {
  serverStatus: [ServerStatus];
  dataChanged: [{ environment: EnvironmentName }];
  environmentChanged: [ActiveEnvironmentView];
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

  function localView(query: Partial<ListPetsQuery>): PetsView {
    return { environment: 'local', pets: localStore.listPets(query), unsynced: [], listedAt: null, source: 'local' };
  }

  return {
    /** Subscribes to what main decides and what changes; returns the unsubscribe. */
    on<E extends keyof Events>(event: E, listener: (...payload: Events[E]) => void): () => void {
      events.on(event, listener as never);
      return () => void events.off(event, listener as never);
    },

    /** Starts each server's sync engine (the composition root does, once). */
    startSync: remotes.startSync,

    activeEnvironment: (): ActiveEnvironmentView => ({ environment: settings.activeEnvironment(), revision }),

    /** Main decides, and tells every window; the newest decision carries the highest revision. */
    setActiveEnvironment(environment: EnvironmentName): ActiveEnvironmentView {
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

    /** The animals screen's window of every animal in the environment (the local store, or the replica): at once. */
    animals(environment: EnvironmentName, query: AnimalsQuery = {}): AnimalsWindow {
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
    },

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

    /** createPet: at once in the local store; for a server, durably into its outbox, sent in the background. */
    addPet(environment: EnvironmentName, newPet: unknown): { pet: Pet } | { entry: OutboxEntry } {
      const added =
        environment === 'local'
          ? { pet: localStore.createPet(newPet as never) }
          : { entry: replica(environment).createPet(newPet) };
      events.emit('dataChanged', { environment });
      return added;
    },

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

    discardEntry: (environment: RemoteEnvironment, entryId: string): boolean => replica(environment).discard(entryId),

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
     * retry comes within 30 s are waited for; later ones are left for the next run.
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
        return { pass, status: remote.status() };
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
      const before = settings.baseUrl(environment).url;
      const saved = settings.setBaseUrl(environment, url);
      if (saved !== before) remotes.configurationChanged(environment);
      return environmentSettings(environment);
    },

    /** A key for the environment's current address, and only for its origin. */
    async setKey(environment: RemoteEnvironment, key: string): Promise<EnvironmentSettingsView> {
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
      const wasBound = keyAccess.state(environment) === 'ready';
      const confirmed = await keyAccess.confirmForAddress(environment, ask);

      if (confirmed && !wasBound) remotes.configurationChanged(environment);

      return { ...(await environmentSettings(environment)), confirmed };
    },

    async clearKey(environment: RemoteEnvironment): Promise<EnvironmentSettingsView & { existed: boolean }> {
      const existed = await keyAccess.clear(environment);
      remotes.configurationChanged(environment);
      return { ...(await environmentSettings(environment)), existed };
    },

    preferences: (): PreferencesView => ({ confirmProductionAdds: settings.confirmProductionAdds() }),

    setPreferences({ confirmProductionAdds }: PreferencesView): PreferencesView {
      settings.setConfirmProductionAdds(confirmProductionAdds);
      return { confirmProductionAdds: settings.confirmProductionAdds() };
    },

    windowBounds: settings.windowBounds,
    setWindowBounds: settings.setWindowBounds,

    /** For `doctor`: whether the keychain answers and the database file is sound, in words. */
    async healthCheck(): Promise<{ keychain: string | null; database: string | null; databaseFile: string }> {
      const keychainProblem = await keychain.get('doctor-probe').then(
        () => null,
        (error: unknown) => toAppError(error, log).message,
      );
      const check = db.pragma('quick_check', { simple: true });
      return { keychain: keychainProblem, database: check === 'ok' ? null : String(check), databaseFile: databaseFile };
    },

    async close(): Promise<void> {
      await remotes.close();
      db.close();
    },
  };
}

export type PetstoreCore = ReturnType<typeof openPetstoreCore>;
