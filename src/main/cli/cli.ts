import { toAppError } from '../app-error';
import { APP_VERSION } from '../config/app-version';
import type { PetstoreCore } from '../core/petstore-core';
import { guardWrites, type GuardedWrites } from '../core/write-guard';
import { backup, restore } from './backup-commands';
import { categoriesCommands } from './categories-commands';
import {
  EXIT,
  exitCodeOf,
  UsageError,
  type CliIo,
  type Command,
  type CommandContext,
  type CommandGroup,
} from './cli-args';
import { messageWithOptions } from './animal-options';
import { problemInWords } from './output';
import { commandUsage } from './command-usage';
import { doctor } from './doctor-command';
import { register } from './register-command';
import { reportWeek } from './report-command';
import { envCommands } from './env-commands';
import { keyCommands } from './key-commands';
import { managerCommands } from './manager-commands';
import { ordersCommands } from './orders-commands';
import { outboxCommands } from './outbox-commands';
import { petsCommands } from './pets-commands';
import { reportCommands } from './paper-commands';
import { productionYes } from './production-yes';
import { staffCommands } from './staff-commands';
import { sync } from './sync-command';
import { readingInputOnce } from './input-once';
import { USAGE } from './usage';

/** Each group's commands; `doctor` and `sync` are commands of their own. */
const GROUPS = new Map<string, CommandGroup>([
  ['env', envCommands],
  ['key', keyCommands],
  ['pets', petsCommands],
  ['categories', categoriesCommands],
  ['manager', managerCommands],
  ['staff', staffCommands],
  ['outbox', outboxCommands],
  ['report', { ...reportCommands, week: reportWeek }],
  ['orders', ordersCommands],
]);

const HELP = new Set(['help', '--help', '-h']);
const VERSION = new Set(['--version', '-V']);

/** Whether a command line needs the core; help and the version are answered without opening anything. */
export const needsCore = ([first]: string[]): boolean => first !== undefined && !HELP.has(first) && !VERSION.has(first);

/** The command a line names, and the arguments after its name. */
function commandOf(argv: string[]): { run: Command; args: string[] } {
  const [group = '', name = '', ...rest] = argv;
  if (group === 'sync') return { run: sync, args: argv.slice(1) };
  if (group === 'doctor' && (name === '' || name.startsWith('--'))) return { run: doctor, args: argv.slice(1) };
  if (group === 'register') return { run: register, args: argv.slice(1) };
  if (group === 'backup') return { run: backup, args: argv.slice(1) };
  if (group === 'restore') return { run: restore, args: argv.slice(1) };
  const commands = GROUPS.get(group);
  if (commands === undefined || !Object.hasOwn(commands, name))
    throw new UsageError(`unknown command: ${argv.join(' ')}`);
  return { run: commands[name]!, args: rest };
}

/** Runs one command; returns the exit code. Everything it prints goes through `io`. */
export async function runCli(argvGiven: string[], io: CliIo, openCore: () => PetstoreCore): Promise<number> {
  // --yes, anywhere on the line: a script's answer to every question a write would ask at a terminal.
  const yes = argvGiven.includes('--yes');
  const argv = argvGiven.filter((arg) => arg !== '--yes');
  if (argvGiven.length - argv.length > 1) {
    io.err(`--yes is given twice: give it once\n${commandUsage(argv)}`);
    return EXIT.usage;
  }
  const [group] = argv;
  if (group === undefined || HELP.has(group)) {
    io.out(USAGE);
    return group === undefined ? EXIT.usage : EXIT.ok;
  }
  if (VERSION.has(group)) {
    io.out(`petstore ${APP_VERSION}`);
    return EXIT.ok;
  }
  let core: PetstoreCore | undefined;
  let writes: GuardedWrites | undefined;
  const context: CommandContext = {
    io: readingInputOnce(io),
    yes,
    core: () => (core ??= openCore()),
    // A person typed the environment (or `env use` chose it): any is allowed; production asks for a yes.
    writes: () =>
      (writes ??= guardWrites(context.core(), { environments: 'named', confirmProduction: productionYes(io, yes) })),
  };
  try {
    const { run, args } = commandOf(argv);
    try {
      return await run(args, context);
    } catch (error) {
      const asked = toAppError(error);
      if (asked.code !== 'manager_pin_required' || asked.permit === undefined) throw error;
      // Main's lock, kept in the database, holds here too: a manager gives the PIN for this task, and it runs again.
      const pin = await io.managerPin();
      if (pin === null) {
        io.err(`${asked.message} Run it at a terminal, or set PETSTORE_MANAGER_PIN.`);
        return EXIT.usage;
      }
      await context.core().unlockManager(pin, asked.permit);
      return await run(args, context);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n${commandUsage(argv)}`);
      return EXIT.usage;
    }
    const problem = toAppError(error, io.faults);
    // Fields are said by the options that gave them.
    io.err(problem.fields !== undefined ? messageWithOptions(problem, argv) : problemInWords(problem));
    return exitCodeOf(problem);
  } finally {
    await core?.close();
  }
}
