import { writeFile } from 'node:fs/promises';
import {
  isRemoteEnvironment,
  lookAlikeInWords,
  PET_STATUSES,
  type AnimalSort,
  type PetStatus,
} from '../../shared/contract';
import { environmentOption, EXIT, parse, UsageError, type WritingCommand } from './cli-args';
import { csvOutOption } from './paper-out';

/**
 * `pets import <file>`: the window's import (a preview checked row by row with the contract's rules,
 * then the ready rows added by the same road as an add, each row once however often its file is
 * imported). `--dry-run` shows the preview only. Problems are printed on their lines.
 */
export async function importAnimals(args: string[], { core, io, writes }: WritingCommand): Promise<number> {
  const { values, positionals } = parse(args, {
    env: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    'look-alikes-too': { type: 'boolean', default: false },
  });
  const environment = environmentOption(values, core);
  const [file] = positionals;
  if (file === undefined) throw new UsageError('pets import needs the CSV file to read');
  const preview = (await core.previewImportFromFile(environment, file))!;
  for (const row of preview.rows) {
    if (row.state === 'invalid')
      io.err(
        `line ${row.line}: not added: ${row.problems.map(({ field, message }) => `${field} ${message}`).join('; ')}`,
      );
    else if (row.state === 'look_alike' && !values['look-alikes-too'])
      io.err(`line ${row.line}: not added: ${lookAlikeInWords(row)} (add these too with --look-alikes-too)`);
  }
  if (preview.unreadColumns.length > 0)
    io.err(`Not read (no animal's field has these columns): ${preview.unreadColumns.join(', ')}.`);
  const { counts } = preview;
  // Like an animal already there, or like a row above in the same file: each line above says which.
  const lookAlikes = (n: number) => `${n} look-alike${n === 1 ? '' : 's'}`;
  const summary = `${counts.ready} ready, ${counts.invalid} with problems, ${lookAlikes(counts.look_alike)}, ${counts.imported} imported before`;
  if (values['dry-run']) {
    io.out(
      values['json'] ? JSON.stringify(preview) : `${preview.fileName}: ${summary}. Nothing was added (--dry-run).`,
    );
    return EXIT.ok;
  }
  const outcome = await writes.importAnimals(environment, preview.importId, {
    lookAlikesToo: values['look-alikes-too'] === true,
  });
  io.out(
    values['json']
      ? JSON.stringify(outcome)
      : `${preview.fileName}: ${summary}. Added ${outcome.added} to ${environment}${isRemoteEnvironment(environment) ? ' (sent by sync)' : ''}.`,
  );
  if (isRemoteEnvironment(environment) && outcome.added > 0) await core.sendWaiting(environment).catch(() => undefined);
  return counts.invalid > 0 ? EXIT.serviceError : EXIT.ok;
}

/** `pets export`: every animal (or those of `--status`/`--search`, in `--sort` order) as CSV, to `--out` or standard output. */
export async function exportAnimals(args: string[], { core, io }: WritingCommand): Promise<number> {
  const { values } = parse(args, {
    env: { type: 'string' },
    status: { type: 'string' },
    search: { type: 'string' },
    sort: { type: 'string' },
    out: { type: 'string' },
  });
  const environment = environmentOption(values, core);
  const status = values['status'];
  if (status !== undefined && !(PET_STATUSES as readonly unknown[]).includes(status))
    throw new UsageError(`--status must be one of ${PET_STATUSES.join(', ')}`);
  const out = csvOutOption(values['out']);
  const { csv, rows } = core.exportAnimals(environment, {
    ...(status === undefined ? {} : { status: status as PetStatus }),
    ...(typeof values['search'] === 'string' ? { search: values['search'] } : {}),
    sort: (values['sort'] as AnimalSort | undefined) ?? 'oldest',
  });
  if (out !== undefined) {
    await writeFile(out, csv, 'utf8');
    io.err(`${rows} animals of ${environment} exported to ${out}.`);
  } else process.stdout.write(csv);
  return EXIT.ok;
}
