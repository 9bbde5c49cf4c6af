import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ENVIRONMENT_LABELS } from '../../shared/contract';
import { ReportedError } from '../app-error';
import { dataDir as defaultDataDir } from '../config/data-dir';
import { previewRestore, restoreBackup, type RestorePreview } from '../core/restore-backup';
import type { BackupContents } from '../database/backup-contents';
import { backupOutOption } from './backup-out-option';
import { EXIT, environmentArg, parse, UsageError, type Command } from './cli-args';

const counted = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

const holds = ({ environment, animals, unsent, madeAt, schemaVersion }: BackupContents) =>
  `${ENVIRONMENT_LABELS[environment]}, made ${new Date(madeAt).toISOString()} (schema ${schemaVersion}): ` +
  `${counted(animals, 'animal')}, ${counted(unsent, 'entry', 'entries')} not yet sent`;

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

function whatWouldBeLost(preview: RestorePreview): string {
  if (preview.lost === null) return `There is no ${preview.file} now: nothing is lost.`;
  if (preview.lost === 'unreadable') return `The current ${preview.file} cannot be read (damaged?); it is kept aside.`;
  const { animals, unsent } = preview.lost;
  return (
    `Lost from the current file (kept aside, not deleted): ${counted(animals, 'animal')} the backup lacks, ` +
    `${counted(unsent, 'entry', 'entries')} not yet sent that the backup lacks.`
  );
}

/**
 * `restore <file> [--env E] [--yes]`: shows what the backup holds and what would be lost, asks (at a
 * terminal; --yes in a script), then puts it in place of its environment's file, keeping that one
 * aside. The app must be closed: the command opens no core.
 */
export const restore: Command = async (args, { io, yes }) => {
  const { values, positionals } = parse(args, { env: { type: 'string' } });
  if (positionals.length !== 1) throw new UsageError('restore takes one backup file');
  const request = {
    dataDir: io.dataDir ?? defaultDataDir(),
    backup: resolve(positionals[0]!),
    environment: values['env'] === undefined ? undefined : environmentArg(values['env'] as string, false),
  };
  const preview = previewRestore(request);
  io.out(`The backup holds ${holds(preview.backup)}.`);
  io.out(whatWouldBeLost(preview));
  if (!yes) {
    const answer = await io.confirm(`Restore it in place of ${preview.file}? Quit Petstore Desk first. [y/N] `);
    if (answer === null)
      throw new ReportedError({
        code: 'not_confirmed',
        message: 'Not restored: a restore needs a yes, and there is no terminal to ask at. Add --yes if you mean it.',
        status: 409,
      });
    if (!answer) {
      io.out('Not restored.');
      return EXIT.ok;
    }
  }
  const done = restoreBackup(request);
  io.out(`Restored ${ENVIRONMENT_LABELS[done.backup.environment]} from ${request.backup}.`);
  if (done.keptAside !== null) io.out(`The file that was there is kept as ${done.keptAside}.`);
  if (done.backup.unsent > 0)
    io.out(`Its ${counted(done.backup.unsent, 'entry', 'entries')} not yet sent go out at the next sync, each once.`);
  return EXIT.ok;
};
