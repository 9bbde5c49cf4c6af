import { REMOTE_ENVIRONMENTS, type RemoteEnvironment } from '../../shared/contract';
import type { KeyStatusView } from '../../shared/ipc/views';
import { environmentArg, EXIT, parse, UsageError, type CommandGroup } from './cli-args';

/** `key set | confirm | clear <server>`, `key status`: each server's key, kept in the OS keychain for one origin. */
export const keyCommands: CommandGroup = {
  async set(args, { core, io }) {
    const environment = environmentArg(parse(args).positionals[0], true);
    const key = await io.readSecret(`Key for ${environment} (not shown): `);
    if (key.trim() === '') throw new UsageError('no key was given on standard input');
    await core().setKey(environment, key);
    io.out(`The ${environment} key is set (kept in the OS keychain).`);
    return EXIT.ok;
  },

  /** The key set for one origin, sent to the environment's new address after a yes at the terminal (or --yes). */
  async confirm(args, { core, io, yes }) {
    const opened = core();
    const environment = environmentArg(parse(args).positionals[0], true);
    let unanswerable = false;
    const { confirmed, key, baseUrl } = await opened.confirmKeyForAddress(environment, {
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
  },

  async clear(args, { core, io }) {
    const environment = environmentArg(parse(args).positionals[0], true);
    const { existed } = await core().clearKey(environment);
    io.out(existed ? `The ${environment} key is cleared.` : `No ${environment} key was set.`);
    return EXIT.ok;
  },

  async status(args, { core, io }) {
    const opened = core();
    const json = parse(args).values.json === true;
    const statuses = await Promise.all(
      REMOTE_ENVIRONMENTS.map(async (environment) => ({
        environment,
        ...(await opened.environmentSettings(environment)).key,
      })),
    );
    if (json) {
      io.out(JSON.stringify(Object.fromEntries(statuses.map(({ environment, ...key }) => [environment, key]))));
    } else {
      for (const { environment, ...key } of statuses) io.out(`${environment}: ${keyInWords(key, environment)}`);
    }
    return EXIT.ok;
  },
};

/** How a key stands, in words: when it was set, and whether it goes to the current address. */
export function keyInWords(
  { set, setAt, origin, forCurrentAddress, problem }: KeyStatusView,
  environment: RemoteEnvironment,
): string {
  if (problem !== null) return `unknown: the system keychain cannot be read (${problem})`;
  if (!set) return 'not set';
  const when = setAt ? ` on ${setAt.slice(0, 10)}` : '';
  const where = origin ? ` for ${origin}` : '';
  const warning = forCurrentAddress
    ? ''
    : ` (not for the current address: not sent until you run petstore key confirm ${environment}, or set a new key)`;
  return `set${when}${where}${warning}`;
}
