import { REMOTE_ENVIRONMENTS, type RemoteEnvironment } from '../../shared/contract';
import type { KeyStatusView } from '../../shared/ipc/views';
import { toAppError } from '../app-error';
import { BASE_URL_PRESETS } from '../config/settings';
import { checkDataFiles } from '../core/data-files';
import type { PetstoreCore } from '../core/petstore-core';
import { environmentArg, EXIT, parse, type CliIo } from './cli-args';

async function environmentsReport(core: PetstoreCore) {
  const remotes = await Promise.all(
    REMOTE_ENVIRONMENTS.map(async (environment) => {
      const settings = await core.environmentSettings(environment).catch((error: unknown) => toAppError(error));
      return { environment, settings };
    }),
  );
  return { active: core.activeEnvironment().environment, remotes };
}

export async function envShow(core: PetstoreCore, io: CliIo, json: boolean): Promise<number> {
  const { active, remotes } = await environmentsReport(core);
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
                },
          ]),
        ),
      }),
    );
    return EXIT.ok;
  }
  io.out(`Active environment: ${active}${active === 'production' ? '   <<< PRODUCTION: the live shop >>>' : ''}`);
  io.out('local:       the embedded store on this computer');
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
    if (settings.baseUrlProblem) io.out(`             ${settings.baseUrlProblem}`);
  }
  return EXIT.ok;
}

export async function keyStatus(core: PetstoreCore, io: CliIo, json: boolean): Promise<number> {
  const statuses = await Promise.all(
    REMOTE_ENVIRONMENTS.map(async (environment) => ({
      environment,
      ...(await core.environmentSettings(environment)).key,
    })),
  );
  if (json) {
    io.out(JSON.stringify(Object.fromEntries(statuses.map(({ environment, ...key }) => [environment, key]))));
  } else {
    for (const { environment, ...key } of statuses) io.out(`${environment}: ${keyInWords(key, environment)}`);
  }
  return EXIT.ok;
}

export async function doctor(useCore: () => PetstoreCore, io: CliIo): Promise<number> {
  let problems = 0;
  const line = (ok: boolean, text: string) => {
    if (!ok) problems++;
    io.out(`${ok ? 'ok     ' : 'PROBLEM'} ${text}`);
  };
  // Each file first, read only: a damaged one is named here, before opening the app would stop on it.
  const files = io.dataDir === undefined ? [] : checkDataFiles(io.dataDir);
  for (const { file, problem } of files) line(problem === null, problem ?? `${file} is sound`);
  if (files.some(({ problem }) => problem !== null)) return EXIT.serviceError;
  const core = useCore();
  const health = await core.healthCheck();
  line(health.keychain === null, health.keychain ?? 'OS keychain reachable');
  line(true, `active environment: ${core.activeEnvironment().environment}`);
  for (const environment of REMOTE_ENVIRONMENTS) {
    const { baseUrl, baseUrlProblem } = await core.environmentSettings(environment).catch(() => ({
      baseUrl: core.serverStatus(environment).address,
      baseUrlProblem: null,
    }));
    if (baseUrl === null) {
      io.out(
        `-       ${environment}: not configured${baseUrlProblem ? ` (${baseUrlProblem})` : ''}; set it with env set-url ${environment} <url> if the shop uses it`,
      );
      continue;
    }
    const verdict = await core.testConnection(environment);
    line(verdict.connection === 'online', `${environment}: ${verdict.message}`);
  }
  return problems === 0 ? EXIT.ok : EXIT.serviceError;
}

/** `key confirm`: the key set for one origin, sent to the environment's new address after a yes at the terminal (or --yes). */
export async function keyConfirm(args: string[], core: PetstoreCore, io: CliIo, yes: boolean): Promise<number> {
  const { positionals } = parse(args);
  const environment = environmentArg(positionals[0], true);
  let unanswerable = false;
  const { confirmed, key, baseUrl } = await core.confirmKeyForAddress(environment, {
    ask: async ({ from, to }) => {
      if (yes) return true;
      const answer = await io.confirm(
        `The ${environment} key was set for ${from ?? 'an unknown address'}. Send it to ${to}? [y/N] `,
      );
      unanswerable = answer === null;
      return answer === true;
    },
  });
  if (confirmed) {
    io.out(`The ${environment} key is sent to ${key.origin ?? baseUrl} from now on.`);
    return EXIT.ok;
  }
  io.err(
    unanswerable
      ? `Not confirmed: there is no terminal to ask at. Run it at a terminal, or add --yes if you are sure ${baseUrl} is the ${environment} server.`
      : `Not confirmed: the ${environment} key is not sent to ${baseUrl}.`,
  );
  return EXIT.usage;
}

/** How a key stands, in words: when it was set, and whether it goes to the current address. */
function keyInWords({ set, setAt, origin, forCurrentAddress }: KeyStatusView, environment: RemoteEnvironment): string {
  if (!set) return 'not set';
  const when = setAt ? ` on ${setAt.slice(0, 10)}` : '';
  const where = origin ? ` for ${origin}` : '';
  const warning = forCurrentAddress
    ? ''
    : ` (not for the current address: not sent until you run petstore key confirm ${environment}, or set a new key)`;
  return `set${when}${where}${warning}`;
}
