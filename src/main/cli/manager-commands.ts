import { EXIT, type CommandGroup } from './cli-args';

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
    const pin = (await io.readSecret('New manager PIN, 4 to 12 digits (not shown): ')).trim();
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
