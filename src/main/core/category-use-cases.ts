import type { CategoryName, EnvironmentName, ExportOutcome } from '../../shared/contract';
import { ApiError } from '../../shared/contract';
import { readCsvFile } from '../csv/csv-file';
import { guardCell, headerKey, readCsv, unguardCell, writeCsv } from '../csv/spreadsheet-csv';
import type { CoreParts } from './core-parts';

/** Category names: a manager's per environment, kept here, shared as CSV. */
export function createCategoryUseCases({ categoryNames, managerLock, events, openFile, saveFile }: CoreParts) {
  /** Names from a CSV file (category_id, name), all or none; the manager's task is asked for by the caller. */
  function importNames(environment: EnvironmentName, text: string): { named: number } {
    const [header, ...records] = readCsv(text);
    const keys = (header?.cells ?? []).map((cell) => headerKey(unguardCell(cell)));
    const id = keys.findIndex((key) => key === 'categoryid' || key === 'id');
    const name = keys.findIndex((key) => key === 'name' || key === 'categoryname');
    if (id === -1 || name === -1)
      throw new ApiError('invalid_body', 'The file\'s first line must name its columns: "category_id" and "name".');
    categoryNames.nameAll(
      environment,
      records.map(({ line, cells }) => ({
        line,
        naming: { categoryId: (cells[id] ?? '').trim(), name: unguardCell(cells[name] ?? '') },
      })),
    );
    events.emit('categoriesChanged', { environment });
    return { named: records.length };
  }

  /** The category names as CSV (category_id, name), for every counter of the shop to import. */
  function exportCategoryNames(environment: EnvironmentName): string {
    return writeCsv(
      ['category_id', 'name'],
      categoryNames.list(environment).map(({ categoryId, name }) => [categoryId, guardCell(name)]),
    );
  }

  return {
    /** The category names of the environment, by name. */
    categoryNames: (environment: EnvironmentName): CategoryName[] => categoryNames.list(environment),

    /** A manager names a category (or takes its name away, `name: null`). */
    nameCategory(environment: EnvironmentName, naming: unknown): CategoryName | null {
      managerLock.require('name-categories', environment);
      const named = categoryNames.name(environment, naming);
      events.emit('categoriesChanged', { environment });
      return named;
    },

    exportCategoryNames,

    /** Names from a CSV file (category_id, name): all or none; names not in the file stay as they are. */
    importCategoryNames(environment: EnvironmentName, text: string): { named: number } {
      managerLock.require('name-categories', environment);
      return importNames(environment, text);
    },

    /** Category names from a file: the one named, else one a person chooses (main's dialog); null when they chose none. */
    async importCategoryNamesFromFile(environment: EnvironmentName, named?: string): Promise<{ named: number } | null> {
      managerLock.require('name-categories', environment);
      const path = named ?? (await openFile('category names'));
      return path === null ? null : importNames(environment, (await readCsvFile(path)).text);
    },

    /** The category names to a file a person chooses (main's dialog). */
    async exportCategoryNamesToFile(environment: EnvironmentName): Promise<ExportOutcome> {
      const names = categoryNames.list(environment);
      const path = await saveFile(`category-names-${environment}.csv`, exportCategoryNames(environment));
      return { rows: names.length, path };
    },
  };
}
