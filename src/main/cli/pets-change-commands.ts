import { isRemoteEnvironment, sentApartIn, type ChangeEntry, type RemoteEnvironment } from '../../shared/contract';
import type { PetstoreCore } from '../core/petstore-core';
import { ANIMAL_OPTIONS, optionsInWords, patchOfOptions } from './animal-options';
import { environmentOption, EXIT, noMoreThan, parse, UsageError, type CliIo, type WritingCommand } from './cli-args';
import { askWhereDetailsGo, detailsKeptNote } from './details-kept-note';
import { petsAsJson, petsAsTable } from './output';
import { applyPhoto, PHOTO_OPTIONS, photoAsked, readyPhoto, type ReadyPhoto } from './photo-option';

/**
 * `pets set-status <id> <status>` and `pets edit <id> [--name] [--category] [--status] ...`: the
 * same change as the window's ("none" leaves the animal without a status). Against a server, the
 * command then waits for the first attempt to send it.
 */
export async function changePet(command: string, args: string[], writing: WritingCommand): Promise<number> {
  const { core, io, writes } = writing;
  const { values, positionals } = parse(args, { ...ANIMAL_OPTIONS, ...PHOTO_OPTIONS, env: { type: 'string' } });
  const environment = environmentOption(values, core);
  const json = values['json'] === true;
  const [petId, status] = positionals;
  if (petId === undefined) throw new UsageError(`pets ${command} needs the animal's id`);
  noMoreThan(
    positionals,
    command === 'set-status' ? 2 : 1,
    command === 'set-status' ? "pets set-status takes one animal's id and a status" : "pets edit takes one animal's id",
  );
  if (command === 'set-status' && status === undefined)
    throw new UsageError('pets set-status needs a status: available, pending, sold or none');
  const patch = patchOfOptions(command === 'set-status' ? { status } : values, environment, core.currency(environment));
  const asked = command === 'edit' ? photoAsked(values) : null;
  if (Object.keys(patch).length === 0 && asked === null)
    throw new UsageError(`pets edit needs something to change: ${optionsInWords(environment)}; or --photo, --no-photo`);
  const photo = await readyPhoto(asked);
  if (isRemoteEnvironment(environment) && Object.keys(patch).length > 0) await askWhereDetailsGo(core, environment);
  if (photo !== null && isRemoteEnvironment(environment))
    return changeOnServerWithPhoto(environment, petId, patch, photo, json, writing);
  const changed =
    Object.keys(patch).length === 0
      ? { pet: await core.getPet(environment, petId) }
      : await writes.changePet(environment, petId, patch);
  if ('pet' in changed) {
    const pet = (await applyPhoto(photo, environment, changed.pet.id, writing)) ?? changed.pet;
    io.out(json ? petsAsJson(pet) : `Changed in ${environment}:\n${petsAsTable([pet])}`);
    return EXIT.ok;
  }
  const kept = isRemoteEnvironment(environment) ? detailsKeptNote(core, environment, patch) : null;
  if (changed.change === null) {
    if (json) io.out('null');
    else io.out(kept ?? `Nothing to send: animal ${petId} already shows that in ${environment}.`);
    return EXIT.ok;
  }
  const server = changed.change.environment;
  await core.sendWaiting(server).catch(() => undefined); // the change is safe; its state says what happened
  const exit = await reportChange(
    server,
    core.changeEntry(server, changed.change.entryId),
    changed.change,
    json,
    core,
    io,
  );
  if (kept !== null && !json) io.err(kept);
  return exit;
}

/**
 * `pets edit --photo` (or `--no-photo`) against a server: the other fields' change, then the
 * photo's, each queued as the window's; then one send, and how each stands.
 */
