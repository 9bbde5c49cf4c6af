import { describePatch, type RemoteEnvironment } from '../../shared/contract';
import { isChangeEntryId } from '../sync/pet-changes';
import {
  EXIT,
  opened,
  parse,
  serverOption,
  UsageError,
  type Command,
  type CommandGroup,
  type WritingCommand,
} from './cli-args';
import { changesAsTable, entriesAsTable } from './output';
import { reportChange } from './pets-change-commands';

/** `outbox list | resend <entry> | discard <entry> | keep-mine <entry> | keep-theirs <entry>`: adds and changes alike. */
async function outbox(command: string, args: string[], { core, io, writes }: WritingCommand): Promise<number> {
  const rest = parse(args, { env: { type: 'string' } });
  const environment = serverOption(rest, core);
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
  if (command === 'keep-mine' || command === 'keep-theirs') {
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
  await core.sendWaiting(environment);
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
  if (command === 'discard' || command === 'keep-theirs') {
    let mayBeOnServer = entry.mayBeOnServer; // a change in conflict is not on its way
    if (command === 'keep-theirs') await writes.resolveConflict(environment, entryId, 'keep-theirs');
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
  await core.sendWaiting(environment).catch(() => undefined);
  return await reportChange(environment, core.changeEntry(environment, entryId), entry, json, core, io);
}

/** A command under its old name: it runs as `now`, and says so on standard error (not in the usage). */
const oldSpelling =
  (old: string, now: string): Command =>
  (args, context) => {
    context.io.err(`outbox ${old} is now outbox ${now}.`);
    return outbox(now, args, opened(context));
  };

/** `outbox list | resend | discard | keep-mine | keep-theirs`: what waits to be sent to a server, and a person's decisions on it. */
export const outboxCommands: CommandGroup = {
  list: (args, context) => outbox('list', args, opened(context)),
  resend: (args, context) => outbox('resend', args, opened(context)),
  discard: (args, context) => outbox('discard', args, opened(context)),
  'keep-mine': (args, context) => outbox('keep-mine', args, opened(context)),
  'keep-theirs': (args, context) => outbox('keep-theirs', args, opened(context)),
  retry: oldSpelling('retry', 'resend'),
  'take-theirs': oldSpelling('take-theirs', 'keep-theirs'),
};
