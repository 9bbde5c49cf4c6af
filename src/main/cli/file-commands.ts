import { writeFile } from 'node:fs/promises';
import { lookAlikeInWords, PET_STATUSES, type AnimalSort, type PetStatus } from '../../shared/contract';
import type { PetstoreCore } from '../core/petstore-core';
import type { GuardedWrites } from '../core/write-guard';
import { environmentOption, EXIT, parse, UsageError, type CliIo } from './cli-args';

/**
 * `pets import <file>`: the window's import (a preview checked row by row with the contract's rules,
 * then the ready rows added by the same road as an add, each row once however often its file is
 * imported). `--dry-run` shows the preview only. Problems are printed on their lines.
 */
export async function importAnimals(
  args: string[],
  core: PetstoreCore,
  io: CliIo,
  writes: GuardedWrites,
): Promise<number> {
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
  const { counts } = preview;
  const summary = `${counts.ready} ready, ${counts.invalid} with problems, ${counts.look_alike} like animals already there, ${counts.imported} imported before`;
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
      : `${preview.fileName}: ${summary}. Added ${outcome.added} to ${environment}${environment === 'local' ? '' : ' (sent by sync)'}.`,
  );
  if (environment !== 'local' && outcome.added > 0) await core.syncNow(environment).catch(() => undefined);
  return counts.invalid > 0 ? EXIT.serviceError : EXIT.ok;
}

/** `pets export`: every animal (or those of `--status`/`--search`, in `--sort` order) as CSV, to `--out` or standard output. */
export async function exportAnimals(args: string[], core: PetstoreCore, io: CliIo): Promise<number> {
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
  const { csv, rows } = core.exportAnimals(environment, {
    ...(status === undefined ? {} : { status: status as PetStatus }),
    ...(typeof values['search'] === 'string' ? { search: values['search'] } : {}),
    sort: (values['sort'] as AnimalSort | undefined) ?? 'oldest',
  });
  const out = values['out'];
  if (typeof out === 'string') {
    await writeFile(out, csv, 'utf8');
    io.err(`${rows} animals of ${environment} exported to ${out}.`);
  } else process.stdout.write(csv);
  return EXIT.ok;
}

/** `categories list|name|import|export`: the names of category ids, per environment. */
export async function categories(command: string, args: string[], core: PetstoreCore, io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, {
    env: { type: 'string' },
    remove: { type: 'boolean', default: false },
    out: { type: 'string' },
  });
  const environment = environmentOption(values, core);
  switch (command) {
    case 'list': {
      const names = core.categoryNames(environment);
      io.out(
        values['json']
          ? JSON.stringify(names)
          : names.length === 0
            ? `No category of ${environment} has a name.`
            : names.map(({ categoryId, name }) => `${categoryId.padStart(20)}  ${name}`).join('\n'),
      );
      return EXIT.ok;
    }
    case 'name': {
      const [categoryId, name] = positionals;
      if (categoryId === undefined || (name === undefined && !values['remove']))
        throw new UsageError('categories name needs the id and the name (or --remove)');
      const named = core.nameCategory(environment, { categoryId, name: values['remove'] ? null : name });
      io.out(
        named
          ? `Category ${named.categoryId} of ${environment} is named ${named.name}.`
          : `Category ${categoryId} of ${environment} has no name now.`,
      );
      return EXIT.ok;
    }
    case 'import': {
      const [file] = positionals;
      if (file === undefined) throw new UsageError('categories import needs the CSV file to read');
      const { named } = (await core.importCategoryNamesFromFile(environment, file))!;
      io.out(`${named} category names of ${environment} imported.`);
      return EXIT.ok;
    }
    case 'export': {
      const csv = core.exportCategoryNames(environment);
      if (typeof values['out'] === 'string') await writeFile(values['out'], csv, 'utf8');
      else process.stdout.write(csv);
      return EXIT.ok;
    }
    default:
      throw new UsageError(`unknown command: categories ${command}`);
  }
}

/** `manager set-pin|remove-pin|status`: the PIN is read from standard input (or typed unseen), never an argument. */
export async function manager(command: string, core: PetstoreCore, io: CliIo): Promise<number> {
  switch (command) {
    case 'status': {
      const lock = core.managerLock();
      io.out(
        lock.pinSet
          ? `A manager's PIN is set.${lock.retryAfterMs > 0 ? ` Next try in ${Math.ceil(lock.retryAfterMs / 1000)} s.` : ''}`
          : 'No manager PIN is set.',
      );
      return EXIT.ok;
    }
    case 'set-pin': {
      const pin = (await io.readSecret('New manager PIN, 4 to 12 digits (not shown): ')).trim();
      await core.setManagerPin(pin);
      io.out("The manager's PIN is set.");
      return EXIT.ok;
    }
    case 'remove-pin':
      await core.setManagerPin(null);
      io.out("The manager's PIN is removed: nothing is locked.");
      return EXIT.ok;
    default:
      throw new UsageError(`unknown command: manager ${command}`);
  }
}
