import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  type AppError,
  isEnvironmentName,
  isRemoteEnvironment,
  type EnvironmentName,
  type RemoteEnvironment,
} from '../../shared/contract';
import type { FaultLog } from '../app-error';
import type { PetstoreCore } from '../core/petstore-core';
import type { GuardedWrites } from '../core/write-guard';

export const EXIT = { ok: 0, serviceError: 1, usage: 2, unreachable: 3 } as const;

export class UsageError extends Error {}

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  readSecret(prompt: string): Promise<string>;
  /** Asks a yes/no question at a terminal; null when there is no terminal to ask at. */
  confirm(question: string): Promise<boolean | null>;
  /** The manager's PIN, when a command needs it: PETSTORE_MANAGER_PIN, else typed unseen at a terminal; null when neither. */
  managerPin(): Promise<string | null>;
  /** Where a failure's stack is written (the app's log file), once there is one. */
  faults?: FaultLog;
  /** The data folder (doctor checks each file in it before anything opens them). */
  dataDir?: string;
}

/** What every command works with: the terminal, and the core and main's guarded writes, each opened on first use. */
export interface CommandContext {
  io: CliIo;
  /** --yes was given: the answer to every question a command would ask at a terminal. */
  yes: boolean;
  core(): PetstoreCore;
  writes(): GuardedWrites;
}

/** What a command that writes works with: the core to read, main's guarded writes, the terminal. */
export interface WritingCommand {
  core: PetstoreCore;
  io: CliIo;
  writes: GuardedWrites;
}

/** The core opened and the writes guarded, before the command reads its arguments. */
export const opened = ({ core, io, writes }: CommandContext): WritingCommand => ({
  core: core(),
  io,
  writes: writes(),
});

/** One command: the arguments after its name; the exit code. */
export type Command = (args: string[], context: CommandContext) => Promise<number>;

/** A group's commands by name (`pets list`, `pets add` ...). */
export type CommandGroup = Readonly<Record<string, Command>>;

export function environmentOption(values: Parsed['values'], core: PetstoreCore): EnvironmentName {
  return values['env'] === undefined
    ? core.activeEnvironment().environment
    : environmentArg(values['env'] as string, false);
}

/** `--env` (else the active environment) for a command only a server has: local is a usage error, in words. */
export function serverOption(parsed: Parsed, core: PetstoreCore): RemoteEnvironment {
  const environment = environmentOption(parsed.values, core);
  if (!isRemoteEnvironment(environment)) {
    throw new UsageError(
      'local has no outbox: everything added there is stored at once (use --env production or --env staging)',
    );
  }
  return environment;
}

export function environmentArg(value: string | undefined, remoteOnly: true): RemoteEnvironment;
export function environmentArg(value: string | undefined, remoteOnly: false): EnvironmentName;
export function environmentArg(value: string | undefined, remoteOnly: boolean): EnvironmentName {
  if (remoteOnly ? isRemoteEnvironment(value) : isEnvironmentName(value)) return value as EnvironmentName;
  throw new UsageError(
    `expected ${remoteOnly ? 'production or staging' : 'local, production or staging'}, got ${value ?? 'nothing'}`,
  );
}

type Options = NonNullable<ParseArgsConfig['options']>;
export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** A command's options read; an option given twice is refused (else the last would silently win), unless it may repeat. */
/** Refused: more positionals than a command takes (`what`: what it takes, in words), rather than leaving them unread. */
export function noMoreThan(positionals: readonly string[], count: number, what: string): void {
  if (positionals.length > count) throw new UsageError(`${what}, not more: ${positionals.slice(count).join(' ')}`);
}

export function parse(args: string[], options: Options = {}): Parsed {
  let parsed;
  try {
    parsed = parseArgs({
      args: negativeValuesJoined(args, options),
      options: { json: { type: 'boolean', default: false }, ...options },
      allowPositionals: true,
      strict: true,
      tokens: true,
    });
  } catch (error) {
    const negative = /^Unknown option '(-[0-9.][^']*)'/.exec((error as Error).message)?.[1];
    if (negative !== undefined)
      throw new UsageError(
        `${negative} is read as an option: a number below zero goes after --, as in: -- ${negative}`,
      );
    throw new UsageError((error as Error).message);
  }
  const seen = new Set<string>();
  for (const token of parsed.tokens) {
    if (token.kind !== 'option' || options[token.name]?.multiple === true) continue;
    if (seen.has(token.name)) throw new UsageError(`${token.rawName} is given twice: give it once`);
    seen.add(token.name);
  }
  return { values: parsed.values, positionals: parsed.positionals } as Parsed;
}

/**
 * `--price -5` as `--price=-5`: a negative number after an option that takes a value is that value
 * (parseArgs would take it for an option and call the pair ambiguous), refused or taken by its rules.
 */
function negativeValuesJoined(args: string[], options: Options): string[] {
  const joined: string[] = [];
  for (let at = 0; at < args.length; at++) {
    if (args[at] === '--') return [...joined, ...args.slice(at)]; // what follows is positional, as typed
    const name = /^--([a-z][a-z-]*)$/.exec(args[at]!)?.[1];
    const next = args[at + 1];
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined && /^-[0-9.]/.test(next)) {
      joined.push(`${args[at]}=${next}`);
      at += 1;
    } else joined.push(args[at]!);
  }
  return joined;
}

/** The exit code an error means: the network (3), what a person must fix here (2), or what a service said (1). */
export function exitCodeOf(error: AppError): number {
  if (error.code === 'unreachable' || error.code === 'timeout') return EXIT.unreachable;
  if (PERSON_MUST_FIX.has(error.code)) return EXIT.usage;
  // A refusal of our own (a wrong value, a file too large or not a photo) means the arguments were
  // wrong and nothing was sent.
  if (error.server === undefined && [400, 413, 415].includes(error.status ?? 0)) return EXIT.usage;
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
