import {
  animalsQuerySchema,
  ApiError,
  etagOf,
  parseOrThrow,
  REMOTE_ENVIRONMENTS,
  SAME_ANIMALS_SHOWN,
  type PetsView,
} from '../../shared/contract';
import { inOneWrite, type SqliteDatabase } from '../database/database';
import { createImportedRows } from '../database/imported-rows';
import { createPetPhotos } from '../database/pet-photos';
import { createPetHistory } from '../database/history-table';
import { createPetsTable } from '../database/pets-table';
import { createWeekFigures } from '../database/week-figures';
import { createSelling } from '../database/sell-animal';
import { acting } from '../database/write-context';
import type { Inventory, PersonActing } from './inventory';

/**
 * The local store as an inventory: everything is done at once in the app's own database, nothing
 * waits to be sent, and it is its own freshest list. It has no server.
 */
export function createLocalInventory(db: SqliteDatabase, person: PersonActing): Inventory {
  const store = createPetsTable(db);
  const imports = createImportedRows(db);
  const storedPhotos = createPetPhotos(db);
  const history = createPetHistory(db);
  const weekFigures = createWeekFigures(db, { animalsLeave: false });
  const selling = createSelling(db, store);
  // Every write here is a person's: the animal's history names them, their road and the moment.
  const as = <R>(action: 'added' | 'changed' | 'imported' | 'undone', run: () => R): R =>
    acting(db, { where: 'here', ...person(), action }, run);
  const photos: typeof storedPhotos = {
    ...storedPhotos,
    setPhoto: (...args) => as('changed', () => storedPhotos.setPhoto(...args)),
    removePhoto: (...args) => as('changed', () => storedPhotos.removePhoto(...args)),
  };

  const listPets = (query: unknown): PetsView => ({
    environment: 'local',
    pets: store.listPets(query),
    unsynced: [],
    listedAt: null,
    source: 'local',
  });

  return {
    environment: 'local',
    listPets,
    refreshPets: async (query) => listPets(query),

    animals(query) {
      const valid = parseOrThrow(animalsQuerySchema, query, 'invalid_parameter', 'query');
      const counts = store.countByStatus(valid.search, valid);
      return {
        environment: 'local',
        total: valid.status === undefined ? counts.all : counts[valid.status],
        counts,
        offset: valid.offset,
        rows: store.browse(valid, valid.offset, valid.limit).map((pet) => ({ kind: 'pet', pet })),
        listedAt: null,
        inventory: null,
      };
    },

    walkEveryAnimal: async () => undefined, // every animal is here already

    addPet: (pet, checkFirst) => ({
      pet: as('added', () =>
        inOneWrite(db, () => {
          checkFirst?.();
          return store.createPet(pet);
        }),
      ),
    }),

    /** Made only if the animal is still at `revision` (absent: whatever it is now), else precondition_failed. */
    changePet: (petId, patch, revision, action = 'changed') => ({
      pet: as(action, () => store.changePet(petId, patch, revision === undefined ? '*' : { tags: [etagOf(revision)] })),
    }),

    sellPet: (petId, terms, revision) =>
      as('changed', () => selling.sell(petId, terms, revision === undefined ? '*' : { tags: [etagOf(revision)] })),
    sales: () => ({ orders: selling.orders, madeHereOnly: false }),

    shownPet: (petId) => store.findPet(petId),
    photos: () => photos,
    getPet: (petId) => store.getPet(petId),
    lookAlikes: ({ name, categoryId }) => store.lookAlikes(name, categoryId, SAME_ANIMALS_SHOWN),
    microchipHolder: (microchip) => store.microchipHolder(microchip),
    wasImported: (rowKey) => imports.wasImported(rowKey),
    importRows: (rows) => as('imported', () => imports.importAll(rows, ({ animal }) => store.createPet(animal).id)),
    history: (petId, query) => history.page(petId, query),
    historyEntry: (petId, seq) => history.entry(petId, seq),
    actsMadeHere: (petId, acts) => history.actsMadeHere(petId, acts),
    historyOnServer: () => null,
    weekFigures: () => weekFigures,

    server() {
      // Word for word what the IPC contract answers for local on a server's channel.
      throw ApiError.fromFields('invalid_parameter', [
        { field: 'environment', message: `must be one of ${REMOTE_ENVIRONMENTS.join(', ')}, got "local"` },
      ]);
    },
  };
}
