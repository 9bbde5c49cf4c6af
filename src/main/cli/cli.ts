import { toAppError } from '../app-error';
import { APP_VERSION } from '../config/app-version';
import type { PetstoreCore } from '../core/petstore-core';
import { guardWrites, type GuardedWrites } from '../core/write-guard';
import { productionYes } from './production-yes';
import { environmentArg, EXIT, exitCodeOf, parse, UsageError, type CliIo } from './cli-args';
import { changePet } from './change-commands';
import { categories, exportAnimals, importAnimals, manager } from './file-commands';
import { outbox, sync } from './sync-commands';
import { doctor, envShow, keyConfirm, keyStatus } from './environment-commands';
import { pets } from './pets-commands';

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
