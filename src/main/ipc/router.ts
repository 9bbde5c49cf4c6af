import type { z } from 'zod';
import { ApiError, parseOrThrow, type AppError } from '../../shared/contract';
import {
  IPC_REQUESTS,
  type IpcChannel,
  type IpcEvents,
  type IpcOutcome,
  type IpcResults,
} from '../../shared/ipc/contract';
import { toAppError, type FaultLog } from '../app-error';
import type { PetstoreCore } from '../core/petstore-core';
import { guardWrites, type GuardedWrites } from '../core/write-guard';

type Handlers = {
  [C in IpcChannel]: (argument: z.output<(typeof IPC_REQUESTS)[C]>) => Promise<IpcResults[C]> | IpcResults[C];
};

/**
 * The handlers behind every IPC channel: each parses nothing itself and calls the core's use case of
 * the same name. Electron's ipcMain, a Playwright binding and unit tests all call them through
 * `dispatch`. Events (server status, data changed, environment changed) come from the core itself.
 */
export function createIpcRouter(
  core: PetstoreCore,
  log?: FaultLog,
  // The page may be anyone's: it writes only to the active environment, and production asks main's own question.
  writes: GuardedWrites = guardWrites(core, { environments: 'active', confirmProduction: core.confirmProductionWrite }),
) {
  const handlers: Handlers = {
    listPets: ({ environment, query, refresh }) => core.listPets(environment, query, { refresh }),
    animals: ({ environment, query }) => core.animals(environment, query),
    refreshAnimals: ({ environment }) => core.refreshAnimals(environment),
    addPet: ({ environment, pet, anyway }) => writes.addPet(environment, pet, { anyway: anyway === true }),
    changePet: ({ environment, petId, patch, revision }) =>
      writes.changePet(environment, petId, patch, revision === undefined ? {} : { revision }),
    getPet: ({ environment, petId }) => core.getPet(environment, petId),
    activeEnvironment: () => core.activeEnvironment(),
    setActiveEnvironment: ({ environment }) => core.setActiveEnvironment(environment),
    environmentSettings: ({ environment }) => core.environmentSettings(environment),
    setBaseUrl: ({ environment, url }) => core.setBaseUrl(environment, url),
    setKey: ({ environment, key }) => core.setKey(environment, key),
    clearKey: async ({ environment }) => {
      const { existed: _existed, ...settings } = await core.clearKey(environment);
      return settings;
    },
    confirmKeyForAddress: ({ environment }) => core.confirmKeyForAddress(environment),
    preferences: () => core.preferences(),

    setPreferences: (preferences) => core.setPreferences(preferences),
    testConnection: ({ environment }) => core.testConnection(environment),
    syncNow: async ({ environment }) => {
      const { pass: _pass, ...outcome } = await core.syncNow(environment);
      return outcome;
    },
    serverStatus: ({ environment }) => core.serverStatus(environment),
    resendEntry: ({ environment, entryId, fixed }) => writes.resendEntry(environment, entryId, fixed),
    editEntry: ({ environment, entryId, pet }) => writes.editEntry(environment, entryId, pet),
    resolveConflict: ({ environment, entryId, choice }) => writes.resolveConflict(environment, entryId, choice),
    discardEntry: ({ environment, entryId }) => writes.discardEntry(environment, entryId),
    addDefaults: ({ environment }) => core.addDefaults(environment),
    categoryNames: ({ environment }) => core.categoryNames(environment),
    nameCategory: ({ environment, categoryId, name }) => core.nameCategory(environment, { categoryId, name }),
    importCategoryNames: ({ environment }) => core.importCategoryNamesFromFile(environment),
    exportCategoryNames: ({ environment }) => core.exportCategoryNamesToFile(environment),
    exportAnimals: ({ environment, view }) => core.exportAnimalsToFile(environment, view),
    previewImport: ({ environment }) => core.previewImportFromFile(environment),
    importAnimals: ({ environment, importId, lookAlikesToo }) =>
      writes.importAnimals(environment, importId, { lookAlikesToo }),
    managerLock: () => core.managerLock(),
    unlockManager: ({ pin, permit }) => core.unlockManager(pin, permit),
    lockManager: () => core.lockManager(),
    setManagerPin: ({ pin }) => core.setManagerPin(pin),
  };

  /** Validates the channel and its argument, runs the handler, and returns the outcome as a value: never throws. */
  async function dispatch(channel: unknown, argument: unknown): Promise<IpcOutcome<unknown>> {
    try {
      if (typeof channel !== 'string' || !Object.prototype.hasOwnProperty.call(IPC_REQUESTS, channel)) {
        throw new ApiError('invalid_parameter', `There is no channel ${JSON.stringify(String(channel)).slice(0, 60)}.`);
      }
      const name = channel as IpcChannel;
      const valid = parseOrThrow(IPC_REQUESTS[name], argument, 'invalid_parameter', 'argument');
      const handler = handlers[name] as (argument: unknown) => unknown;
      return { ok: true, value: await handler(valid) };
    } catch (error) {
      return { ok: false, error: toAppError(error, log) satisfies AppError };
    }
  }

  return { dispatch, handlers };
}

export type IpcRouter = ReturnType<typeof createIpcRouter>;

/** What main decides and what changes, passed on to a window as the contract's events; returns the unsubscribe. */
export function forwardCoreEvents(
  core: PetstoreCore,
  send: <E extends keyof IpcEvents>(event: E, payload: IpcEvents[E]) => void,
): () => void {
  const unsubscribes = [
    core.on('serverStatus', (status) => send('serverStatus', status)),
    core.on('dataChanged', (change) => send('dataChanged', change)),
    core.on('environmentChanged', (decided) => send('environmentChanged', decided)),
    core.on('importProgress', (progress) => send('importProgress', progress)),
    core.on('categoriesChanged', (change) => send('categoriesChanged', change)),
  ];
  return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
}
