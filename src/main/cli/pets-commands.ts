import { isRemoteEnvironment, type AnimalsWindow, type EnvironmentName } from '../../shared/contract';
import { ReportedError, toAppError } from '../app-error';
import type { PetstoreCore } from '../core/petstore-core';
import {
  environmentOption,
  EXIT,
  noMoreThan,
  exitCodeOf,
  opened,
  parse,
  UsageError,
  type CliIo,
  type CommandGroup,
  type Parsed,
  type WritingCommand,
} from './cli-args';
import { ANIMAL_OPTIONS, newPetOfOptions } from './animal-options';
import { askWhereDetailsGo, detailsKeptNote } from './details-kept-note';
import { entriesAsTable, petsAsJson, petsAsTable, problemInWords, sentence } from './output';
import { changePet } from './pets-change-commands';
import { sellPet } from './orders-commands';
import { petHistory } from './pets-history-command';
import { showPet } from './pets-show-command';
import { applyPhoto, PHOTO_OPTIONS, photoAsked, readyPhoto, refusePhotoOfAWaitingAdd } from './photo-option';
import { exportAnimals, importAnimals } from './pets-file-commands';
import { petsCard, petsLabels } from './paper-commands';

/** Rows asked of the store at a time while streaming: memory stays flat whatever the inventory. */
const STREAM_ROWS = 500;

/**
 * `pets list --all` / `--search`: every animal of the environment (for a server, its every page
 * walked into the replica first), or the first `--limit` that match, streamed a block at a time:
 * one JSON object per line with --json, else a table. Animals added here and not yet on the
 * server are counted on standard error. When the server cannot be walked, what is known is listed
 * and the reason given, with its exit code.
 */
async function listEvery(
  environment: EnvironmentName,
  values: Parsed['values'],
  json: boolean,
  core: PetstoreCore,
  io: CliIo,
): Promise<number> {
  const all = values['all'] === true;
  const limit = all ? Infinity : parseLimit(values['limit']);
  const query = {
    ...(values['status'] === undefined ? {} : { status: values['status'] as never }),
    ...(values['search'] === undefined ? {} : { search: values['search'] as string }),
    ...(values['sort'] === undefined ? {} : { sort: values['sort'] as never }),
  };
  await core.refreshAnimals(environment);
  let inventory: AnimalsWindow['inventory'] = null; // a server's walk of its pages, as the first window tells it
  let shown = 0;
  let waiting = 0;
  for (let offset = 0; shown < limit; offset += STREAM_ROWS) {
    const window = core.animals(environment, { ...query, offset, limit: STREAM_ROWS });
    if (offset === 0) inventory = window.inventory;
    const pets = window.rows.flatMap((row) => (row.kind === 'pet' ? [row.pet] : []));
    waiting += window.rows.length - pets.length;
    const page = pets.slice(0, limit - shown);
    if (page.length > 0) io.out(json ? page.map((pet) => petsAsJson(pet)).join('\n') : petsAsTable(page, offset === 0));
    else if (offset === 0 && !json) io.out('No animals.');
    shown += page.length;
    if (window.rows.length < STREAM_ROWS) break;
  }
  if (waiting > 0) io.err(`${waiting} added here and not yet on ${environment} (see: petstore outbox list).`);
  if (inventory !== null && inventory.state !== 'complete') {
    const problem = inventory.problem;
    io.err(
      inventory.state === 'first_pages_only'
        ? `${environment} shows only its first 100 animals per filter: others may exist.`
        : `Not every page of ${environment} could be read${problem ? `: ${sentence(problemInWords(problem, environment))}` : '.'} Shown: what this computer has.`,
    );
    if (inventory.state !== 'first_pages_only' && problem) return exitCodeOf(problem);
  }
  return EXIT.ok;
}

function parseLimit(value: string | boolean | undefined): number {
  if (value === undefined) return 20;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1)
    throw new UsageError(`--limit must be a whole number from 1, got ${String(value)}`);
  return limit;
}

/** The options of `pets list`, `pets add` and `pets get`, which take each other's. */
function parsePets(args: string[], core: PetstoreCore) {
  const parsed = parse(args, {
    ...ANIMAL_OPTIONS,
    ...PHOTO_OPTIONS,
    env: { type: 'string' },
    limit: { type: 'string' },
    anyway: { type: 'boolean', default: false },
    all: { type: 'boolean', default: false },
    search: { type: 'string' },
    sort: { type: 'string' },
  });
  return { ...parsed, environment: environmentOption(parsed.values, core), json: parsed.values['json'] === true };
}

