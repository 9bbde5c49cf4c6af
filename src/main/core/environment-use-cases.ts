import { isCurrencyCode, type EnvironmentName, type RemoteEnvironment } from '../../shared/contract';
import type {
  ActiveEnvironmentView,
  ConnectionVerdictView,
  CurrencyView,
  EnvironmentSettingsView,
  PreferencesView,
} from '../../shared/ipc/views';
import { connectionInWords } from './connection-in-words';
import type { CoreParts } from './core-parts';
import type { ConfirmKeyOrigin } from './key-access';

/** Which environment is active, each server's address and key, and the production preference: main decides. */
export function createEnvironmentUseCases({ server, settings, managerLock, events, confirmKeyOrigin }: CoreParts) {
  let revision = 0;
  const decision = (environment: EnvironmentName): ActiveEnvironmentView => ({
    environment,
    revision,
    currency: settings.currency(environment),
  });
  /** A new decision about the active environment, told to every window. */
  const decide = (environment: EnvironmentName): ActiveEnvironmentView => {
    revision++;
    const decided = decision(environment);
    events.emit('environmentChanged', decided);
    return decided;
  };

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
    activeEnvironment: (): ActiveEnvironmentView => decision(settings.activeEnvironment()),

    /** Main decides, and tells every window; the newest decision carries the highest revision. */
    setActiveEnvironment(environment: EnvironmentName): ActiveEnvironmentView {
      if (environment !== settings.activeEnvironment()) managerLock.require('switch-environment', environment);
      settings.setActiveEnvironment(environment);
      return decide(environment);
    },

    /** Whether the environment's currency is kept (a manager's, or its first price's), not this computer's region's. */
    currencyKept: (environment: EnvironmentName): boolean => settings.currencyKept(environment),

    /**
     * A manager's: the prices kept stay the same numbers, now read in `currency`. The active
     * environment's is told as a new decision, so the window shows its prices in it at once.
     */
    setCurrency({ environment, currency }: { environment: EnvironmentName; currency: string }): CurrencyView {
      const before = settings.currency(environment);
      const wanted = currency.trim().toUpperCase();
      // What is not a code is refused in the settings' words, before any PIN is asked.
      if (isCurrencyCode(wanted) && wanted !== before) managerLock.require('set-currency', environment);
      const saved = settings.setCurrency(environment, currency);
      if (saved !== before && environment === settings.activeEnvironment()) decide(environment);
      return { environment, currency: saved };
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