async function changeOnServerWithPhoto(
  environment: RemoteEnvironment,
  petId: string,
  patch: object,
  photo: NonNullable<ReadyPhoto>,
  json: boolean,
  writing: WritingCommand,
): Promise<number> {
  const { core, io, writes } = writing;
  const changed = Object.keys(patch).length === 0 ? null : await writes.changePet(environment, petId, patch);
  const made = changed !== null && 'change' in changed ? changed.change : null;
  await applyPhoto(photo, environment, petId, writing);
  const openPhoto = () =>
    core.changeEntries(environment).findLast((entry) => entry.petId === petId && sentApartIn(entry.patch));
  const photoMade = openPhoto();
  await core.sendWaiting(environment).catch(() => undefined); // what was made is safe; its state says what happened
  let exit: number = EXIT.ok;
  if (made !== null)
    exit = await reportChange(environment, core.changeEntry(environment, made.entryId), made, json, core, io);
  if (photoMade === undefined) {
    // Nothing to send: the server takes no photos (kept here), or the animal already showed it.
    const kept = core.serverStatus(environment).details.photos !== 'takes';
    if (!json)
      io.out(
        kept
          ? `The photo is kept on this computer only: ${environment} has not said it takes photos (petstore sync --upload-details sends it once it does).`
          : 'The photo: nothing to send (the animal already shows it).',
      );
    return exit;
  }
  const photoExit = await reportChange(
    environment,
    core.changeEntry(environment, photoMade.entryId),
    photoMade,
    json,
    core,
    io,
  );
  return Math.max(exit, photoExit);
}

/** How a change stands after a send, in words (or JSON); the exit code says whether it is done. */
export async function reportChange(
  environment: RemoteEnvironment,
  now: ChangeEntry | undefined,
  made: ChangeEntry,
  json: boolean,
  core: PetstoreCore,
  io: CliIo,
): Promise<number> {
  const entry = now ?? { ...made, state: 'accepted' as const };
  if (json) io.out(JSON.stringify(entry));
  switch (entry.state) {
    case 'accepted':
      if (!json) io.out(`Changed on ${environment}:\n${petsAsTable([await core.getPet(environment, entry.petId)])}`);
      return EXIT.ok;

    case 'conflict':
      io.err(
        `Someone changed animal ${entry.petId} on ${environment} first: it is now ${entry.theirs ? `${entry.theirs.name}, ${entry.theirs.status ?? 'no status'}` : 'different'}. Nothing was overwritten. Keep yours with: petstore outbox keep-mine ${entry.entryId} --env ${environment}; or theirs with: petstore outbox keep-theirs ${entry.entryId} --env ${environment}`,
      );
      return EXIT.serviceError;
    case 'refused':
    case 'unsupported':
      io.err(
        `${entry.lastError} (change ${entry.entryId}; drop it with: petstore outbox discard ${entry.entryId} --env ${environment})`,
      );
      return EXIT.serviceError;
    default:
      if (!json)
        io.out(
          `Saved here; ${whenItGoes(environment, entry, core)} (change ${entry.entryId}).${entry.lastError ? `\nWhy not now: ${entry.lastError}` : ''}`,
        );
      return EXIT.ok;
  }
}

/** What a person decides, by state, for a change that holds back the next ones of its animal. */
const NEEDS_YOU: Partial<Record<ChangeEntry['state'], string>> = {
  conflict: 'a conflict for you to choose (petstore outbox keep-mine or keep-theirs',
  refused: 'refused by the server (petstore outbox resend or discard',
  held: 'held for you to confirm (petstore outbox resend or discard',
};

/** When a waiting change goes: by the next sync, or once the earlier change of its animal that needs a person is decided. */
function whenItGoes(environment: RemoteEnvironment, entry: ChangeEntry, core: PetstoreCore): string {
  const before = core
    .changeEntries(environment)
    .find((other) => other.petId === entry.petId && other.entryId !== entry.entryId && NEEDS_YOU[other.state]);
  if (before === undefined) return `pending: it will be sent to ${environment} by the next sync`;
  return `it waits behind change ${before.entryId} of the same animal, ${NEEDS_YOU[before.state]} ${before.entryId} --env ${environment}), and is sent once that one is decided`;
}
