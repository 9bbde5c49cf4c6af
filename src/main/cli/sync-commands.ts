import { describePatch, isRemoteEnvironment, type RemoteEnvironment } from '../../shared/contract';
import type { PetstoreCore } from '../core/petstore-core';
import { EXIT, environmentOption, parse, UsageError, type CliIo, type WritingCommand } from './cli-args';
import { changesAsTable, entriesAsTable } from './output';
import { reportChange } from './change-commands';
import { isChangeEntryId } from '../sync/pet-changes';

function remoteEnvironment(
  args: string[],
  core: PetstoreCore,
): { environment: RemoteEnvironment; rest: ReturnType<typeof parse> } {
  const parsed = parse(args, { env: { type: 'string' } });
  const environment = environmentOption(parsed.values, core);
  if (!isRemoteEnvironment(environment)) {
    throw new UsageError(
      'local has no outbox: everything added there is stored at once (use --env production or --env staging)',
    );
  }
  return { environment, rest: parsed };
}

/** `sync`: runs until the outbox is empty or nothing more can be done. Exit 0 empty; 1 refused, held, in conflict or still pending; 3 unreachable. */
export async function sync(args: string[], core: PetstoreCore, io: CliIo): Promise<number> {
  const { environment } = remoteEnvironment(args, core);
  io.out(`Syncing ${environment}: ${core.serverStatus(environment).waiting} waiting.`);
  const { pass, status, waitingBehind } = await core.syncUntilSettled(environment, (progress) =>
    io.out(
      `  sent ${progress.accepted}, refused ${progress.rejected}, ${core.serverStatus(environment).waiting} still waiting`,
    ),
  );
  const conflicts = `${status.conflicts} conflict${status.conflicts === 1 ? '' : 's'} to choose`;
  io.out(
    `${environment}: ${status.waiting} waiting, ${status.rejected} refused, ${status.held} to confirm, ${conflicts}.`,
  );
  if (status.problem) io.err(status.problem.message);
  if (status.conflicts > 0) {
    io.err(
      `Another counter changed ${status.conflicts === 1 ? 'an animal' : 'animals'} you changed too: nothing was overwritten. See them with: petstore outbox list --env ${environment}; then keep yours with petstore outbox keep-mine <entry>, or theirs with petstore outbox take-theirs <entry>.`,
    );
  }
  if (waitingBehind > 0) {
    io.err(
      `${waitingBehind === 1 ? '1 change waits' : `${waitingBehind} changes wait`} behind another of the same animal that needs you (a conflict to choose, a refusal or an address to confirm): ${waitingBehind === 1 ? 'it is' : 'each is'} sent once that one is decided.`,
    );
  }
  if (pass.stoppedBecause === 'elsewhere') {
    io.err(
      `Another Petstore Desk process on this computer (pid ${status.otherSender?.pid ?? '?'}) is sending the ${environment} outbox; it sends what waits. Only one process sends an outbox at a time.`,
    );
  }
  if (pass.stoppedBecause === 'offline') return EXIT.unreachable;
  if (pass.stoppedBecause === 'not_configured') return EXIT.usage;
  // Anything left for a person (or still waiting) is a non-zero exit: a script can tell.
  return status.waiting + status.rejected + status.held + status.conflicts === 0 ? EXIT.ok : EXIT.serviceError;
}

/** `outbox list | retry <entry> | discard <entry> | keep-mine <entry> | take-theirs <entry>`: adds and changes alike. */
export async function outbox(command: string, args: string[], { core, io, writes }: WritingCommand): Promise<number> {
  const { environment, rest } = remoteEnvironment(args, core);
  const json = rest.values['json'] === true;
  if (command === 'list') {
    const entries = core.outboxEntries(environment);
    const changes = core.changeEntries(environment);
    if (json) io.out(JSON.stringify([...entries, ...changes]));
    else
      io.out(
        changes.length === 0 ? entriesAsTable(entries) : `${entriesAsTable(entries)}\n\n${changesAsTable(changes)}`,
      );
    return EXIT.ok;
  }
  const entryId = rest.positionals[0];
  if (entryId === undefined || !/^c?\d+$/.test(entryId)) {
    throw new UsageError(`outbox ${command} needs an entry number, such as 12 or c3 (see outbox list)`);
  }
  if (isChangeEntryId(entryId))
    return await changeEntryCommand(command, environment, entryId, { core, io, writes }, json);
  if (command === 'keep-mine' || command === 'take-theirs') {
    throw new UsageError(`outbox ${command} is for a change in conflict (an entry c<number>); ${entryId} is an add`);
  }
  const entry = core.outboxEntry(environment, entryId);
  if (entry === undefined) {
    io.err(`No outbox entry ${entryId} for ${environment}.`);
    return EXIT.serviceError;
  }
  if (command === 'discard') {
    const { discarded, mayBeOnServer } = writes.discardEntry(environment, entryId);
    if (!discarded) {
      io.err(`Entry ${entryId} is already on ${environment} (accepted); there is nothing to discard.`);
      return EXIT.serviceError;
    }
    io.out(
      `Discarded entry ${entryId} (${entry.name}); it will not be sent.${mayBeOnServer ? ` A send of it was on its way or got no answer: ${environment} may have it already.` : ''}`,
    );

    return EXIT.ok;
  }
  await writes.resendEntry(environment, entryId);
  await core.syncNow(environment);
  const after = core.outboxEntry(environment, entryId)!;
  io.out(
    `Entry ${entryId}: ${after.state}${after.serverId ? ` (id ${after.serverId} on ${environment})` : ''}${after.lastError && after.state !== 'accepted' ? `: ${after.lastError}` : ''}`,
  );
  return after.state === 'accepted' ? EXIT.ok : EXIT.serviceError;
}

/** The same commands for a change of an animal (entry "c<number>"). */
async function changeEntryCommand(
  command: string,
  environment: RemoteEnvironment,
  entryId: string,
  { core, io, writes }: WritingCommand,
  json: boolean,
): Promise<number> {
  const entry = core.changeEntry(environment, entryId);
  if (entry === undefined) {
    io.err(`No change ${entryId} for ${environment}.`);
    return EXIT.serviceError;
  }
  if (command === 'discard' || command === 'take-theirs') {
    let mayBeOnServer = entry.mayBeOnServer; // a change in conflict is not on its way
    if (command === 'take-theirs') await writes.resolveConflict(environment, entryId, 'take-theirs');
    else {
      const outcome = writes.discardEntry(environment, entryId);
      if (!outcome.discarded) {
        io.err(`Change ${entryId} is already on ${environment}; there is nothing to discard.`);
        return EXIT.serviceError;
      }
      mayBeOnServer = outcome.mayBeOnServer;
    }
    io.out(
      `Dropped change ${entryId} (${describePatch(entry.patch)} of animal ${entry.petId}); ${environment} keeps what it has.${mayBeOnServer ? ` A send of it was on its way or got no answer: ${environment} may have made it already.` : ''}`,
    );
    return EXIT.ok;
  }
  if (command === 'keep-mine') await writes.resolveConflict(environment, entryId, 'keep-mine');
  else await writes.resendEntry(environment, entryId);
  await core.syncNow(environment).catch(() => undefined);
  return await reportChange(environment, core.changeEntry(environment, entryId), entry, json, core, io);
}
