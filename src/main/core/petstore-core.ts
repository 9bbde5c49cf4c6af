import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import type { RemoteEnvironment } from '../../shared/contract';
import type { HistoryRoad } from '../../shared/contract/history';
import { toAppError, type FaultLog } from '../app-error';
import { BACKUP_FOLDER_NAME, DATABASE_FILE_NAME, dataDir as appDataDir } from '../config/data-dir';
import { createSettings } from '../config/settings';
import { keepDataFolderPrivate } from '../config/private-files';
import type { DeprecationNotice } from '../remote/remote-client';
import { createEnvironmentKeys } from '../secrets/environment-keys';
import { createKeychain, type Keychain } from '../secrets/keychain';
import { createCategoryNames } from '../database/category-names';
import { openDatabase } from '../database/database';
import { MIGRATIONS } from '../database/migrations';
import { createBackupUseCases } from './backup-use-cases';
import { runRestoreAskedAtOpen } from './pending-restore';
import { createRestoreUseCases } from './restore-use-cases';
import { createStaffTable } from '../database/staff-table';
import { createAnimalUseCases } from './animal-use-cases';
import { createCategoryUseCases } from './category-use-cases';
import type { CoreEvents, CoreParts, FilePurpose } from './core-parts';
import { createCounterSignIn } from './counter-sign-in';
import { createEntryUseCases } from './entry-use-cases';
import { createEnvironmentUseCases } from './environment-use-cases';
import { createHistoryUseCases } from './history-use-cases';
import { createFileUseCases } from './file-use-cases';
import { createFindUseCases } from './find-use-cases';
import type { Inventories, PersonActing } from './inventory';
import { createKeyAccess, type ConfirmKeyOrigin } from './key-access';
import { createLocalInventory } from './local-inventory';
import { createManagerLock } from './manager-lock';
import { createRegisterUseCases } from './register-use-cases';
import { createManagerUseCases } from './manager-use-cases';
import { createOrderUseCases } from './order-use-cases';
import { createPaperUseCases, type PaperRoads } from './paper-use-cases';
import { createPhotoUseCases } from './photo-use-cases';
import { createChromiumPrinter } from '../paper/chromium-printer';
import { PAPER_PHOTO_FOLDER_NAME, paperPhotoFolder } from '../paper/paper-photo-folder';
import { keepForPaper } from '../paper/paper-photo';
import { createRemoteEnvironments } from './remote-environments';
import { createRemoteInventory } from './remote-inventory';
import { createStaffUseCases } from './staff-use-cases';
import { createSupportUseCases } from './support-bundle';
import { createSyncUseCases } from './sync-use-cases';
import { createUndoUseCases } from './undo-use-cases';
import { createUpdateUseCases } from './update-use-cases';
import { createWeekUseCases } from './week-use-cases';
import type { ConfirmProductionWrite } from './write-guard';

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
  /** The sync thread's built script, when it is not beside the main bundle (a core run from its sources). */
  syncThreadScript?: URL;
  /** Where faults of ours are written (the app's log file). */
  log?: FaultLog;
  /**
   * Asks a person whether a key may go to an address of another origin than the one it was set
   * for (main's own dialog; the CLI's terminal). Without it, the answer is no.
   */
  confirmKeyOrigin?: ConfirmKeyOrigin;
  /** Saves a file where a person chooses (main's save dialog); the path, or null when they chose none. */
  saveFile?: (suggestedName: string, contents: string) => Promise<string | null>;
  /** Saves a zip (a support bundle) where a person chooses: main's save dialog, for zips. */
  saveZip?: (suggestedName: string, zip: Uint8Array) => Promise<string | null>;
  /** The path of a file a person chooses to read (main's open dialog), or null; the core reads it, bounded. */
  openFile?: (purpose: FilePurpose) => Promise<string | null>;
  /** The clock the PINs' waits, the manager's unlock and the idle sign-out are counted by. */
  now?: () => number;
  /**
   * Asks a person whether a write may go to production (main's own dialog), for the writes that
   * come through the window (see write-guard.ts). Without it, the answer is no.
   */
  confirmProductionWrite?: ConfirmProductionWrite;
  /** The road this core serves, named in each animal's history beside the person: the window, or the command line. */
  road?: HistoryRoad;
  /** Where cards, labels and the stock list print (see paper-use-cases.ts); by default a headless Chromium makes the PDFs. */
  paper?: Partial<PaperRoads>;
  /** Whether the core backs up each database by itself, daily, while it runs: by default the desktop app's (syncInThread). */
  dailyBackups?: boolean;
  /** Quits and starts the app again (the desktop app), for a restore asked for in the window. */
  restart?: () => void;
  /**
   * Whether a restore asked for in the window runs as this core opens: the desktop app's
   * (syncInThread) by default; never a command's, which may run while the app still has the file.
   */
  restoresAtOpen?: boolean;
}

/**
 * The Electron-free heart of the app, assembled over one data folder: every use case, once, in
 * groups over the same parts. The IPC router (for the window) and the CLI are thin adapters over
 * these functions; neither reaches the database, the keychain or a replica. What main decides
 * (the active environment, how each server stands, what data changed) is told through `on(...)`.
 */
