import type { EnvironmentName, RemoteEnvironment } from '../../shared/contract';
import type {
  ActiveEnvironmentView,
  ConnectionVerdictView,
  EnvironmentSettingsView,
  PreferencesView,
} from '../../shared/ipc/views';
import { connectionInWords } from './connection-in-words';
import type { CoreParts } from './core-parts';
import type { ConfirmKeyOrigin } from './key-access';

/** Which environment is active, each server's address and key, and the production preference: main decides. */
export function createEnvironmentUseCases({ server, settings, managerLock, events, confirmKeyOrigin }: CoreParts) {
  let revision = 0;

  /** The keychain says whether a key is set (settings only say when, and for which origin); read here, told to the status. */
  async function environmentSettings(environment: RemoteEnvironment): Promise<EnvironmentSettingsView> {
    const remote = server(environment);
    const { url, source, problem } = settings.baseUrl(environment);
    if (await remote.key.refresh()) remote.forgetServer(); // set or removed outside the app
    return {
      environment,
      baseUrl: url,
      baseUrlSource: source,
      baseUrlProblem: problem ?? null,
      key: remote.key.view(),
    };
  }

  return {
    activeEnvironment: (): ActiveEnvironmentView => ({ environment: settings.activeEnvironment(), revision }),

    /** Main decides, and tells every window; the newest decision carries the highest revision. */
    setActiveEnvironment(environment: EnvironmentName): ActiveEnvironmentView {
      if (environment !== settings.activeEnvironment()) managerLock.require('switch-environment', environment);
      settings.setActiveEnvironment(environment);
      const decided = { environment, revision: ++revision };
      events.emit('environmentChanged', decided);
      return decided;
    },

    /** Asks the server for one animal: how it stands afterwards, in words. */
    async testConnection(environment: RemoteEnvironment): Promise<ConnectionVerdictView> {
      const remote = server(environment);
      await remote.testConnection();
      const status = remote.status();
      return { connection: status.connection, message: connectionInWords(status) };
    },

    environmentSettings,

    setBaseUrl(environment: RemoteEnvironment, url: string): Promise<EnvironmentSettingsView> {
      const remote = server(environment);
      managerLock.require('set-address', environment);
      const before = settings.baseUrl(environment).url;
      const saved = settings.setBaseUrl(environment, url);
      if (saved !== before) remote.configurationChanged();
      return environmentSettings(environment);
    },

    /** A key for the environment's current address, and only for its origin. */
    async setKey(environment: RemoteEnvironment, key: string): Promise<EnvironmentSettingsView> {
      const remote = server(environment);
      managerLock.require('set-key', environment);
      await remote.key.set(key);
      remote.configurationChanged();
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
      const remote = server(environment);
      managerLock.require('move-key', environment);
      const wasBound = remote.key.state() === 'ready';
      const confirmed = await remote.key.confirmForAddress(ask);
      if (confirmed && !wasBound) remote.configurationChanged();
      return { ...(await environmentSettings(environment)), confirmed };
    },

    async clearKey(environment: RemoteEnvironment): Promise<EnvironmentSettingsView & { existed: boolean }> {
      const remote = server(environment);
      managerLock.require('clear-key', environment);
      const existed = await remote.key.clear();
      remote.configurationChanged();
      return { ...(await environmentSettings(environment)), existed };
    },

    preferences: (): PreferencesView => ({ confirmProductionAdds: settings.confirmProductionAdds() }),

    setPreferences({ confirmProductionAdds }: PreferencesView): PreferencesView {
      if (!confirmProductionAdds && settings.confirmProductionAdds()) managerLock.require('confirmations-off');
      settings.setConfirmProductionAdds(confirmProductionAdds);
      return { confirmProductionAdds: settings.confirmProductionAdds() };
    },
  };
}
