import { ApiError, parseOrThrow, type AppError } from '../../shared/contract';
import { IPC_REQUESTS, isIpcChannel, type IpcOutcome } from '../../shared/ipc/contract';
import { toAppError, type FaultLog } from '../app-error';
import type { PetstoreCore } from '../core/petstore-core';
import { guardPhotoWrites } from '../core/photo-use-cases';
import { guardWrites, type GuardedWrites } from '../core/write-guard';
import { channelHandlers } from './served-by-name';

/**
 * The handlers behind every IPC channel, each calling the core's use case of the same name (a write
 * through main's guard): a line here only where the use case's name or parameters differ from the
 * channel's (served-by-name.ts says when). Electron's ipcMain, a Playwright binding and unit tests
 * all call them through `dispatch`. Events (server status, data changed ...) come from the core.
 */
export function createIpcRouter(
  core: PetstoreCore,
  log?: FaultLog,
  // The page may be anyone's: it writes only to the active environment, as the person signed in at
  // the counter (when the shop has counter staff), and production asks main's own question.
  writes: GuardedWrites = guardWrites(core, {
    environments: 'active',
    confirmProduction: core.confirmProductionWrite,
    atCounter: true,
  }),
) {
  const photos = guardPhotoWrites(core, writes);
  const handlers = channelHandlers(
    { core, writes },
    {
      listPets: ({ environment, query, refresh }) => core.listPets(environment, query, { refresh }),
      animals: ({ environment, query }) => core.animals(environment, query),
      addPet: ({ environment, pet, anyway }) => writes.addPet(environment, pet, { anyway: anyway === true }),
      changePet: ({ environment, petId, patch, revision }) =>
        writes.changePet(environment, petId, patch, revision === undefined ? {} : { revision }),
      sellPet: ({ environment, petId, terms, revision }) =>
        writes.sellPet(environment, petId, terms, revision === undefined ? {} : { revision }),
      getPet: ({ environment, petId }) => core.getPet(environment, petId),
      findAnimal: ({ environment, text }) => core.findAnimal(environment, text),
      petHistory: ({ environment, petId, ...page }) => core.petHistory(environment, petId, page),
      serverPetHistory: ({ environment, petId }) => core.serverPetHistory(environment, petId),
      undoChange: ({ environment, petId, seq }) => writes.undoChange(environment, petId, seq),
      setBaseUrl: ({ environment, url }) => core.setBaseUrl(environment, url),
      setKey: ({ environment, key }) => core.setKey(environment, key),
      currency: ({ environment }) => ({ environment, currency: core.currency(environment) }),
      clearKey: async ({ environment }) => {
        const { existed: _existed, ...settings } = await core.clearKey(environment);
        return settings;
      },
      syncNow: async ({ environment }) => {
        const { pass: _pass, ...outcome } = await core.syncNow(environment);
        return outcome;
      },
      resendEntry: ({ environment, entryId, fixed }) => writes.resendEntry(environment, entryId, fixed),
      correctEntry: ({ environment, entryId, pet }) => writes.correctEntry(environment, entryId, pet),
      resolveConflict: ({ environment, entryId, choice }) => writes.resolveConflict(environment, entryId, choice),
      discardEntry: ({ environment, entryId }) => writes.discardEntry(environment, entryId),
      restoreEntry: ({ environment, entryId }) => writes.restoreEntry(environment, entryId),
      uploadKeptDetails: ({ environment }) => writes.uploadKeptDetails(environment),
      nameCategory: ({ environment, categoryId, name }) => core.nameCategory(environment, { categoryId, name }),
      importCategoryNames: ({ environment }) => core.importCategoryNamesFromFile(environment),
      exportCategoryNames: ({ environment }) => core.exportCategoryNamesToFile(environment),
      exportAnimals: ({ environment, view }) => core.exportAnimalsToFile(environment, view),
      exportRegisterToFile: ({ environment, from, to }) => core.exportRegisterToFile(environment, from, to),
      previewImport: ({ environment }) => core.previewImportFromFile(environment),
      importAnimals: ({ environment, importId, lookAlikesToo }) =>
        writes.importAnimals(environment, importId, { lookAlikesToo }),
      unlockManager: ({ pin, permit }) => core.unlockManager(pin, permit),
      setManagerPin: ({ pin }) => core.setManagerPin(pin),
      choosePhoto: ({ environment, petId, revision }) => photos.choosePhoto(environment, petId, revision),
      setPhotoFromBytes: ({ environment, petId, bytes, revision }) =>
        photos.setPhotoFromBytes(environment, petId, bytes, revision),
      removePhoto: ({ environment, petId, revision }) => photos.removePhoto(environment, petId, revision),
      photoBytes: ({ environment, petId, size, digest }) => core.photoBytes(environment, petId, size, digest),
      setCardFields: ({ fields }) => core.setCardFields(fields),
      backUpNow: async ({ environment }) => {
        await core.backUpNow(environment);
        return core.backupStatus();
      },
    },
  );

  /** Validates the channel and its argument, runs the handler, and returns the outcome as a value: never throws. */
  async function dispatch(channel: unknown, argument: unknown): Promise<IpcOutcome<unknown>> {
    try {
      if (!isIpcChannel(channel)) {
        throw new ApiError('invalid_parameter', `There is no channel ${JSON.stringify(String(channel)).slice(0, 60)}.`);
      }
      const valid = parseOrThrow(IPC_REQUESTS[channel].argument, argument, 'invalid_parameter', 'argument');
      const handler = handlers[channel] as (argument: unknown) => unknown;
      return { ok: true, value: await handler(valid) };
    } catch (error) {
      return { ok: false, error: toAppError(error, log) satisfies AppError };
    }
  }

  return { dispatch, handlers };
}

export type IpcRouter = ReturnType<typeof createIpcRouter>;