export function openPetstoreCore({
  dataDir,
  env = process.env,
  keychain = createKeychain(),
  onDeprecation,
  syncInThread = false,
  syncThreadScript,
  log,
  confirmKeyOrigin = async () => false,
  saveFile = async () => null,
  saveZip = async () => null,
  openFile = async () => null,
  now = Date.now,
  confirmProductionWrite = async () => false,
  road = 'window',
  paper = {},
  dailyBackups = syncInThread,
  restart,
  restoresAtOpen = syncInThread,
}: CoreOptions) {
  // Before anything opens a file a restore asked for in the window replaces.
  if (dataDir === appDataDir({ ...env, PETSTORE_DATA_DIR: '' })) keepDataFolderPrivate(dataDir);
  const restoredAtOpen = restoresAtOpen ? runRestoreAskedAtOpen(dataDir, now(), log) : null;
  const databaseFile = join(dataDir, DATABASE_FILE_NAME);
  const db = openDatabase(databaseFile, MIGRATIONS, {
    backups: { folder: join(dataDir, BACKUP_FOLDER_NAME), environment: 'local' },
  });
  const settings = createSettings(db, env);
  const keyAccess = createKeyAccess(createEnvironmentKeys(keychain, settings), settings);
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
    syncThreadScript,
    log,
    onServerStatus: (status) => events.emit('serverStatus', status),
    onDataChanged: (environment) => events.emit('dataChanged', { environment }),
  });

  const staff = createStaffTable(db);
  const counter = createCounterSignIn({
    db,
    staff,
    settings,
    now,
    changed: (view) => events.emit('counterChanged', view),
  });
  const managerLock = createManagerLock({
    db,
    staff,
    now,
    managerAtCounter: counter.managerAtCounter,
    staffChanged: counter.staffChanged,
  });

  // Whoever is signed in at the counter when a write is made is named in the animal's history.
  const person: PersonActing = () => ({ via: road, by: counter.person()?.name ?? null, at: now() });
  // Chosen once, by name: no use case asks which kind of environment it works in.
  const remote = { remotes, keyAccess, log, person };
  const inventories: Inventories = {
    local: createLocalInventory(db, person),
    production: createRemoteInventory('production', remote),
    staging: createRemoteInventory('staging', remote),
  };

  const parts: CoreParts = {
    inventory: (environment) => inventories[environment],
    server: (environment) => inventories[environment].server(),
    settings,
    managerLock,
    staff,
    counter,
    categoryNames: createCategoryNames(db),
    events,
    log,
    confirmKeyOrigin,
    saveFile,
    openFile,
    now,
  };

  const backupUseCases = createBackupUseCases(parts, { dataDir, appDb: db, daily: dailyBackups, restoredAtOpen });
  const restoreUseCases = createRestoreUseCases(parts, { dataDir, folder: backupUseCases.backupFolder, restart });
  const weekUseCases = createWeekUseCases(parts);
  const paperPhotos = paperPhotoFolder(join(dataDir, PAPER_PHOTO_FOLDER_NAME));
  const paperUseCases = createPaperUseCases(
    parts,
    {
      printer: () => createChromiumPrinter(env),
      photoFolder: paperPhotos,
      ...paper,
    },
    { weekAtAGlance: weekUseCases.weekAtAGlance },
  );
  const updateUseCases = createUpdateUseCases(parts, { dataDir, appDb: db });

  const core = {
    ...createAnimalUseCases(parts),
    ...createEntryUseCases(parts),
    ...createSyncUseCases(parts),
    ...createEnvironmentUseCases(parts),
    ...createCategoryUseCases(parts),
    ...createFileUseCases(parts),
    ...createManagerUseCases(parts),
    ...createPhotoUseCases(parts, { keepForPaper: ({ digest, paper }) => keepForPaper(digest, paper, paperPhotos) }),
    ...createRegisterUseCases(parts),
    ...weekUseCases,
    ...createUndoUseCases(parts),
    ...createHistoryUseCases(parts),
    ...createFindUseCases(parts),
    ...createOrderUseCases(parts),
    ...createStaffUseCases(parts),
    ...paperUseCases,
    ...backupUseCases,
    ...restoreUseCases,
    ...updateUseCases,

    /** Subscribes to what main decides and what changes; returns the unsubscribe. */
    on<E extends keyof CoreEvents>(event: E, listener: (...payload: CoreEvents[E]) => void): () => void {
      events.on(event, listener as never);
      return () => void events.off(event, listener as never);
    },

    /** Main's own question before a write from the window reaches production. */
    confirmProductionWrite,

    /** Starts each server's sync engine (the composition root does, once). */
    startSync: remotes.startSync,

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
      counter.close();
      await paperUseCases.closePaper();
      await backupUseCases.closeBackups();
      await updateUseCases.closeUpdates();
      await remotes.close();
      db.close();
    },
  };
  // The support bundle reads the core it belongs to.
  return { ...core, ...createSupportUseCases({ dataDir, saveZip, now, core: () => core }) };
}

export type PetstoreCore = ReturnType<typeof openPetstoreCore>;
