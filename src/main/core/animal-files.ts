import { createHash, randomUUID } from 'node:crypto';
import {
  ANIMAL_FIELDS,
  ApiError,
  fieldProblems,
  IMPORT_ROW_STATES,
  int64Schema,
  isCategoryIdText,
  localToday,
  newPetSchema,
  personFieldsTakenBy,
  phraseIssue,
  settleAnimal,
  type AnimalRow,
  type AnimalsQuery,
  type AnimalsWindow,
  type EnvironmentName,
  type FieldProblem,
  type ImportOutcome,
  type ImportPreview,
  type ImportProgress,
  type ImportRow,
  type NewPet,
  type SameAnimal,
} from '../../shared/contract';
import {
  ANIMAL_CSV_HEADER,
  animalCells,
  animalOfCells,
  categoryCell,
  cellsOf,
  importColumns,
  type ImportColumns,
} from '../csv/animal-csv';
import { headerKey, readCsv, unguardCell, writeCsv } from '../csv/spreadsheet-csv';
import type { CategoryNames } from '../database/category-names';
import { refuseTakenMicrochip, type MicrochipHolder } from '../database/microchip-holder';
import type { RowToImport } from '../database/imported-rows';
import { searchText } from '../database/search-text';

export interface AnimalFilesDeps {
  animals(environment: EnvironmentName, query: AnimalsQuery): AnimalsWindow;
  categoryNames: CategoryNames;
  lookAlikes(environment: EnvironmentName, pet: NewPet): SameAnimal[];
  microchipHolder(environment: EnvironmentName, microchip: string): MicrochipHolder | undefined;
  wasImported(environment: EnvironmentName, rowKey: string): boolean;
  importRows(environment: EnvironmentName, rows: readonly RowToImport<NewPet>[]): { added: number; skipped: number };
  onProgress(environment: EnvironmentName, progress: ImportProgress): void;
  /** The currency an environment's prices are in. */
  currency(environment: EnvironmentName): string;
}

/** The columns of an exported file: the animal's, and its sync state; an import reads those of the fields a person gives. */
export const EXPORT_COLUMNS = [...ANIMAL_CSV_HEADER, 'sync'];
const EXPORT_PAGE = 500;
/** Rows added per transaction during an import: progress is told between them. */
const IMPORT_BATCH = 250;
/** Previews kept for an import; an older one is forgotten (the person previews again). */
const PREVIEWS_KEPT = 4;

const schema = newPetSchema('app');
const categoryIdSchema = int64Schema('app');

/**
 * What the store's rules across fields (a sale, how it left, its days) and its microchip number,
 * another animal's or not, say of a row's animal, as an add would hear it.
 */
function storeRuleProblems(
  animal: NewPet,
  holderOf: (microchip: string) => MicrochipHolder | undefined,
): FieldProblem[] {
  try {
    refuseTakenMicrochip(settleAnimal(undefined, animal, animal, localToday()), undefined, holderOf);
    return [];
  } catch (error) {
    if (error instanceof ApiError && error.fields !== undefined) return error.fields;
    throw error;
  }
}

/** A problem named by the file's column (`born_on`), not the contract's field (`bornOn`). */
const inFileWords = (problem: FieldProblem): FieldProblem => {
  const field = (ANIMAL_FIELDS as Record<string, { csv?: { header: string } }>)[problem.field];
  return field?.csv === undefined ? problem : { ...problem, field: field.csv.header };
};

/** What sync state a row is in, in words for a spreadsheet: blank when the server has it as shown. */
function syncCell(row: AnimalRow): string {
  if (row.kind === 'entry') return row.entry.state === 'pending' ? 'waiting' : row.entry.state.replaceAll('_', ' ');
  return row.change ? `change ${row.change.state.replaceAll('_', ' ')}` : '';
}

/**
 * The columns of a file that no field reads (at most 20): one that is not an animal's, and one
 * named a second time (the first is read). An export's own columns (its id, its sync state) are
 * what a file exported here has, and pass in silence.
 */
function unreadColumnsOf(header: readonly string[], columns: ImportColumns): string[] {
  const read = new Set(Object.values(columns));
  const readKeys = new Set([...read].map((index) => headerKey(header[index!] ?? '')));
  const exportsOwn = new Set(EXPORT_COLUMNS.map(headerKey));
  return header
    .flatMap((cell, index) => {
      const key = headerKey(cell);
      if (read.has(index) || key === '') return [];
      if (readKeys.has(key)) return [`${cell.trim().slice(0, 40)} (a second time)`];
      return exportsOwn.has(key) ? [] : [cell.trim().slice(0, 40)];
    })
    .slice(0, 20);
}

