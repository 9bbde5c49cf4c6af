import { ANIMAL_FIELDS, ApiError, HISTORY_PAGE_MAX, type HistoryEntry } from '../../shared/contract';
import { stringifyJson } from '../wire/json-codec';
import { environmentOption, EXIT, opened, parse, UsageError, type Command } from './cli-args';
import { valueInWords } from './pets-show-command';
import { cellSafe } from './terminal-text';

/** Who made a change, in words: the person, or where it came from when nobody was named. */
function whoInWords(entry: HistoryEntry): string {
  const road = entry.via === null ? '' : ` (${entry.via === 'cli' ? 'command line' : entry.via})`;
  if (entry.where === 'server') return entry.by ?? 'the server';
  return `${entry.by ?? 'this counter'}${road}`;
}

/** `2026-11-20 09:01`: the moment in this computer's time zone, to the minute. */
function momentInWords(at: string): string {
  const moment = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())} ${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
}

/**
 * `pets history <id> [--env E] [--limit N] [--json]`: every change to the animal as this computer
 * keeps it, newest first (with --limit, the newest N): when, who, what was done, and each field's
 * value before and after.
 */
export const petHistory: Command = async (args, context) => {
  const { core, io } = opened(context);
  const { values, positionals } = parse(args, { env: { type: 'string' }, limit: { type: 'string' } });
  const environment = environmentOption(values, core);
  const petId = positionals[0];
  if (petId === undefined) throw new UsageError("pets history needs the animal's id");
  const most = values['limit'] === undefined ? Infinity : Number(values['limit']);
  if (most !== Infinity && (!Number.isInteger(most) || most < 1))
    throw new UsageError('--limit takes a whole number of entries, 1 or more');
  const entries: HistoryEntry[] = [];
  let before: number | undefined;
  for (;;) {
    const page = core.petHistory(environment, petId, {
      before,
      limit: Math.min(HISTORY_PAGE_MAX, most - entries.length),
    });
    entries.push(...page.entries);
    if (!page.more || entries.length >= most) break;
    before = page.entries.at(-1)!.seq;
  }
  if (values['json'] === true) {
    io.out(stringifyJson({ entries }));
    return EXIT.ok;
  }
  if (entries.length === 0) {
    // An animal this computer does not have is not one without changes.
    if (core.shownPet(environment, petId) === undefined) throw new ApiError('not_found', `No animal has id ${petId}.`);
    io.out(`No change to animal ${petId} is recorded on this computer in ${environment}.`);
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
