import { isRemoteEnvironment, type RemoteEnvironment } from '../../shared/contract';
import type { PetstoreCore } from '../petstore-core';
import { EXIT, environmentOption, parse, UsageError, type CliIo } from './cli-args';
import { entriesAsTable } from './output';

/** Entries in backoff due within this long are waited for by `sync`; later ones end it. */
const SYNC_WAITS_UP_TO_MS = 30_000;

function remoteEnvironment(
  args: string[],
  core: PetstoreCore,
): { environment: RemoteEnvironment; rest: ReturnType<typeof parse> } {
  const parsed = parse(args, { env: { type: 'string' } });
  const environment = environmentOption(parsed.values, core);
  if (!isRemoteEnvironment(environment))
    throw new UsageError(
      'local has no outbox: everything added there is stored at once (use --env production or --env staging)',
    );
  return { environment, rest: parsed };
}

/** `sync`: runs until the outbox is empty or nothing more can be done. Exit 0 empty, 1 rejected or still pending, 3 unreachable. */
export async function sync(args: string[], core: PetstoreCore, io: CliIo): Promise<number> {
  const { environment } = remoteEnvironment(args, core);
  const { outbox, engine } = core.replica(environment);
  const start = outbox.counts().pending;
  io.out(`Syncing ${environment}: ${start} waiting.`);
  const onProgress = (progress: { accepted: number; rejected: number }) =>
    io.out(`  sent ${progress.accepted}, refused ${progress.rejected}, ${outbox.counts().pending} still waiting`);
  engine.events.on('progress', onProgress);
  try {
    let result = await engine.syncNow({ force: true });
    for (;;) {
      const nextDue = outbox.nextDueAt();
      if (result.stoppedBecause !== null || nextDue === null || nextDue - Date.now() > SYNC_WAITS_UP_TO_MS) break;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextDue - Date.now())));
      result = await engine.syncNow();
    }
    const counts = outbox.counts();
    const status = engine.status();
    io.out(
      `${environment}: ${counts.pending} waiting, ${counts.rejected} refused, ${counts.needsConfirmation} to confirm.`,
    );
    if (status.currentError) io.err(status.currentError);
    if (result.stoppedBecause === 'offline') return EXIT.unreachable;
    if (result.stoppedBecause === 'not_configured') return EXIT.usage;
    return counts.pending + counts.rejected + counts.needsConfirmation === 0 ? EXIT.ok : EXIT.serviceError;
  } finally {
    engine.events.off('progress', onProgress);
  }
}

/** `outbox list | retry <entry> | discard <entry>`. */
export async function outbox(command: string, args: string[], core: PetstoreCore, io: CliIo): Promise<number> {
  const { environment, rest } = remoteEnvironment(args, core);
  const replica = core.replica(environment);
  if (command === 'list') {
    const entries = replica.outbox.list();
    io.out(rest.values['json'] === true ? JSON.stringify(entries) : entriesAsTable(entries));
    return EXIT.ok;
  }
  const entryId = rest.positionals[0];
  if (entryId === undefined || !/^\d+$/.test(entryId))
    throw new UsageError(`outbox ${command} needs an entry number (see outbox list)`);
  const entry = replica.outbox.get(entryId);
  if (entry === undefined) {
    io.err(`No outbox entry ${entryId} for ${environment}.`);
    return EXIT.serviceError;
  }
  if (command === 'discard') {
    if (!replica.outbox.discard(entryId)) {
      io.err(`Entry ${entryId} is already on ${environment} (accepted); there is nothing to discard.`);
      return EXIT.serviceError;
    }
    io.out(`Discarded entry ${entryId} (${entry.name}); it will not be sent.`);
    return EXIT.ok;
  }
  const currentUrl = core.settings.baseUrl(environment).url;
  const changed =
    entry.state === 'needs_confirmation' && currentUrl !== null
      ? replica.outbox.confirmAddress(entryId, currentUrl)
      : replica.outbox.resend(entryId);
  if (!changed) {
    io.err(`Entry ${entryId} is ${entry.state}; only a waiting, refused or to-confirm entry can be retried.`);
    return EXIT.serviceError;
  }
  await replica.engine.syncNow({ force: true });
  const after = replica.outbox.get(entryId)!;
  io.out(
    `Entry ${entryId}: ${after.state}${after.serverId ? ` (id ${after.serverId} on ${environment})` : ''}${after.lastError && after.state !== 'accepted' ? `: ${after.lastError}` : ''}`,
  );
  return after.state === 'accepted' ? EXIT.ok : EXIT.serviceError;
}