/** A row as checked: its preview, and the animal it adds when it is valid. */
interface CheckedRow {
  row: ImportRow;
  animal?: NewPet;
}

/** A file's preview, kept for its import: each row's key, and the animal each valid row adds. */
interface Preview {
  environment: EnvironmentName;
  fileName: string;
  rows: ImportRow[];
  keys: string[];
  animals: Array<NewPet | undefined>;
}

/**
 * Export to CSV and import from it: the rows of the screen's current view (or every animal), and
 * a file of animals checked row by row with the contract's own rules before anything is added.
 */
export function createAnimalFiles(deps: AnimalFilesDeps) {
  const previews = new Map<string, Preview>();

  function exportAnimals(environment: EnvironmentName, query: Omit<AnimalsQuery, 'offset' | 'limit'>) {
    const names = new Map(deps.categoryNames.list(environment).map(({ categoryId, name }) => [categoryId, name]));
    const currency = deps.currency(environment);
    const rows: string[][] = [];
    for (let offset = 0; ; offset += EXPORT_PAGE) {
      const window = deps.animals(environment, { ...query, offset, limit: EXPORT_PAGE });
      for (const row of window.rows) {
        const animal = row.kind === 'pet' ? row.pet : row.entry;
        rows.push([...animalCells(animal, names.get(animal.categoryId) ?? '', currency), syncCell(row)]);
      }
      if (window.rows.length < EXPORT_PAGE || offset + EXPORT_PAGE >= window.total) break;
    }
    return { csv: writeCsv(EXPORT_COLUMNS, rows), rows: rows.length };
  }

  function checkRow(
    environment: EnvironmentName,
    line: number,
    cells: readonly string[],
    columns: ImportColumns,
  ): CheckedRow {
    const read = cellsOf(cells, columns);
    const category = categoryCell(cells, columns);
    const problems: FieldProblem[] = [];

    // Problems are told in the file's words: its column is "category", whatever the contract calls it.
    let categoryId: string | null = null;
    if (category === '') problems.push({ field: 'category', message: 'is required: a category id or a name' });
    else if (isCategoryIdText(category)) {
      const parsed = categoryIdSchema.safeParse(category.replace(/^\+/, ''), { error: phraseIssue });
      if (parsed.success) categoryId = parsed.data;
      else
        problems.push({
          field: 'category',
          message: `${category.slice(0, 40)} is too ${category.startsWith('-') ? 'small' : 'large'} to be a category id; give an id the shop uses, or a category’s name`,
        });
    } else {
      categoryId = deps.categoryNames.idOf(environment, category) ?? null;
      if (categoryId === null)
        problems.push({
          field: 'category',
          message: `"${category.slice(0, 60)}" names no category here; name it in Settings, or give its id`,
        });
    }
    // A column of a field the environment does not take (a detail, for a server) is not read.
    const cellsSay = animalOfCells(read, deps.currency(environment), personFieldsTakenBy(environment));
    problems.push(...cellsSay.problems);
    const checked = schema.safeParse({ ...cellsSay.animal, categoryId: categoryId ?? '0' }, { error: phraseIssue });
    if (!checked.success)
      problems.push(...fieldProblems(checked.error, 'body').filter(({ field }) => field !== 'categoryId'));
    else problems.push(...storeRuleProblems(checked.data, (chip) => deps.microchipHolder(environment, chip)));
    const row: ImportRow = { line, ...read, category, categoryId, state: 'ready', problems: problems.map(inFileWords) };
    if (problems.length > 0 || !checked.success) return { row: { ...row, state: 'invalid' } };
    const lookAlikes = deps.lookAlikes(environment, checked.data);
    return { row: lookAlikes.length > 0 ? { ...row, state: 'look_alike', lookAlikes } : row, animal: checked.data };
  }

  function rowsToAdd(preview: Preview, lookAlikesToo: boolean): RowToImport<NewPet>[] {
    const toAdd: RowToImport<NewPet>[] = [];
    preview.rows.forEach((row, index) => {
      if (row.state === 'ready' || (lookAlikesToo && row.state === 'look_alike'))
        toAdd.push({ rowKey: preview.keys[index]!, animal: preview.animals[index]! });
    });
    return toAdd;
  }

  return {
    exportAnimals,

    /** What `importAnimals` would add from a preview still kept: its file's name and how many rows. */
    pendingImport(environment: EnvironmentName, importId: string, { lookAlikesToo = false } = {}) {
      const preview = previews.get(importId);
      if (preview === undefined || preview.environment !== environment) return undefined;
      return { fileName: preview.fileName, rows: rowsToAdd(preview, lookAlikesToo).length };
    },

    /** Reads and checks a file; nothing is added until `importAnimals` with the preview's id. */
    previewImport(environment: EnvironmentName, fileName: string, text: string): ImportPreview {
      const [header, ...records] = readCsv(text);
      if (header === undefined) throw new ApiError('invalid_body', 'The file is empty.');
      const headerCells = header.cells.map(unguardCell);
      const columns = importColumns(headerCells);
      // One file's one row has one key, whatever its line endings or byte order mark: imported twice, added once.
      const file = createHash('sha256')
        .update(text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'))
        .digest('hex');
      const keys = records.map(({ line }) => createHash('sha256').update(`${file}:${line}`).digest('hex').slice(0, 40));
      // The line that first adds each animal (name as search reads it, category): a later row like it asks, as the form would.
      const firstLineOf = new Map<string, number>();
      // The line that first gives each microchip number: a later row with it is refused, as an add would be.
      const chipLineOf = new Map<string, number>();
      const checked = records.map(({ line, cells }) => checkRow(environment, line, cells, columns));
      const rows = checked.map(({ row, animal }, index): ImportRow => {
        if (animal === undefined) return row;
        if (deps.wasImported(environment, keys[index]!)) return { ...row, state: 'imported' };
        const chipLine = animal.microchip === undefined ? undefined : chipLineOf.get(animal.microchip);
        if (chipLine !== undefined) {
          const message = `is line ${chipLine}’s too: a microchip number belongs to one animal. Check the number`;
          return { ...row, state: 'invalid', problems: [{ field: 'microchip', message }] };
        }
        if (animal.microchip !== undefined) chipLineOf.set(animal.microchip, row.line);
        const same = `${animal.categoryId}:${searchText(animal.name)}`;
        const sameAsLine = firstLineOf.get(same);
        if (sameAsLine !== undefined) return { ...row, state: 'look_alike', sameAsLine };
        firstLineOf.set(same, row.line);
        return row;
      });
      const importId = randomUUID();
      const animals = checked.map(({ animal }) => animal);
      previews.set(importId, { environment, fileName: fileName.slice(0, 200), rows, keys, animals });
      for (const old of [...previews.keys()].slice(0, -PREVIEWS_KEPT)) previews.delete(old);
      const counts = Object.fromEntries(IMPORT_ROW_STATES.map((state) => [state, 0])) as ImportPreview['counts'];
      for (const row of rows) counts[row.state]++;
      return {
        importId,
        fileName: fileName.slice(0, 200),
        rows,
        counts,
        unreadColumns: unreadColumnsOf(headerCells, columns),
      };
    },

    /**
     * Adds a preview's ready rows (and its look-alikes, when asked), in the file's order, by the same
     * road as an add (the local store, or the outbox), each row once: one imported before adds nothing.
     */
    async importAnimals(
      environment: EnvironmentName,
      importId: string,
      { lookAlikesToo = false } = {},
    ): Promise<ImportOutcome> {
      const preview = previews.get(importId);
      if (preview === undefined || preview.environment !== environment)
        throw new ApiError('not_found', 'That preview is no longer kept here; choose the file again.');
      const toAdd = rowsToAdd(preview, lookAlikesToo);
      previews.delete(importId);
      let added = 0;
      let skipped = 0;
      deps.onProgress(environment, { importId, done: 0, total: toAdd.length });
      for (let start = 0; start < toAdd.length; start += IMPORT_BATCH) {
        const outcome = deps.importRows(environment, toAdd.slice(start, start + IMPORT_BATCH));
        added += outcome.added;
        skipped += outcome.skipped;
        deps.onProgress(environment, {
          importId,
          done: Math.min(toAdd.length, start + IMPORT_BATCH),
          total: toAdd.length,
        });
        await new Promise((resolve) => setImmediate(resolve)); // answers to the window go out between batches
      }
      return { importId, added, alreadyImported: skipped };
    },
  };
}

export type AnimalFiles = ReturnType<typeof createAnimalFiles>;
