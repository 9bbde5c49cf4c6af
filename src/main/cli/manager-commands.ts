import { EXIT, type CliIo, type CommandGroup } from './cli-args';

const secretsRead = new WeakMap<CliIo, Map<string, Promise<string>>>();

/**
 * A new PIN read once per command line: a command the manager's lock refused runs again once the
 * manager's PIN is given, and must not read standard input (already read to its end) again.
 */
export function secretOnce(io: CliIo, prompt: string): Promise<string> {
  const read = secretsRead.get(io) ?? new Map<string, Promise<string>>();
  secretsRead.set(io, read);
  if (!read.has(prompt)) read.set(prompt, io.readSecret(prompt));
  return read.get(prompt)!;
}

/** `manager status | set-pin | remove-pin`: the PIN is read from standard input (or typed unseen), never an argument. */
export const managerCommands: CommandGroup = {
  async status(_args, { core, io }) {
    const lock = core().managerLock();
    io.out(
      lock.pinSet
        ? `A manager's PIN is set.${lock.retryAfterMs > 0 ? ` Next try in ${Math.ceil(lock.retryAfterMs / 1000)} s.` : ''}`
        : 'No manager PIN is set.',
    );
    return EXIT.ok;
  },

  async 'set-pin'(_args, { core, io }) {
    const opened = core();
    const pin = (await secretOnce(io, 'New manager PIN, 4 to 12 digits (not shown): ')).trim();
    await opened.setManagerPin(pin);
    io.out("The manager's PIN is set.");
    return EXIT.ok;
  },

  async 'remove-pin'(_args, { core, io }) {
    await core().setManagerPin(null);
    io.out("The manager's PIN is removed: nothing is locked.");
    return EXIT.ok;
  },
};
