import type { FieldNamesWhere } from './animal-fields';
import type { FieldProblem } from './errors';
import type { Int64 } from './int64';
import type { SameAnimal } from './same-animals';

/**
 * How an imported row stands in its preview:
 * - ready: it will be added;
 * - invalid: it breaks the contract's rules (`problems`, each on its field), and is not added;
 * - imported: this row of this file was imported before, and is not added twice;
 * - look_alike: an animal of that name and category is already listed or waiting (`lookAlikes`), or an
 *   earlier row of the same file adds one (`sameAsLine`);
 *   added only when a person asks for these too.
 */
export const IMPORT_ROW_STATES = ['ready', 'invalid', 'imported', 'look_alike'] as const;
export type ImportRowState = (typeof IMPORT_ROW_STATES)[number];

/** The fields a file's row gives as text (the category apart: an id, or a name). */
type ImportedAsText = Exclude<FieldNamesWhere<{ setBy: 'person'; csv: object }>, 'categoryId'>;

/** A row's cells as the file has them ("name", "status" ...), one for each field an import reads. */
export type ImportCells = { [K in ImportedAsText]: string };

/** A row of a file as its preview shows it: its cells, and what they come to. */
export type ImportRow = ImportCells & ImportRowFacts;

interface ImportRowFacts {
  /** The file's line the row starts on (1 is the header). */
  line: number;
  /** As the file has it. */
  category: string;
  /** The category id the row names (by id, or by a name this environment knows); null when it names none. */
  categoryId: Int64 | null;
  state: ImportRowState;
  problems: FieldProblem[];
  lookAlikes?: SameAnimal[];
  /** With look_alike: the earlier line of the same file that adds an animal of that name and category. */
  sameAsLine?: number;
}

/** A file read and checked, row by row, before anything is added; `importId` names it for the import. */
export interface ImportPreview {
  importId: string;
  fileName: string;
  rows: ImportRow[];
  counts: Record<ImportRowState, number>;
  /** The file's columns that are not read, as its header names them: not an animal's, or one named a second time. */
  unreadColumns: string[];
}

/** An import on its way: rows added so far of those to add. */
export interface ImportProgress {
  importId: string;
  done: number;
  total: number;
}

/** What an import did: rows added, and rows left out because the same row of the same file was imported before. */
export interface ImportOutcome {
  importId: string;
  added: number;
  alreadyImported: number;
}

/** What an export wrote: how many animals, and where (null: the person chose no file). */
export interface ExportOutcome {
  rows: number;
  path: string | null;
}

/** Why a look_alike row waits for a person, in words ("the same as line 2 of this file", "like number 12, Rex"). */
export function lookAlikeInWords(row: Pick<ImportRow, 'lookAlikes' | 'sameAsLine'>): string {
  if (row.sameAsLine !== undefined) return `the same as line ${row.sameAsLine} of this file`;
  const [first] = row.lookAlikes ?? [];
  return first?.id !== undefined
    ? `like number ${first.id}, ${first.name}`
    : `like ${first?.name ?? 'one'} waiting to be sent`;
}
