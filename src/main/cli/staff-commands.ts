import { pinRule, type StaffRole } from '../../shared/contract';
import { EXIT, parse, UsageError, type CommandGroup } from './cli-args';
import { secretOnce } from './manager-commands';

/** The one name a command names, whole (quoted when it has spaces). */
function nameOf(args: string[], command: string, options: Parameters<typeof parse>[1] = {}) {
  const { values, positionals } = parse(args, options);
  if (positionals.length !== 1)
    throw new UsageError(`staff ${command} needs the person's name (in quotes when it has spaces)`);
  return { values, name: positionals[0]! };
}

/**
 * `staff list | add | remove | set-pin`: the shop's staff, kept by a manager (each change asks for
 * the manager's PIN, as the manager's commands do). A PIN is read from standard input (or typed
 * unseen), never an argument. Nobody signs in here: the command line is not the counter.
 */
export const staffCommands: CommandGroup = {
  async list(args, { core, io }) {
    const { values } = parse(args);
    const { staff } = core().counter();
    if (values['json']) io.out(JSON.stringify(staff));
    else if (staff.length === 0) io.out('Nobody is on the staff list: the counter asks nobody to sign in.');
    else
      io.out(
        staff.map(({ name, role }, index) => `${String(index + 1).padStart(2)}  ${role.padEnd(7)}  ${name}`).join('\n'),
      );
    return EXIT.ok;
  },

  async add(args, { core, io }) {
    const { values, name } = nameOf(args, 'add', { manager: { type: 'boolean', default: false } });
    const role: StaffRole = values['manager'] ? 'manager' : 'staff';
    const opened = core();
    const pin = await secretOnce(io, `${name}'s PIN, ${pinRule(role)} (not shown): `);
    await opened.addStaff({ name, role, pin: pin.trim() });
    io.out(`${name} is on the staff list, as ${role === 'manager' ? 'a manager' : 'staff'}.`);
    return EXIT.ok;
  },

  async remove(args, { core, io }) {
    const { name } = nameOf(args, 'remove');
    core().removeStaff({ name });
    io.out(`${name} is no longer on the staff list.`);
    return EXIT.ok;
  },

  async 'set-pin'(args, { core, io }) {
    const { name } = nameOf(args, 'set-pin');
    const opened = core();
    const pin = await secretOnce(io, `${name}'s new PIN (not shown): `);
    await opened.setStaffPin({ name, pin: pin.trim() });
    io.out(`${name} has a new PIN.`);
    return EXIT.ok;
  },
};