/** `pets list`: a page from the environment (a server asked now), or with --all, --search or --sort every match, streamed. */
async function list(args: string[], { core, io }: WritingCommand): Promise<number> {
  const { values, environment, json } = parsePets(args, core);
  if (values['all'] === true || values['search'] !== undefined || values['sort'] !== undefined) {
    return await listEvery(environment, values, json, core, io);
  }
  const query = {
    ...(values['limit'] === undefined ? {} : { limit: values['limit'] as never }),
    ...(values['status'] ? { status: values['status'] as never } : {}),
  };
  const view = await core.listPets(environment, query, { refresh: true });
  io.out(json ? petsAsJson(view.pets) : petsAsTable(view.pets));
  if (!json && view.unsynced.length > 0) {
    io.out(`\n${view.unsynced.length} added here and not yet on ${environment}:\n${entriesAsTable(view.unsynced)}`);
  }
  if (view.problem) {
    const shown = `Shown: the animals as last seen${view.listedAt ? ` (${view.listedAt})` : ''}.`;
    io.err(`${sentence(problemInWords(view.problem, environment))} ${shown}`);
    return exitCodeOf(view.problem);
  }
  return EXIT.ok;
}

/** `pets get <id>`: deprecated by the interface, so it says so. */
async function get(args: string[], { core, io }: WritingCommand): Promise<number> {
  const { positionals, environment, json } = parsePets(args, core);
  if (positionals[0] === undefined) throw new UsageError('pets get needs an id');
  noMoreThan(positionals, 1, "pets get takes one animal's id");
  const pet = await core.getPet(environment, positionals[0]);
  io.out(json ? petsAsJson(pet) : petsAsTable([pet]));
  if (!json) io.err(`Note: getPet is deprecated and is removed on 5 December 2030; use: pets show ${positionals[0]}`);
  return EXIT.ok;
}

/** `pets add`: the same add as the window's; against a server, the command then waits for the first attempt to send it. */
async function add(args: string[], command: WritingCommand): Promise<number> {
  const { core, io, writes } = command;
  const { values, environment, json } = parsePets(args, core);
  const asked = photoAsked(values);
  refusePhotoOfAWaitingAdd(asked, environment);
  const newPet = newPetOfOptions(values, environment, core.currency(environment));
  const photo = await readyPhoto(asked);
  if (isRemoteEnvironment(environment)) await askWhereDetailsGo(core, environment);
  const added = await writes
    .addPet(environment, newPet, {
      anyway: values['anyway'] === true,
    })
    .catch((error: unknown) => {
      const problem = toAppError(error);
      if (problem.code !== 'possible_duplicate') throw error;
      throw new ReportedError({
        ...problem,
        message: `${problem.message} To add it all the same: the same command with --anyway.`,
      });
    });
  if ('pet' in added) {
    const pet = (await applyPhoto(photo, environment, added.pet.id, command)) ?? added.pet;
    io.out(json ? petsAsJson(pet) : `Added to ${environment}:\n${petsAsTable([pet])}`);
    return EXIT.ok;
  }
  const server = added.entry.environment;
  await core.sendWaiting(server).catch(() => undefined); // the entry is safe; its state says what happened
  const entry = core.outboxEntry(server, added.entry.entryId) ?? added.entry;
  const kept = detailsKeptNote(core, server, newPet);
  if (kept !== null && !json) io.err(kept);
  // Accepted: the animal, as an add to the local store prints it; else its entry, as `outbox list --json` does.
  const pet = entry.state === 'accepted' && entry.serverId !== null ? core.shownPet(server, entry.serverId) : undefined;
  if (json) io.out(pet === undefined ? JSON.stringify(entry) : petsAsJson(pet));
  if (entry.state === 'accepted') {
    if (!json) io.out(`Added to ${environment} as id ${entry.serverId}.`);
    return EXIT.ok;
  }
  if (entry.state === 'refused') {
    io.err(
      `${environment} refused the animal: ${entry.lastError} (outbox entry ${entry.entryId}: fix it, or petstore outbox discard ${entry.entryId} --env ${environment})`,
    );
    return EXIT.serviceError;
  }
  if (!json) {
    io.out(
      `Saved here; pending: it will be sent to ${environment} by the next sync (outbox entry ${entry.entryId}).${entry.lastError ? `\nWhy not now: ${entry.lastError}` : ''}`,
    );
  }
  return EXIT.ok;
}

/** `pets list | show | history | add | get | set-status | edit | sell | import | export`: the animals of an environment. */
export const petsCommands: CommandGroup = {
  list: (args, context) => list(args, opened(context)),
  show: showPet,
  history: petHistory,
  add: (args, context) => add(args, opened(context)),
  get: (args, context) => get(args, opened(context)),
  'set-status': (args, context) => changePet('set-status', args, opened(context)),
  edit: (args, context) => changePet('edit', args, opened(context)),
  sell: (args, context) => sellPet(args, opened(context)),
  import: (args, context) => importAnimals(args, opened(context)),
  export: (args, context) => exportAnimals(args, opened(context)),
  card: petsCard,
  labels: petsLabels,
};
