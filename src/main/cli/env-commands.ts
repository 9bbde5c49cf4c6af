import { REMOTE_ENVIRONMENTS, type EnvironmentName } from '../../shared/contract';
import { toAppError } from '../app-error';
import { BASE_URL_PRESETS } from '../config/settings';
import type { PetstoreCore } from '../core/petstore-core';
import { environmentArg, EXIT, parse, UsageError, type CommandGroup } from './cli-args';
import { keyInWords } from './key-commands';

async function environmentsReport(core: PetstoreCore) {
  const remotes = await Promise.all(
    REMOTE_ENVIRONMENTS.map(async (environment) => {
      const settings = await core.environmentSettings(environment).catch((error: unknown) => toAppError(error));
      return { environment, settings };
    }),
  );
  return { active: core.activeEnvironment().environment, remotes };
}

/** The currency an environment's prices are read in, and whether it is kept or this computer's region's. */
const pricesIn = (core: PetstoreCore, environment: EnvironmentName) =>
  core.currencyKept(environment)
    ? `prices in ${core.currency(environment)}`
    : `prices in ${core.currency(environment)} (this computer’s region, until a price is written or a manager sets the shop’s: env set-currency ${environment} <code>)`;

/**
 * `env show | use <environment> | set-url <server> <url> | set-currency <environment> <code>`:
 * which environment is active, each server's address, and the currency of each one's prices.
 */
export const envCommands: CommandGroup = {
  async show(args, { core, io }) {
    const opened = core();
    const json = parse(args).values.json === true;
    const { active, remotes } = await environmentsReport(opened);
    if (json) {
      io.out(
        JSON.stringify({
          active,
          environments: Object.fromEntries(
            remotes.map(({ environment, settings }) => [
              environment,
              'code' in settings
                ? { url: null, urlSource: 'none', keySet: false, keySetAt: null, problem: settings.message }
                : {
                    url: settings.baseUrl,
                    urlSource: settings.baseUrlSource,
                    keySet: settings.key.set,
                    keySetAt: settings.key.setAt,
                    keyOrigin: settings.key.origin,
                    keyForCurrentAddress: settings.key.forCurrentAddress,
                    keyProblem: settings.key.problem,
                  },
            ]),
          ),
        }),
      );
      return EXIT.ok;
    }
    io.out(`Active environment: ${active}${active === 'production' ? '   <<< PRODUCTION: the live shop >>>' : ''}`);
    io.out(`local:       the local store on this computer; ${pricesIn(opened, 'local')}`);
    for (const { environment, settings } of remotes) {
      if ('code' in settings) {
        io.out(`${`${environment}:`.padEnd(12)} ${settings.message}`);
        continue;
      }
      const url =
        settings.baseUrl === null
          ? `no address (set one with env set-url ${environment} <url>)`
          : `${settings.baseUrl}${settings.baseUrlSource === 'environment variable' ? ` (from ${BASE_URL_PRESETS[environment]})` : ''}`;
      io.out(`${`${environment}:`.padEnd(12)} ${url}; key ${keyInWords(settings.key, environment)}`);
      io.out(`             ${pricesIn(opened, environment)}`);
      if (settings.baseUrlProblem) io.out(`             ${settings.baseUrlProblem}`);
    }
    return EXIT.ok;
  },

  async use(args, { core, io }) {
    const opened = core();
    const { environment } = opened.setActiveEnvironment(environmentArg(parse(args).positionals[0], false));
    io.out(`Active environment: ${environment}${environment === 'production' ? ' (PRODUCTION: the live shop)' : ''}`);
    return EXIT.ok;
  },

  async 'set-currency'(args, { core, io }) {
    const { positionals } = parse(args);
    const environment = environmentArg(positionals[0], false);
    if (positionals[1] === undefined)
      throw new UsageError('env set-currency needs an ISO 4217 currency code, e.g. GBP, EUR or USD');
    const { currency } = core().setCurrency({ environment, currency: positionals[1] });
    io.out(`${environment}: prices in ${currency} (the amounts kept stay the same numbers)`);
    return EXIT.ok;
  },

  async 'set-url'(args, { core, io }) {
    const { positionals } = parse(args);
    const environment = environmentArg(positionals[0], true);
    if (positionals[1] === undefined)
      throw new UsageError('env set-url needs the address, e.g. https://shop.example/v1');
    io.out(`${environment}: ${(await core().setBaseUrl(environment, positionals[1])).baseUrl}`);
    return EXIT.ok;
  },
};
