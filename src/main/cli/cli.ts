import {
  REMOTE_ENVIRONMENTS,
  type AppError,
  type EnvironmentName,
  type RemoteEnvironment,
} from '../../shared/contract';
import { toAppError } from '../app-error';
import { APP_VERSION } from '../config/app-version';
import { BASE_URL_PRESETS } from '../config/settings';
import type { PetstoreCore } from '../core/petstore-core';
import { guardWrites, type GuardedWrites } from '../core/write-guard';
import { checkDataFiles } from '../core/data-files';
import { productionYes } from './production-yes';
import type { KeyStatusView } from '../../shared/ipc/views';

import {
  environmentArg,
  environmentOption,
  EXIT,
  parse,
  UsageError,
  type CliIo,
  type Parsed,
  type WritingCommand,
} from './cli-args';
import { entriesAsTable, petsAsJson, petsAsTable } from './output';
import { changePet } from './change-commands';
import { categories, exportAnimals, importAnimals, manager } from './file-commands';
import { outbox, sync } from './sync-commands';

export const USAGE = `usage: petstore <command>   (or npm run -s cli -- <command>)
  --help, --version
  env show [--json]                          the active environment, addresses and key status
  env use <local|production|staging>         switch the active environment
  env set-url <production|staging> <url>     set a server's base address (https://.../v1)
  key set <production|staging>               read the key from standard input, keep it in the OS keychain
                                             (for the origin of the current address: it is sent nowhere else)
  key confirm <production|staging>           send the key to the environment's new address (another origin)
  key clear <production|staging>
  key status [--json]
  pets list [--status S] [--limit N] [--env E] [--json]
  pets list --all [--search T] [--status S] [--sort newest|oldest|name] [--env E] [--json]
                                             every animal (a server's every page), streamed: a table, or JSON lines
  pets list --search T [--limit N] [...]      the first N whose name holds T (any part, case and accents aside)
  pets add --name N --category ID [--status S] [--anyway] [--env E] [--json]
                                             (--anyway: even when one of that name and category is there)
  pets import <file.csv> [--dry-run] [--look-alikes-too] [--env E] [--json]
                                             add a CSV's animals (name, category id or name, status), each
                                             row once however often the file is imported; problems by line
  pets export [--status S] [--search T] [--sort newest|oldest|name] [--out F] [--env E]
                                             CSV (UTF-8 with BOM, RFC 4180), to F or standard output
  categories list|export [--out F] [--env E]  the names of category ids, per environment
  categories name <id> <name>|--remove [--env E]
  categories import <file.csv> [--env E]     (category_id, name): all or none
  manager status | set-pin | remove-pin      the manager's PIN (read from standard input); with one set,
                                             env use, env set-url, key ..., categories name/import,
                                             outbox discard ask for it (at a terminal, or PETSTORE_MANAGER_PIN)
  pets get <id> [--env E] [--json]           (deprecated by the interface; use pets list --status)
  pets set-status <id> <available|pending|sold|none> [--env E] [--json]
  pets edit <id> [--name N] [--category ID] [--status S|none] [--env E] [--json]
                                             change an animal (a server: sent now, or kept and sent by sync)
  doctor                                     check each data file, the keychain and each server
  sync [--env E]                             send the outbox until it is empty or nothing more can be done
  outbox list [--env E] [--json]             animals added here and not yet accepted (and those accepted),
                                             and changes not yet accepted (entries c1, c2 ...), conflicts among them
  outbox retry <entry> [--env E]             resend a rejected entry, or confirm one for a changed address
  outbox discard <entry> [--env E]           drop an entry that will never be sent
  outbox keep-mine <entry> [--env E]         a conflict: send this change to the server's version now
  outbox take-theirs <entry> [--env E]       a conflict: drop this change, keep what the server has
--yes (anywhere): the answer to every question asked at a terminal (a write to production, a key's
  new address), for scripts; without it and without a terminal, nothing is done
exit codes: 0 ok, 1 error reported by the service (sync: entries refused, held, in conflict or still pending),
  2 usage error, 3 unreachable`;

