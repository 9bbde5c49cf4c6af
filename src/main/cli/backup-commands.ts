import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ENVIRONMENT_LABELS } from '../../shared/contract';
import { backupOutOption } from './backup-out-option';
import { EXIT, environmentArg, parse, UsageError, type Command } from './cli-args';

export { restore } from './restore-command';

/** `backup [--env E] [--out DIR]`: each database (or E's) backed up now, checked, into the backup folder or DIR. */
export const backup: Command = async (args, { core, io }) => {
  const { values, positionals } = parse(args, { env: { type: 'string' }, out: { type: 'string' } });
  if (positionals.length > 0)
    throw new UsageError(`backup takes no ${positionals[0]}: did you mean --out ${positionals[0]}?`);
  const environment = values['env'] === undefined ? undefined : environmentArg(values['env'] as string, false);
  const given = backupOutOption(values['out']);
  const out = given === undefined ? undefined : resolve(given);
  const making = out !== undefined && !existsSync(out); // the backup makes it: say so
  const made = await core().backUpNow(environment, out);
  if (making) io.err(`Made the folder ${out}.`);
  if (values['json'] === true)
    io.out(JSON.stringify(made.map(({ file, environment: of, madeAt }) => ({ file, environment: of, madeAt }))));
  else for (const { file, environment: of } of made) io.out(`Backed up ${ENVIRONMENT_LABELS[of]}: ${file}`);
  return EXIT.ok;
};
