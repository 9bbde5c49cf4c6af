import { EXIT, parse, serverOption, type Command } from './cli-args';
import { problemInWords } from './output';

/**
 * `sync [--upload-details]`: runs until the outbox is empty or nothing more can be done; with
 * --upload-details, the animals' details kept on this computer go first to a server that now takes
 * them. Exit 0 empty; 1 refused, held, in conflict, still pending or details to upload; 3 unreachable.
 */
export const sync: Command = async (args, context) => {
  const core = context.core();
  const { io } = context;
  const options = parse(args, { env: { type: 'string' }, 'upload-details': { type: 'boolean' } });
  const environment = serverOption(options, core);
  if (options.values['upload-details'] === true) {
    const { queued } = await context.writes().uploadKeptDetails(environment);
    io.out(`Sending ${queued === 1 ? 'one animal’s details' : `${queued} animals’ details`} kept on this computer.`);
  }
  io.out(`Syncing ${environment}: ${core.serverStatus(environment).waiting} waiting.`);
  const { pass, status, waitingBehind } = await core.syncUntilSettled(
    environment,
    (progress) =>
      io.out(
        `  sent ${progress.accepted}, refused ${progress.refused}, ${core.serverStatus(environment).waiting} still waiting`,
      ),
    // A retry due soon is waited for; the person sees why the command has not ended.
    (waitMs) =>
      waitMs >= 1000 && io.out(`  next try in ${Math.round(waitMs / 1000)} s (Ctrl+C stops; what waits is kept)`),
  );
  const conflicts = `${status.conflicts} conflict${status.conflicts === 1 ? '' : 's'} to choose`;
  io.out(
    `${environment}: ${status.waiting} waiting, ${status.refused} refused, ${status.held} to confirm, ${conflicts}.`,
  );
  if (status.problem) io.err(problemInWords(status.problem, environment));
  const { server, keptHere } = status.details;
  const kept = `${keptHere === 1 ? 'One animal’s details are' : `${keptHere} animals’ details are`} kept on this computer only`;
  if (keptHere > 0 && server === 'takes')
    io.err(
      `${kept}, and the ${environment} server takes them now: send them with petstore sync --upload-details --env ${environment}.`,
    );
  else if (keptHere > 0 && server === 'lacks') io.err(`${kept}: the ${environment} server does not take them.`);
  else if (keptHere > 0) io.err(`${kept}: the ${environment} server has not said whether it takes them.`);
  if (status.conflicts > 0) {
    io.err(
      `Another counter changed ${status.conflicts === 1 ? 'an animal' : 'animals'} you changed too: nothing was overwritten. See them with: petstore outbox list --env ${environment}; then keep yours with petstore outbox keep-mine <entry>, or theirs with petstore outbox keep-theirs <entry>.`,
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
  // Anything left for a person (or still waiting, or details to upload) is a non-zero exit: a script can tell.
  const toUpload = server === 'takes' ? keptHere : 0;
  return status.waiting + status.refused + status.held + status.conflicts + toUpload === 0
    ? EXIT.ok
    : EXIT.serviceError;
};
