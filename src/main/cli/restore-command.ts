import { resolve } from 'node:path';
import { ENVIRONMENT_LABELS, managerTaskInWords } from '../../shared/contract';
import { lostInWords } from '../../shared/contract/backups';
import { toAppError } from '../app-error';
import { openAppLog } from '../config/app-log';
import { dataDir as defaultDataDir } from '../config/data-dir';
import { previewRestore, restoreBackup, type RestorePreview } from '../core/restore-backup';
import { checkRestorePin } from '../core/restore-guard';
import type { BackupContents } from '../database/backup-contents';
import type { Replaced } from '../database/restore-file';
import { EXIT, environmentArg, parse, UsageError, type Command, type CliIo } from './cli-args';

const counted = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

const holds = ({ environment, animals, unsent, madeAt, schemaVersion }: BackupContents) =>
  `${ENVIRONMENT_LABELS[environment]}, made ${new Date(madeAt).toISOString()} (schema ${schemaVersion}): ` +
  `${counted(animals, 'animal')}, ${counted(unsent, 'entry', 'entries')} not yet sent`;

function whatWouldBeLost({ lost, file }: RestorePreview): string[] {
  if (lost === null) return [`There is no ${file} now: nothing is lost.`];
  if (lost === 'unreadable') return [`The current ${file} cannot be read (damaged?); it is kept aside.`];
  const details = (lost.details ?? []).filter(({ count }) => count > 0);
  if (details.length === 0) return ['The current file holds nothing the backup lacks.'];
  return [
    'Lost from the current file (kept aside, not deleted):',
    ...details.map((detail) => `  ${lostInWords(detail)}`),
  ];
}

/** What a manager does for the people a restore left without a PIN: the exact commands. */
function pinAdvice({ notCarried, withoutPin, keptAside }: Replaced): string[] {
  if (withoutPin.length === 0) return [];
  const names = (role: string) => withoutPin.filter((person) => person.role === role).map(({ name }) => name);
  const managers = names('manager');
  const staff = names('staff');
  const why = notCarried.includes('pins')
    ? 'The PINs could not be carried over from the file replaced (it cannot be read): '
    : keptAside === null
      ? 'The backup holds no PINs: '
      : 'The backup holds no PINs, and the file replaced had none for them: ';
  return [
    `${why}${withoutPin.map(({ name }) => name).join(', ')} now ${withoutPin.length === 1 ? 'has' : 'have'} no PIN.`,
    ...(managers.length === 1
      ? ['A manager sets one again: petstore manager remove-pin, then petstore manager set-pin (no PIN asked).']
      : managers.length > 1
        ? [
            `A manager sets them again: petstore staff remove "<name>" for each of ${managers.join(', ')} (no PIN asked), then petstore staff add "<name>" --manager.`,
          ]
        : []),
    ...(staff.length > 0 ? [`Then each of ${staff.join(', ')}: petstore staff set-pin "<name>".`] : []),
  ];
}

/** Asks (at a terminal) until the person answers about what would be lost now; false for a no. */
async function confirmed(io: CliIo, request: Parameters<typeof previewRestore>[0], shown: RestorePreview) {
  let preview = shown;
  for (;;) {
    const answer = await io.confirm(`Restore it in place of ${preview.file}? Quit Petstore Desk first. [y/N] `);
    if (answer !== true) return answer;
    const now = previewRestore(request);
    if (JSON.stringify(now.lost) === JSON.stringify(preview.lost)) return true;
    io.out('The current file changed while you answered; what would be lost now:');
    for (const line of whatWouldBeLost(now)) io.out(line);
    preview = now;
  }
}

/**
 * `restore <file> [--env E] [--yes]`: shows what the backup holds and what would be lost, asks (at a
 * terminal; --yes in a script) and for the manager's PIN, then puts it in place of its environment's
 * file, keeping that one aside. The app must be closed: the command opens no core. Logged either way.
 */
export const restore: Command = async (args, { io, yes }) => {
  const { values, positionals } = parse(args, { env: { type: 'string' } });
  if (positionals.length !== 1) throw new UsageError('restore takes one backup file');
  const request = {
    dataDir: io.dataDir ?? defaultDataDir(),
    backup: resolve(positionals[0]!),
    environment: values['env'] === undefined ? undefined : environmentArg(values['env'] as string, false),
  };
  const log = openAppLog(request.dataDir);
  const refused = (why: string) => {
    log.warn({ command: 'restore', backup: request.backup }, `restore refused: ${why}`);
    io.err(why);
    return EXIT.usage;
  };
  try {
    const preview = previewRestore(request);
    io.out(`The backup holds ${holds(preview.backup)}.`);
    for (const line of whatWouldBeLost(preview)) io.out(line);
    const answer = yes || (await confirmed(io, request, preview));
    if (answer === null)
      return refused(
        'Not restored: a restore needs a yes, and there is no terminal to ask at. Add --yes if you mean it.',
      );
    if (!answer) return refused('Not restored.');
    const environment = preview.backup.environment;
    const guard = await checkRestorePin(request.dataDir, environment, io.managerPin);
    if (guard === 'not-given')
      return refused(
        `Not restored: ${managerTaskInWords({ task: 'restore-backup', environment })} needs the manager's PIN. Run it at a terminal, or set PETSTORE_MANAGER_PIN.`,
      );
    if (guard === 'unreadable')
      io.out("The app database cannot be read, so there is no manager's PIN to check: restoring without it.");
    const done = restoreBackup(request);
    log.info({ command: 'restore', backup: request.backup, file: done.file, keptAside: done.keptAside }, 'restored');
    io.out(`Restored ${ENVIRONMENT_LABELS[environment]} from ${request.backup}.`);
    if (done.keptAside !== null) {
      io.out(`The file that was there is kept as ${done.keptAside}.`);
      io.out(`To go back to it: quit Petstore Desk, then move it over ${done.file}.`);
    }
    for (const line of pinAdvice(done)) io.out(line);
    if (done.notCarried.includes('ids'))
      io.out(
        'The highest ids the file replaced gave could not be read: an id printed after the backup may be given to a new animal.',
      );
    if (done.backup.unsent > 0)
      io.out(`Its ${counted(done.backup.unsent, 'entry', 'entries')} not yet sent go out at the next sync, each once.`);
    return EXIT.ok;
  } catch (error) {
    const problem = toAppError(error, { error: (fields, message) => log.error(fields, message) });
    log.warn({ command: 'restore', backup: request.backup, code: problem.code }, `restore refused: ${problem.message}`);
    throw error;
  }
};
