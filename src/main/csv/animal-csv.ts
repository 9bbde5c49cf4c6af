import {
  ANIMAL_FIELD_NAMES,
  ANIMAL_FIELDS,
  ApiError,
  PERSON_FIELD_NAMES,
  type AnimalField,
  type AnimalFieldName,
  type ImportCells,
  type PersonFieldName,
  type FieldProblem,
  moneyText,
  parseMoney,
} from '../../shared/contract';
import { guardCell, headerKey, unguardCell } from './spreadsheet-csv';

/**
 * An animal as a row of a CSV file, from the fields' declaration: each field with a `csv` column,
 * in the declaration's order. A category id's column is followed by the category's name, as the
 * environment names it; an import takes a category by either.
 */

const CATEGORY = 'categoryId' satisfies PersonFieldName;
const CATEGORY_NAME_HEADER = 'category';
const CATEGORY_NAME_READS = ['category', 'categoryname'];

const csvOf = (name: AnimalFieldName) => (ANIMAL_FIELDS[name] as AnimalField).csv;
const IN_FILE = ANIMAL_FIELD_NAMES.filter((name) => csvOf(name) !== undefined);
/** The fields an import reads: those a person gives. */
const IMPORTED = PERSON_FIELD_NAMES.filter((name) => csvOf(name) !== undefined);
/** Those read as the file has them (the category is read as an id or a name). */
const READ_AS_TEXT = IMPORTED.filter((name) => name !== CATEGORY) as Array<keyof ImportCells>;

const headerOf = (name: AnimalFieldName) => csvOf(name)!.header;

/** The animal's columns of a file, in order. */
export const ANIMAL_CSV_HEADER: readonly string[] = IN_FILE.flatMap((name) =>
  name === CATEGORY ? [headerOf(name), CATEGORY_NAME_HEADER] : [headerOf(name)],
);

/**
 * An animal's cells under ANIMAL_CSV_HEADER: a field it lacks blank, money as a decimal in the
 * environment's `currency` (12.50), text a spreadsheet could run kept text.
 */
export function animalCells(
  animal: Partial<Record<AnimalFieldName, unknown>>,
  categoryName: string,
  currency: string,
): string[] {
  const cells: string[] = [];
  for (const name of IN_FILE) {
    const value = animal[name];
    const money = ANIMAL_FIELDS[name].kind === 'money' && typeof value === 'number';
    const text = value === undefined || value === null ? '' : money ? moneyText(value, currency) : String(value);
    cells.push(ANIMAL_FIELDS[name].kind === 'text' ? guardCell(text) : text);
    if (name === CATEGORY) cells.push(guardCell(categoryName));
  }
  return cells;
}

/** Where a file holds each field an import reads, and the category's name: a column's index, if it has one. */
export type ImportColumns = Partial<Record<PersonFieldName | typeof CATEGORY_NAME_HEADER, number>>;

const inWords = (name: PersonFieldName) =>
  name === CATEGORY ? `"${CATEGORY_NAME_HEADER}" (an id or a name)` : `"${headerOf(name)}"`;

/** What a file's first line must name, in words: the required columns (any other an export writes may follow). */
function wantedColumns(): string {
  const required = IMPORTED.filter((name) => ANIMAL_FIELDS[name].presence === 'required').map(inWords);
  return `${required.slice(0, -1).join(', ')} and ${required.at(-1)}, and may name any other column an export writes ("${headerOf('status')}", "${headerOf('price')}" …)`;
}

/** The columns a file's header names (as headerKey reads them); refused when a required field has none. */
export function importColumns(header: readonly string[]): ImportColumns {
  const keys = header.map(headerKey);
  const at = (names: readonly string[]) => {
    const index = keys.findIndex((key) => names.includes(key));
    return index === -1 ? undefined : index;
  };
  const columns: ImportColumns = {};
  for (const name of IMPORTED) {
    const { header: own, alsoReads = [] } = csvOf(name)!;
    columns[name] = at([headerKey(own), ...alsoReads]);
  }
  columns[CATEGORY_NAME_HEADER] = at(CATEGORY_NAME_READS);
  const lacking = IMPORTED.some(
    (name) =>
      ANIMAL_FIELDS[name].presence === 'required' &&
      columns[name] === undefined &&
      (name !== CATEGORY || columns[CATEGORY_NAME_HEADER] === undefined),
  );
  if (lacking) {
    throw new ApiError(
      'invalid_body',
      `The file's first line must name its columns: ${wantedColumns()}. It names ${
        header.length === 0 ? 'none' : header.map((cell) => `"${cell.slice(0, 40)}"`).join(', ')
      }.`,
    );
  }
  return columns;
}

/** A record's cell in a column (blank when the file has no such column), the marks guardCell put taken away. */
const cellAt = (cells: readonly string[], index: number | undefined) =>
  index === undefined ? '' : unguardCell(cells[index] ?? '');

/** A row's cells as the file has them: text as it is, a choice trimmed. */
export function cellsOf(cells: readonly string[], columns: ImportColumns): ImportCells {
  const read: Partial<ImportCells> = {};
  for (const name of READ_AS_TEXT) {
    const text = cellAt(cells, columns[name]);
    read[name] = ANIMAL_FIELDS[name].kind === 'text' ? text : text.trim();
  }
  return read as ImportCells;
}

/** The category a row names: its id column's cell, or else its name column's. */
export function categoryCell(cells: readonly string[], columns: ImportColumns): string {
  const byId = cellAt(cells, columns[CATEGORY]).trim();
  return byId !== '' ? byId : cellAt(cells, columns[CATEGORY_NAME_HEADER]).trim();
}

/**
 * What a row's cells (but the category) say of the animal, for the contract's schema: a choice in
 * lower case, money read in the environment's `currency` (a problem when it is not an amount), a
 * blank optional field left out, and only the fields the environment `takes`.
 */
export function animalOfCells(
  read: ImportCells,
  currency: string,
  takes: readonly PersonFieldName[],
): { animal: Record<string, unknown>; problems: FieldProblem[] } {
  const animal: Record<string, unknown> = {};
  const problems: FieldProblem[] = [];
  for (const name of READ_AS_TEXT) {
    const { presence, kind } = ANIMAL_FIELDS[name];
    const text = read[name];
    if (!takes.includes(name) || (presence !== 'required' && text.trim() === '')) continue;
    if (kind === 'money') {
      const money = parseMoney(text, currency);
      if ('minor' in money) animal[name] = money.minor;
      else problems.push({ field: headerOf(name), message: money.problem });
    } else animal[name] = kind === 'choice' ? text.toLowerCase() : text;
  }
  return { animal, problems };
}
