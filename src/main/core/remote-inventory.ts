import { ApiError, type RemoteEnvironment } from '../../shared/contract';
import { toAppError, type FaultLog } from '../app-error';
import type { SyncPassResult } from '../sync/sync-engine';
import { createPetHistory } from '../database/history-table';
import { createWeekFigures, type WeekFigures } from '../database/week-figures';
import { acting } from '../database/write-context';
import { inOneWrite } from '../database/database';
import { createOrders, type Orders } from '../database/orders-table';
import { refuseSoldAgain } from '../../shared/contract/orders';
import type { HistoryAction } from '../../shared/contract/history';
import type { Inventory, PersonActing, RemoteServer } from './inventory';
import type { KeyAccess } from './key-access';
import type { RemoteEnvironments } from './remote-environments';

export interface RemoteInventoryParts {
  remotes: RemoteEnvironments;
  keyAccess: KeyAccess;
  log: FaultLog | undefined;
  person: PersonActing;
}

/**
 * A server environment as an inventory: its replica (opened on first use), where adds and changes
 * wait durably until its sync engine sends them, and what only a server has (its key, entries,
 * sync, status).
 */
export function createRemoteInventory(
  environment: RemoteEnvironment,
  { remotes, keyAccess, log, person }: RemoteInventoryParts,
): Inventory {
  const replica = () => remotes.replica(environment);
  // A person's write: what it shows at once is in the animal's history as theirs, made here (the
  // replica's other writes are the server's answers); an add keeps the act until the server takes it.
  const as = <R>(action: HistoryAction, run: () => R): R =>
    acting(replica().db, { where: 'here', ...person(), action }, run);
  let history: { db: unknown; reader: ReturnType<typeof createPetHistory> } | undefined;
  let figures: { db: unknown; reader: WeekFigures } | undefined;
  const historyOf = () => {
    const { db } = replica();
    if (history?.db !== db) history = { db, reader: createPetHistory(db) };
    return history.reader;
  };

  let orders: { db: unknown; reader: Orders } | undefined;
  const ordersOf = () => {
    const { db } = replica();
    if (orders?.db !== db) orders = { db, reader: createOrders(db) };
    return orders.reader;
  };

  const server: RemoteServer = {
    environment,
    key: {
      state: () => keyAccess.state(environment),
      view: () => keyAccess.view(environment),
      refresh: () => keyAccess.refresh(environment),
      set: (key) => keyAccess.set(environment, key),
      clear: () => keyAccess.clear(environment),
      confirmForAddress: (ask) => keyAccess.confirmForAddress(environment, ask),
    },
    status: () => replica().status(),
    async testConnection() {
      await replica()
        .ask(() => remotes.client(environment).listPets({ limit: 1 }))
        .catch(() => undefined);
    },
    configurationChanged: () => remotes.configurationChanged(environment),
    forgetServer: () => replica().forgetServer(),

    outboxEntries: () => replica().outbox.list(),
    outboxEntry: (entryId) => replica().outbox.get(entryId),
    changeEntries: () => replica().changeEntries(),
    changeEntry: (entryId) => replica().changeEntry(entryId),
    correctEntry: (entryId, pet) => as('corrected', () => replica().correctEntry(entryId, pet)),
    resolveConflict: (entryId, choice) => as('decided', () => replica().resolveConflict(entryId, choice)),
    resend: (entryId, fixed) =>
      as(fixed === undefined ? 'changed' : 'corrected', () => replica().resend(entryId, fixed)),
    discard: (entryId) => as('discarded', () => replica().discard(entryId)),
    setAside: (entryId) => replica().setAside(entryId),
    restore: (entryId) => as('undone', () => replica().restore(entryId)),
    waitingBehind: () => replica().waitingBehind(),
    learnExtensions: (options) => replica().learnExtensions(options),
    serverSales: (period) => replica().ask(() => remotes.client(environment).countOrders(period)),
    async serverHistory(petId, page) {
      await replica().learnExtensions();
      const client = remotes.client(environment);
      // Not known to have it: asked now, so a server out of reach is said to be, not to lack it.
      if (!replica().takesHistory() && !(await replica().ask(() => client.extensions())).includes('history'))
        return null;
      return replica().ask(() => client.petHistory(petId, page));
    },
    uploadKeptDetails: () => as('changed', () => replica().uploadKeptDetails()),

    syncPass: (options) => replica().engine.syncNow(options),
    onSyncProgress(listener: (progress: SyncPassResult) => void) {
      const { events } = replica().engine;
      events.on('progress', listener);
      return () => void events.off('progress', listener);
    },
    nextDueAt: () => replica().nextDueAt(),
  };

  return {
    environment,
    listPets: (query) => replica().listPets(query),

    // When the server cannot answer, the replica's animals come with the reason: a list is never lost to the network.
    async refreshPets(query) {
      try {
        await replica().learnExtensions();
        return await replica().refresh(query);
      } catch (error) {
        if (error instanceof ApiError) throw error; // the query itself is wrong
        return { ...replica().listPets(query), problem: toAppError(error, log) };
      }
    },

    animals: (query) => replica().animals(query),
    async walkEveryAnimal() {
      await replica().learnExtensions();
      await replica().walkInventory();
    },
    addPet: (pet, checkFirst) => ({
      entry: as('added', () =>
        inOneWrite(replica().db, () => {
          checkFirst?.();
          return replica().createPet(pet);
        }),
      ),
    }),
    // A change waits in the replica and is judged by the server against the revision it was made to.
    changePet: (petId, patch, _revision, action = 'changed') => ({
      change: as(action, () => replica().changePet(petId, patch)),
    }),
    // A sale waits as its status change does; the replica's trigger records it with the change.
    sellPet(petId, terms) {
      const shown = replica().shownPet(petId);
      if (shown === undefined) throw new ApiError('not_found', `No animal has id ${petId}.`);
      refuseSoldAgain(shown);
      const { db } = replica();
      const change = acting(db, { where: 'here', ...person(), action: 'changed', sale: terms }, () =>
        replica().changePet(petId, { status: 'sold' }),
      );
      return { change, sale: ordersOf().standingSale(petId)! };
    },
    sales: () => ({ orders: ordersOf(), madeHereOnly: true }),
    shownPet: (petId) => replica().shownPet(petId),
    photos() {
      const { photos } = replica();
      return {
        ...photos,
        setPhoto: (...args) => as('changed', () => photos.setPhoto(...args)),
        removePhoto: (...args) => as('changed', () => photos.removePhoto(...args)),
      };
    },
    getPet: (petId) => replica().getPet(petId),
    lookAlikes: (pet) => replica().lookAlikes(pet),
    microchipHolder: (microchip) => replica().outbox.microchipHolder(microchip),
    wasImported: (rowKey) => replica().wasImported(rowKey),
    importRows: (rows) => as('imported', () => replica().importAnimals(rows)),
    history: (petId, query) => historyOf().page(petId, query),
    historyEntry: (petId, seq) => historyOf().entry(petId, seq),
    actsMadeHere: (petId, acts) => historyOf().actsMadeHere(petId, acts),
    historyOnServer: () => server.serverHistory,
    weekFigures() {
      const { db } = replica();
      if (figures?.db !== db) figures = { db, reader: createWeekFigures(db, { animalsLeave: true }) };
      return figures.reader;
    },
    server: () => server,
  };
}
