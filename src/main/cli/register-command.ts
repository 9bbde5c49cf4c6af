import { writeFile } from 'node:fs/promises';
import { environmentOption, EXIT, parse, opened, type Command } from './cli-args';
import { csvOutOption } from './paper-out';

/** `register --from D --to D [--out F] [--env E]`: the register of the period, as CSV, to F or standard output. */
export const register: Command = async (args, context) => {
  const { core, io } = opened(context);
  const { values } = parse(args, {
    env: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    out: { type: 'string' },
  });
  const environment = environmentOption(values, core);
  const out = csvOutOption(values['out']);
  const { csv, rows } = core.register(environment, values['from'], values['to']);
  if (out !== undefined) {
    await writeFile(out, csv, 'utf8');
    io.err(
      `${rows} animal${rows === 1 ? '' : 's'} held by ${environment} from ${String(values['from'])} to ${String(values['to'])}, a row each by the day it was taken in, written to ${out}.`,
    );
  } else process.stdout.write(csv);
  return EXIT.ok;
};
