import { describePatch, type AppError, type ChangeEntry, type OutboxEntry, type Pet } from '../../shared/contract';
import { petToWire, stringifyJson } from '../wire/json-codec';
import { cellSafe } from './terminal-text';

/** Pets as JSON for scripts: the interface's wire format, int64 as exact JSON integers. */
export function petsAsJson(pets: Pet | Pet[]): string {
  return stringifyJson(Array.isArray(pets) ? pets.map(petToWire) : petToWire(pets));
}

/** A table for people; every cell made safe to print (cellSafe), so a server's name cannot forge a row. */
export function table(rows: string[][]): string {
  rows = rows.map((row) => row.map(cellSafe));
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => [...row[column]!].length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Pets as a table for people (`withHeader` false: the next block of a streamed one). */
export function petsAsTable(pets: Pet[], withHeader = true): string {
  if (pets.length === 0) return 'No animals.';
  const rows = pets.map((p) => [p.id, p.name, p.categoryId, p.status ?? '-']);
  return withHeader ? table([['ID', 'NAME', 'CATEGORY', 'STATUS'], ...rows]) : table(rows);
}

/** Outbox entries as a table for people. */
export function entriesAsTable(entries: OutboxEntry[]): string {
  if (entries.length === 0) return 'The outbox is empty.';
  return table([
    ['ENTRY', 'STATE', 'NAME', 'CATEGORY', 'STATUS', 'TRIES', 'SERVER ID', 'LAST PROBLEM'],
    ...entries.map((e) => [
      e.entryId,
      e.state,
      e.name,
      e.categoryId,
      e.status ?? '-',
      String(e.attempts),
      e.serverId ?? '-',
      e.lastError ?? '',
    ]),
  ]);
}

/** Changes of animals made here and not yet accepted, as a table for people. */
export function changesAsTable(changes: ChangeEntry[]): string {
  if (changes.length === 0) return 'No changes waiting.';
  return table([
    ['ENTRY', 'STATE', 'ANIMAL', 'CHANGE', 'SERVER HAS NOW', 'TRIES', 'LAST PROBLEM'],
    ...changes.map((c) => [
      c.entryId,
      c.state,
      `${c.petId} ${c.base.name}`,
      describePatch(c.patch),
      c.theirs === null ? '' : `${c.theirs.name}, ${c.theirs.status ?? 'no status'}, category ${c.theirs.categoryId}`,
      String(c.attempts),
      c.lastError ?? '',
    ]),
  ]);
}

/** Text ended as a sentence: a server's own message may have no full stop before the app's next words. */
export const sentence = (text: string): string => (/[.!?…)]$/.test(text) ? text : `${text}.`);

/** A problem as the terminal says it, with what to do where the command line has its own way (a key it rejected). */
export function problemInWords(problem: AppError, environment?: string): string {
  if (problem.code !== 'key_rejected') return problem.message;
  const env = environment ?? '<production|staging>';
  return `${sentence(problem.message)} Give it the key it takes: petstore key set ${env} (the key on standard input).`;
}
