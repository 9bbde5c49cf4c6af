import type { AnimalsQuery, EnvironmentName, ExportOutcome } from '../../shared/contract';
import { readCsvFile } from '../csv/csv-file';
import { createAnimalFiles } from './animal-files';
import type { CoreParts } from './core-parts';

/** Animals to and from CSV files: main's dialogs choose the file, the core reads and writes it. */
export function createFileUseCases({ inventory, categoryNames, events, saveFile, openFile, now, settings }: CoreParts) {
  const animalFiles = createAnimalFiles({
    animals: (environment, query) => inventory(environment).animals(query),
    categoryNames,
    lookAlikes: (environment, pet) => inventory(environment).lookAlikes(pet),
    microchipHolder: (environment, microchip) => inventory(environment).microchipHolder(microchip),
    wasImported: (environment, rowKey) => inventory(environment).wasImported(rowKey),
    importRows(environment, rows) {
      const outcome = inventory(environment).importRows(rows);
      if (rows.some(({ animal }) => animal.price !== undefined)) settings.keepCurrency(environment);
      if (outcome.added > 0) events.emit('dataChanged', { environment });
      return outcome;
    },
    onProgress: (environment, progress) => events.emit('importProgress', { environment, ...progress }),
    currency: (environment) => settings.currency(environment),
  });

  return {
    /** The current view (status, search, order) or, without a query, every animal of the environment as CSV. */
    exportAnimals: (environment: EnvironmentName, query: Omit<AnimalsQuery, 'offset' | 'limit'> = { sort: 'oldest' }) =>
      animalFiles.exportAnimals(environment, query),

    /** The same, to a file a person chooses (main's dialog). */
    async exportAnimalsToFile(
      environment: EnvironmentName,
      query?: Omit<AnimalsQuery, 'offset' | 'limit'>,
    ): Promise<ExportOutcome> {
      const { csv, rows } = animalFiles.exportAnimals(environment, query ?? { sort: 'oldest' });
      const day = new Date(now()).toISOString().slice(0, 10);
      const path = await saveFile(`animals-${environment}-${day}.csv`, csv);
      return { rows, path };
    },

    previewImport: animalFiles.previewImport,

    /** A file, read and checked: the one named, else one a person chooses (main's dialog); null when they chose none. */
    async previewImportFromFile(environment: EnvironmentName, named?: string) {
      const path = named ?? (await openFile('animals'));
      if (path === null) return null;
      const { name, text } = await readCsvFile(path);
      return animalFiles.previewImport(environment, name, text);
    },

    importAnimals: animalFiles.importAnimals,

    /** What an import would add, from its preview: for a question before it is made. */
    pendingImport: animalFiles.pendingImport,
  };
}
