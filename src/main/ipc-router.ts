import type { z } from 'zod';
import { ApiError, newPetSchema, parseOrThrow, type EnvironmentName, type RemoteEnvironment } from '../shared/contract';
import {
  IPC_REQUESTS,
  type IpcChannel,
  type IpcError,
  type IpcEvents,
  type IpcOutcome,
  type IpcResults,
} from '../shared/ipc/contract';
import type { PetstoreCore } from './petstore-core';
import { RemoteError } from './remote/remote-error';
import { testConnection } from './remote/test-connection';
import { KeychainUnavailableError } from './secrets/keychain';

type Handlers = {
  [C in IpcChannel]: (argument: z.output<(typeof IPC_REQUESTS)[C]>) => Promise<IpcResults[C]> | IpcResults[C];
};
export type Emit = <E extends keyof IpcEvents>(event: E, payload: IpcEvents[E]) => void;

/**
 * The handlers behind every IPC channel, over the Electron-free core. Electron's ipcMain, a
 * Playwright binding and unit tests all call them through `dispatch`.
 */
export function createIpcRouter(core: PetstoreCore, emit: Emit) {
  const watched = new Set<RemoteEnvironment>();
  const replica = (environment: RemoteEnvironment) => {
    const opened = core.replica(environment);
    if (!watched.has(environment)) {
      watched.add(environment);
      opened.engine.events.on('status', (status) => emit('syncStatus', status));
      opened.engine.events.on('data-changed', () => emit('dataChanged', { environment }));
      opened.engine.start();
    }
    return opened;
  };
  const remote = (environment: EnvironmentName): RemoteEnvironment => {
    if (environment === 'local')
      throw new ApiError('invalid_parameter', 'This needs a server environment (production or staging), not local.');
    return environment;
  };

  const handlers: Handlers = {
    listPets: ({ environment, query }) =>
      environment === 'local' ? core.localView(query) : replica(environment).listPets(query),
    refreshPets: ({ environment, query }) => replica(environment).refresh(query),
    addPet: ({ environment, pet }) => {
      if (environment === 'local') {
        const created = core.localStore.createPet(pet);
        emit('dataChanged', { environment });
        return { pet: created };
      }
      const entry = replica(environment).createPet(pet); // durable now; sent in the background
      emit('dataChanged', { environment });
      return { entry };
    },
    getPet: ({ environment, petId }) => core.getPet(environment, petId),
    activeEnvironment: () => core.activeEnvironment(),
    setActiveEnvironment: ({ environment }) => {
      core.settings.setActiveEnvironment(environment);
      emit('environmentChanged', { environment });
      return environment;
    },
    setBaseUrl: ({ environment, url }) => core.settings.setBaseUrl(remote(environment), url),
    setKey: async ({ environment, key }) => {
      await core.setKey(environment, key);
      return core.keys.status(environment);
    },
    clearKey: async ({ environment }) => {
      await core.keys.clear(environment);
      return core.keys.status(environment);
    },
    keyStatus: ({ environment }) => core.keys.status(environment),
    environmentSettings: async ({ environment }) => {
      const { url, source, problem } = core.settings.baseUrl(environment);
      return {
        environment,
        baseUrl: url,
        baseUrlSource: source,
        baseUrlProblem: problem ?? null,
        key: await core.keys.status(environment),
      };
    },
    preferences: () => ({ confirmProductionAdds: core.settings.confirmProductionAdds() }),
    setPreferences: ({ confirmProductionAdds }) => {
      core.settings.setConfirmProductionAdds(confirmProductionAdds);
      return { confirmProductionAdds: core.settings.confirmProductionAdds() };
    },
    testConnection: ({ environment }) => testConnection(core.remoteClient(environment)),
    syncNow: async ({ environment }) => {
      const opened = replica(environment);
      await opened.engine.syncNow({ force: true });
      return opened.engine.status();
    },
    syncStatus: ({ environment }) => replica(environment).engine.status(),
    resendEntry: ({ environment, entryId, fixed }) => {
      const opened = replica(environment);
      const pet = fixed === undefined ? undefined : parseOrThrow(newPetSchema('app'), fixed, 'invalid_body', 'body');
      if (!opened.outbox.resend(entryId, pet)) return null;
      emit('syncStatus', opened.engine.status());
      opened.engine.syncNow().catch(() => undefined); // as for an add: the status tells what went wrong
      return opened.outbox.get(entryId) ?? null;
    },
    discardEntry: ({ environment, entryId }) => {
      const opened = replica(environment);
      const discarded = opened.outbox.discard(entryId);
      if (discarded) {
        emit('dataChanged', { environment });
        emit('syncStatus', opened.engine.status());
      }
      return discarded;
    },
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
      return { ok: false, error: toIpcError(error) };
    }
  }

  return { dispatch, handlers };
}

export type IpcRouter = ReturnType<typeof createIpcRouter>;

export function toIpcError(error: unknown): IpcError {
  if (error instanceof ApiError)
    return { source: 'app', code: error.code, message: error.message, status: error.status };
  if (error instanceof RemoteError) {
    return error.kind === 'service_error'
      ? {
          source: 'server',
          code: error.details.code ?? 'service_error',
          message: error.details.serverMessage ?? error.message,
          ...(error.details.status ? { status: error.details.status } : {}),
        }
      : { source: 'app', code: error.kind, message: error.message };
  }
  if (error instanceof KeychainUnavailableError)
    return { source: 'app', code: 'keychain_unavailable', message: error.message };
  return { source: 'app', code: 'internal', message: 'Something failed inside the app; the log file has the details.' };
}
