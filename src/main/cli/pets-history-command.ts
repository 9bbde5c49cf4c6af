import { ANIMAL_FIELDS, ApiError, HISTORY_PAGE_MAX, type HistoryEntry } from '../../shared/contract';
import {
  serverHistoryNote,
  type HistoryCursor,
  type ServerHistoryState,
} from '../../shared/contract/history-with-server';
import { stringifyJson } from '../wire/json-codec';
import { environmentOption, EXIT, noMoreThan, opened, parse, UsageError, type Command } from './cli-args';
import { valueInWords } from './pets-show-command';
import { cellSafe } from './terminal-text';

/** Who made a change, in words: the person, or where it came from when nobody was named. */
function whoInWords(entry: HistoryEntry): string {
  const road = entry.via === null ? '' : ` (${entry.via === 'cli' ? 'command line' : entry.via})`;
  if (entry.where === 'server') return `${entry.by ?? 'nobody named'} (on the server)`;
  return `${entry.by === null ? 'this counter' : `${entry.by} at this counter`}${road}`;
}

/** `2026-11-20 09:01`: the moment in this computer's time zone, to the minute. */
export function momentInWords(at: string): string {
  const moment = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())} ${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
}

/**
 * `pets history <id> [--env E] [--limit N] [--json]`: every change to the animal, newest first
 * (with --limit, the newest N): when, who, where (this counter or the server), what was done, and
 * each field's value before and after; from a server with our history extension, its changes made
 * elsewhere too. When the server's could not be read, this computer's, and a line on standard error
 * saying why.
 */
export const petHistory: Command = async (args, context) => {
  const { core, io } = opened(context);
  const { values, positionals } = parse(args, { env: { type: 'string' }, limit: { type: 'string' } });
  const environment = environmentOption(values, core);
  const petId = positionals[0];
  if (petId === undefined) throw new UsageError("pets history needs the animal's id");
  noMoreThan(positionals, 1, "pets history takes one animal's id");
  const most = values['limit'] === undefined ? Infinity : Number(values['limit']);
  if (most !== Infinity && (!Number.isInteger(most) || most < 1))
    throw new UsageError('--limit takes a whole number of entries, 1 or more');
  const entries: HistoryEntry[] = [];
  let after: HistoryCursor | undefined;
  let server: ServerHistoryState | undefined;
  for (;;) {
    const page = await core.petHistoryWithServer({
      environment,
      petId,
      limit: Math.min(HISTORY_PAGE_MAX, most - entries.length),
      ...(after === undefined ? {} : { after }),
    });
    server ??= page.server;
    entries.push(...page.entries);
    if (page.next === null || entries.length >= most) break;
    after = page.next;
  }
  const note = serverHistoryNote(server);
  if (note !== null) io.err(note);
  if (values['json'] === true) {
    io.out(stringifyJson({ entries, ...(server === undefined ? {} : { server }) }));
    return EXIT.ok;
  }
  if (entries.length === 0) {
    // An animal this computer does not have is not one without changes.
    if (core.shownPet(environment, petId) === undefined) throw new ApiError('not_found', `No animal has id ${petId}.`);
    io.out(`No change to animal ${petId} is recorded in ${environment}.`);
    return EXIT.ok;
  }
  const currency = core.currency(environment);
  const inWords = (field: HistoryEntry['changes'][number]['field'], value: unknown) =>
    value === null ? '(none)' : cellSafe(valueInWords(field, value, currency).replace(/\n/g, ' / '));
  const lines = entries.map((entry) => {
    const changes = entry.changes
      .map(({ field, from, to }) => `${ANIMAL_FIELDS[field].label}: ${inWords(field, from)} -> ${inWords(field, to)}`)
      .join('; ');
    return `${momentInWords(entry.at)}  ${cellSafe(whoInWords(entry))}  ${entry.action}  ${changes}`;
  });
  io.out(lines.join('\n'));
  return EXIT.ok;
};