/** The exit code an error means: the network (3), what a person must fix here (2), or what a service said (1). */
export function exitCodeOf(error: AppError): number {
  if (error.code === 'unreachable' || error.code === 'timeout') return EXIT.unreachable;
  if (PERSON_MUST_FIX.has(error.code)) return EXIT.usage;
  // A 400 from our own validation means the arguments were wrong and nothing was sent.
  if (error.server === undefined && error.status === 400) return EXIT.usage;
  return EXIT.serviceError;
}

/** Nothing was sent: the configuration needs a person first. */
const PERSON_MUST_FIX = new Set<AppError['code']>([
  'manager_pin_wrong',
  'manager_pin_wait',
  'no_key',
  'no_address',
  'key_unconfirmed',
  'keychain_unavailable',
  'untrusted_certificate',
  'not_confirmed',
]);

const HELP = new Set(['help', '--help', '-h']);
const VERSION = new Set(['--version', '-V']);

/** Whether a command line needs the core; help and the version are answered without opening anything. */
export const needsCore = ([first]: string[]): boolean => first !== undefined && !HELP.has(first) && !VERSION.has(first);

/** Runs one command; returns the exit code. Everything it prints goes through `io`. */
export async function runCli(argvGiven: string[], io: CliIo, openCore: () => PetstoreCore): Promise<number> {
  // --yes, anywhere on the line: a script's answer to every question a write would ask at a terminal.
  const yes = argvGiven.includes('--yes');
  const argv = argvGiven.filter((arg) => arg !== '--yes');
  const [group, command, ...rest] = argv;
  if (group === undefined || HELP.has(group)) {
    io.out(USAGE);
    return group === undefined ? EXIT.usage : EXIT.ok;
  }
  if (VERSION.has(group)) {
    io.out(`petstore ${APP_VERSION}`);
    return EXIT.ok;
  }
  let core: PetstoreCore | undefined;
  const useCore = () => (core ??= openCore());
  let writes: GuardedWrites | undefined;
  // A person typed the environment (or `env use` chose it): any is allowed; production asks for a yes.
  const useWrites = () =>
    (writes ??= guardWrites(useCore(), { environments: 'named', confirmProduction: productionYes(io, yes) }));
  try {
    try {
      return await runCommand();
    } catch (error) {
      const asked = toAppError(error);
      if (asked.code !== 'manager_pin_required' || asked.permit === undefined) throw error;
      // Main's lock, kept in the database, holds here too: a manager gives the PIN for this task, and it runs again.
      const pin = await io.managerPin();
      if (pin === null) {
        io.err(`${asked.message} Run it at a terminal, or set PETSTORE_MANAGER_PIN.`);
        return EXIT.usage;
      }
      await useCore().unlockManager(pin, asked.permit);
      return await runCommand();
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n${USAGE}`);
      return EXIT.usage;
    }
    const problem = toAppError(error, io.faults);
    io.err(problem.message);
    return exitCodeOf(problem);
  } finally {
    await core?.close();
  }

  async function runCommand(): Promise<number> {
    switch (group === 'sync' ? 'sync' : `${group} ${command ?? ''}`.trim()) {
      case 'env show':
        return await envShow(useCore(), io, parse(rest).values.json === true);
      case 'env use': {
        const { environment } = useCore().setActiveEnvironment(environmentArg(parse(rest).positionals[0], false));
        io.out(
          `Active environment: ${environment}${environment === 'production' ? ' (PRODUCTION: the live shop)' : ''}`,
        );
        return EXIT.ok;
      }
      case 'env set-url': {
        const { positionals } = parse(rest);
        const environment = environmentArg(positionals[0], true);
        if (positionals[1] === undefined) {
          throw new UsageError('env set-url needs the address, e.g. https://shop.example/v1');
        }
        io.out(`${environment}: ${(await useCore().setBaseUrl(environment, positionals[1])).baseUrl}`);
        return EXIT.ok;
      }
      case 'key set': {
        const environment = environmentArg(parse(rest).positionals[0], true);
        const key = await io.readSecret(`Key for ${environment} (not shown): `);
        if (key.trim() === '') throw new UsageError('no key was given on standard input');
        await useCore().setKey(environment, key);
        io.out(`The ${environment} key is set (kept in the OS keychain).`);
        return EXIT.ok;
      }
      case 'key confirm':
        return await keyConfirm(rest, useCore(), io, yes);
      case 'key clear': {
        const environment = environmentArg(parse(rest).positionals[0], true);
        const { existed } = await useCore().clearKey(environment);
        io.out(existed ? `The ${environment} key is cleared.` : `No ${environment} key was set.`);
        return EXIT.ok;
      }
      case 'key status':
        return await keyStatus(useCore(), io, parse(rest).values.json === true);
      case 'pets list':
      case 'pets add':
      case 'pets get':
        return await pets(command!, rest, { core: useCore(), io, writes: useWrites() });
      case 'pets set-status':
      case 'pets edit':
        return await changePet(command!, rest, { core: useCore(), io, writes: useWrites() });
      case 'pets import':
        return await importAnimals(rest, useCore(), io, useWrites());
      case 'pets export':
        return await exportAnimals(rest, useCore(), io);
      case 'categories list':
      case 'categories name':
      case 'categories import':
      case 'categories export':
        return await categories(command!, rest, useCore(), io);
      case 'manager status':
      case 'manager set-pin':
      case 'manager remove-pin':
        return await manager(command!, useCore(), io);
      case 'doctor':
        return await doctor(useCore, io);
      case 'sync':
        return await sync(argv.slice(1), useCore(), io);
      case 'outbox list':
      case 'outbox retry':
      case 'outbox discard':
      case 'outbox keep-mine':
      case 'outbox take-theirs':
        return await outbox(command!, rest, { core: useCore(), io, writes: useWrites() });
      default:
        throw new UsageError(`unknown command: ${argv.join(' ')}`);
    }
  }
}

/** Rows asked of the store at a time while streaming: memory stays flat whatever the inventory. */
const STREAM_ROWS = 500;

/**
 * `pets list --all` / `--search`: every animal of the environment (for a server, its every page
 * walked into the replica first), or the first `--limit` that match, streamed a block at a time:
 * one JSON object per line with --json, else a table. Animals added here and not yet on the
 * server are counted on standard error. When the server cannot be walked, what is known is listed
 * and the reason given, with its exit code.
 */
async function listEvery(
  environment: EnvironmentName,
  values: Parsed['values'],
  json: boolean,
  core: PetstoreCore,
  io: CliIo,
): Promise<number> {
  const all = values['all'] === true;
  const limit = all ? Infinity : parseLimit(values['limit']);
  const query = {
    ...(values['status'] === undefined ? {} : { status: values['status'] as never }),
    ...(values['search'] === undefined ? {} : { search: values['search'] as string }),
    ...(values['sort'] === undefined ? {} : { sort: values['sort'] as never }),
  };
  await core.refreshAnimals(environment);
  const inventory = environment === 'local' ? null : core.serverStatus(environment).inventory;
  let shown = 0;
  let waiting = 0;
  for (let offset = 0; shown < limit; offset += STREAM_ROWS) {
    const window = core.animals(environment, { ...query, offset, limit: STREAM_ROWS });
    const pets = window.rows.flatMap((row) => (row.kind === 'pet' ? [row.pet] : []));
    waiting += window.rows.length - pets.length;
    const page = pets.slice(0, limit - shown);
    if (page.length > 0) io.out(json ? page.map((pet) => petsAsJson(pet)).join('\n') : petsAsTable(page, offset === 0));
    else if (offset === 0 && !json) io.out('No animals.');
    shown += page.length;
    if (window.rows.length < STREAM_ROWS) break;
  }
  if (waiting > 0) io.err(`${waiting} added here and not yet on ${environment} (see: petstore outbox list).`);
  if (inventory !== null && inventory.state !== 'complete') {
    const problem = inventory.problem;
    io.err(
      inventory.state === 'first_pages_only'
        ? `${environment} shows only its first 100 animals per filter: others may exist.`
        : `Not every page of ${environment} could be read${problem ? `: ${problem.message}` : '.'} Shown: what this computer has.`,
    );
    if (inventory.state !== 'first_pages_only' && problem) return exitCodeOf(problem);
  }
  return EXIT.ok;
}

function parseLimit(value: string | boolean | undefined): number {
  if (value === undefined) return 20;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1)
    throw new UsageError(`--limit must be a whole number from 1, got ${String(value)}`);
  return limit;
}

async function pets(command: string, args: string[], { core, io, writes }: WritingCommand): Promise<number> {
  const { values, positionals } = parse(args, {
    env: { type: 'string' },
    status: { type: 'string' },
    limit: { type: 'string' },
    name: { type: 'string' },
    category: { type: 'string' },
    anyway: { type: 'boolean', default: false },
    all: { type: 'boolean', default: false },
    search: { type: 'string' },
    sort: { type: 'string' },
  });
  const environment = environmentOption(values, core);
  const json = values['json'] === true;
  if (
    command === 'list' &&
    (values['all'] === true || values['search'] !== undefined || values['sort'] !== undefined)
  ) {
    return await listEvery(environment, values, json, core, io);
  }
  if (command === 'list') {
    const query = {
      ...(values['limit'] === undefined ? {} : { limit: values['limit'] as never }),
      ...(values['status'] ? { status: values['status'] as never } : {}),
    };
    const view = await core.listPets(environment, query, { refresh: true });
    io.out(json ? petsAsJson(view.pets) : petsAsTable(view.pets));
    if (!json && view.unsynced.length > 0) {
      io.out(`\n${view.unsynced.length} added here and not yet on ${environment}:\n${entriesAsTable(view.unsynced)}`);
    }
    if (view.problem) {
      const shown = `Shown: the animals as last seen${view.listedAt ? ` (${view.listedAt})` : ''}.`;
      io.err(`${view.problem.message} ${shown}`);
      return exitCodeOf(view.problem);
    }
    return EXIT.ok;
  }
  if (command === 'add') return await addPet(environment, values, json, core, io, writes);
  if (positionals[0] === undefined) throw new UsageError('pets get needs an id');
  const pet = await core.getPet(environment, positionals[0]);
  io.out(json ? petsAsJson(pet) : petsAsTable([pet]));
  if (!json) io.err('Note: getPet is deprecated and is removed on 5 December 2030; use: pets list --status <status>');
  return EXIT.ok;
}

/** `pets add`: the same add as the window's; against a server, the command then waits for the first attempt to send it. */
async function addPet(
  environment: ReturnType<typeof environmentOption>,
  values: Record<string, string | boolean | undefined>,
  json: boolean,
  core: PetstoreCore,
  io: CliIo,
  writes: GuardedWrites,
): Promise<number> {
  const added = await writes.addPet(
    environment,
    {
      name: values['name'],
      categoryId: values['category'],
      ...(values['status'] === undefined ? {} : { status: values['status'] }),
    },
    { anyway: values['anyway'] === true },
  );
  if ('pet' in added) {
    io.out(json ? petsAsJson(added.pet) : `Added to ${environment}:\n${petsAsTable([added.pet])}`);
    return EXIT.ok;
  }
  const server = environment as RemoteEnvironment;
  await core.syncNow(server).catch(() => undefined); // the entry is safe; its state says what happened
  const entry = core.outboxEntry(server, added.entry.entryId) ?? added.entry;
  if (json) io.out(JSON.stringify(entry));
  if (entry.state === 'accepted') {
    if (!json) io.out(`Added to ${environment} as id ${entry.serverId}.`);
    return EXIT.ok;
  }
  if (entry.state === 'rejected') {
    io.err(
      `${environment} refused the animal: ${entry.lastError} (outbox entry ${entry.entryId}: fix it, or petstore outbox discard ${entry.entryId} --env ${environment})`,
    );
    return EXIT.serviceError;
  }
  if (!json) {
    io.out(
      `Saved here; pending: it will be sent to ${environment} by the next sync (outbox entry ${entry.entryId}).${entry.lastError ? `\nWhy not now: ${entry.lastError}` : ''}`,
    );
  }
  return EXIT.ok;
}

async function environmentsReport(core: PetstoreCore) {
  const remotes = await Promise.all(
    REMOTE_ENVIRONMENTS.map(async (environment) => {
      const settings = await core.environmentSettings(environment).catch((error: unknown) => toAppError(error));
      return { environment, settings };
    }),
  );
  return { active: core.activeEnvironment().environment, remotes };
}

async function envShow(core: PetstoreCore, io: CliIo, json: boolean): Promise<number> {
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

async function keyStatus(core: PetstoreCore, io: CliIo, json: boolean): Promise<number> {
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

async function doctor(useCore: () => PetstoreCore, io: CliIo): Promise<number> {
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
async function keyConfirm(args: string[], core: PetstoreCore, io: CliIo, yes: boolean): Promise<number> {
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
