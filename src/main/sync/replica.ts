import { EventEmitter } from 'node:events';
import {
  ApiError,
  listPetsQuerySchema,
  newPetSchema,
  parseOrThrow,
  PERSON_FIELD_NAMES,
  pickFields,
  type ListPetsQuery,
  type NewPet,
  type OutboxEntry,
  type Pet,
  type PetsView,
  type RemoteEnvironment,
  animalsQuerySchema,
  type ChangeEntry,
  type AnimalsQuery,
  type AnimalsWindow,
  SAME_ANIMALS_SHOWN,
  type SameAnimal,
} from '../../shared/contract';
import type { RemoteClient } from '../remote/remote-client';
import { getPetAnswer } from '../remote/get-pet-answer';
import { writeTransaction, readTransaction } from '../database/database';
import { createImportedRows, type RowToImport } from '../database/imported-rows';
import { createAnimalsWindow } from './animals-window';
import { createInventoryWalk, type InventoryWalk } from './inventory-walk';
import { walkStoreHere } from './walk-store';
import { createEntryDecisions, detailsNotTaken, noAddress } from './entry-decisions';
import { createReplicaEngine, openReplicaFile } from './replica-file';
import { photosOfReplica } from './replica-photos';
import { contactOf, createServerStatus, type Contact } from './server-status';
import type { SyncEngine, SyncEngineOptions } from './sync-engine';
import { countAll, nextDueAt } from './write-kinds';

export interface ReplicaOptions {
  dataDir: string;
  environment: RemoteEnvironment;
  client: () => RemoteClient;
  currentBaseUrl: () => string | null;
  /** Whether a key is set for the environment, and for its current address (the server status tells when not). */
  key?: () => 'none' | 'unconfirmed' | 'ready';
  now?: () => number;
  /** Engine tuning (tests shorten the backoff). */
  engine?: Pick<SyncEngineOptions, 'backoff' | 'batch' | 'concurrency' | 'changeBatches'>;
  /** Runs the sync engine elsewhere (a thread of its own, see start-sync-thread.ts); by default it runs here. */
  syncElsewhere?: () => SyncEngine;
}

/**
 * One remote environment as the app sees it: a file of its own (`replica-<environment>.db`) with
 * the server's animals as last seen and the outbox of animals added here for it, the engine that
 * sends that outbox, and the one account of how the server stands (`status`), which every contact
 * with the server, its own or the engine's, goes through. Reads answer from the file at once;
 * writes go to the outbox and reach the server through the engine. Events: data-changed.
 */
export function openReplica(options: ReplicaOptions) {
  const { dataDir, environment, client, currentBaseUrl, key = () => 'ready', now = Date.now } = options;
  const { db, pets, queues, extensions } = openReplicaFile(dataDir, environment, currentBaseUrl, now);
  const { outbox, changes } = queues;
  const imported = createImportedRows(db, now);

  const events = new EventEmitter();
  // Bound below, once the walk exists (it reports through the status it is part of).
  let inventory: InventoryWalk | null = null;
  const status = createServerStatus({
    inventory: () => inventory?.view() ?? { state: 'never', pages: 0, animals: 0, finishedAt: null, problem: null },
    environment,
    address: currentBaseUrl,
    key,

    counts: () => countAll(queues),
    changes: () => changes.support(currentBaseUrl()),
    details: extensions.standing,
    now,
  });
  const engine: SyncEngine = options.syncElsewhere
    ? options.syncElsewhere()
    : createReplicaEngine({ db, queues, extensions, environment, client, currentBaseUrl, now, tuning: options.engine });
  engine.events.on('contact', (contact: Contact) => status.observe(contact));
  engine.events.on('pass', (running: boolean) => status.passRunning(running));
  engine.events.on('sender', (holder: { pid: number } | null) => status.otherSender(holder));
  engine.events.on('data-changed', () => {
    status.changed();
    events.emit('data-changed');
  });

  const lastListed = db.prepare<[], number | null>('SELECT max(refreshed_at) FROM refreshes').pluck();
  const listedAt = (): number | null => lastListed.get() ?? null;
  const writeRefresh = db.prepare<[string, number]>(
    'INSERT INTO refreshes (query, refreshed_at) VALUES (?, ?) ON CONFLICT (query) DO UPDATE SET refreshed_at = excluded.refreshed_at',
  );
  const refreshed = writeTransaction(db, (key: string, fresh: Pet[]) => {
    serverSent(fresh);
    writeRefresh.run(key, now());
  });
  /** The server's animals as it sent them: it wins for those it knows, under the changes still on their way. */
  const serverSent = writeTransaction(db, (sent: readonly Pet[]) => {
    pets.upsertPets(sent);
    changes.serverSent(sent);
  });

  const queryKey = ({ limit, status: petStatus }: ListPetsQuery) => `limit=${limit}&status=${petStatus ?? ''}`;

  // One read transaction: the sync thread may accept an entry between reads, which would show it twice or not at all.
  const view = readTransaction(db, (query: ListPetsQuery, source: PetsView['source']): PetsView => {
    const at = listedAt();
    return {
      environment,
      pets: pets.listPets(query),
      unsynced: outbox.unsynced(query),
      listedAt: at === null ? null : new Date(at).toISOString(),
      source,
    };
  });

  /** Something waits to be sent, or was decided: the status and the window hear of it, the engine sends. */
  function nudge(): void {
    told();
    engine.syncNow().catch(() => undefined); // what waits is safe in the file; the status tells what went wrong
  }
  function told(): void {
    status.changed();
    events.emit('data-changed');
  }
  /** Where what is made now is sent; without an address nothing is made. */
  function addressOrRefuse(): string {
    const baseUrl = currentBaseUrl();
    if (baseUrl === null) throw noAddress(environment);
    return baseUrl;
  }
  /** A pass (which brings the server's photos after sending) when the server named photos not held here. */
  function bringPhotos(): void {
    if (extensions.takesPhotos() && changes.photos.anyWanted()) engine.syncNow().catch(() => undefined);
  }
  const decisions = createEntryDecisions({ environment, outbox, changes, currentBaseUrl, nudge, told });

  /** A call to the server, whose outcome the status hears of (and the engine, which resends on regained contact). */
  async function ask<T>(request: () => Promise<T>): Promise<T> {
    try {
      const answer = await request();
      observe(contactOf(null));
      return answer;
    } catch (error) {
      observe(contactOf(error));
      throw error;
    }
  }
  function observe(contact: Contact | null): void {
    status.observe(contact);
    if (contact?.kind === 'answered') engine.noteReachable(true);
    else if (contact?.error.code === 'unreachable' || contact?.error.code === 'timeout') engine.noteReachable(false);
  }

  const walk = createInventoryWalk({
    db,
    client,
    currentBaseUrl,
    ask,
    store: engine.walkStore ?? walkStoreHere(db, changes.serverSent),
    answersDecide: extensions.answersDecide,
    now,
  });

  /**
   * Asks the server which of our extensions it has, when it has not said for a while (a server may
   * gain one), or `again` (a person's "sync now"): where an animal's details go depends on it. A
   * server that cannot be asked now keeps what it said before.
   */
  let learning: Promise<void> | null = null;
  function learnExtensions({ again = false }: { again?: boolean } = {}): Promise<void> {
    const baseUrl = currentBaseUrl();
    if (baseUrl === null || (!again && !extensions.due(baseUrl, now()))) return Promise.resolve();
    learning ??= ask(() => client().extensions())
      .then((names) => {
        if (currentBaseUrl() !== baseUrl) return;
        extensions.note(baseUrl, names, now());
        status.changed();
      })
      .catch(() => undefined)
      .finally(() => (learning = null));
    return learning;
  }
  inventory = walk;
  walk.events.on('change', () => status.changed());
  walk.events.on('data-changed', () => events.emit('data-changed'));

  const animals = createAnimalsWindow({ db, environment, outbox, pets, changes, walk, lastListed: listedAt });

  return {
    environment,
    db,
    outbox,
    engine,
    events,
    /** How the server stands, as far as this computer knows. */
    status: status.snapshot,
    /** Asks the server by a call made elsewhere (a connection test): the status hears of the outcome. */
    ask,
    /** The address or the key changed: how it stands is not known; what it takes is kept by its address. */
    forgetServer(): void {
      status.forget();
      walk.cancel(); // a walk resumes only on the address it began on
    },

    /** The animals screen's window, at once from the file: waiting-to-sync animals first. */
    animals(query: AnimalsQuery = {}): AnimalsWindow {
      return animals(parseOrThrow(animalsQuerySchema, query, 'invalid_parameter', 'query'));
    },

    /**
     * Walks every page of the server's list into the file (see inventory-walk.ts), then has the
     * engine bring the photos it named that are not here. Throws a RemoteError when it stops short.
     */
    walkInventory: (): Promise<void> => walk.walk().then(bringPhotos),

    /** Asks the server which of our extensions it has, unless it said so lately or `again` (see server-extensions.ts). */
    learnExtensions,

    /** Whether the server records who made each write and when (our history extension), as it last said. */
    takesHistory: () => extensions.takesHistory(),

    /** At once, from the file: the animals last seen, and those not yet synced. */
    listPets(query: Partial<ListPetsQuery> = {}): PetsView {
      return view(parseOrThrow(listPetsQuerySchema, query, 'invalid_parameter', 'query'), 'replica');
    },

    /** The same query from the server, stored, then answered from the file. Throws a RemoteError when it cannot. */
    async refresh(query: Partial<ListPetsQuery> = {}): Promise<PetsView> {
      const valid = parseOrThrow(listPetsQuerySchema, query, 'invalid_parameter', 'query');
      refreshed(queryKey(valid), await ask(() => client().listPets(valid)));
      bringPhotos();
      return view(valid, 'server');
    },

    /** The animal as the file shows it (with changes made here), or undefined; never asks the server. */
    shownPet: (petId: string): Pet | undefined => pets.findPet(petId),

    /** From the file when known there, else from the server (getPet is deprecated by the interface). */
    async getPet(petId: string): Promise<Pet> {
      try {
        return pets.getPet(petId);
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'not_found')) throw error;
        // No animal by that number, or getPet withdrawn: the server has answered, and is not failing.
        const answered = (why: unknown) => (getPetAnswer(why) !== null ? { answered: why } : Promise.reject(why));
        const asked = await ask(() => client().getPet(petId).catch(answered));
        if ('answered' in asked) throw asked.answered;
        serverSent([asked]);
        return asked;
      }
    },

    /** The animals listed or waiting of this name (as search reads it) in this category: what an add would repeat. */
    lookAlikes({ name, categoryId }: NewPet, limit = SAME_ANIMALS_SHOWN): SameAnimal[] {
      const listed: SameAnimal[] = pets.lookAlikes(name, categoryId, limit);
      const waiting = outbox
        .lookAlikes(name, categoryId, limit)
        .map((entry): SameAnimal => ({ entryId: entry.entryId, ...pickFields(entry, PERSON_FIELD_NAMES) }));
      return [...waiting, ...listed].slice(0, limit);
    },

    wasImported: imported.wasImported,

    /**
     * Imported rows into the outbox, durably, each row once (one already imported adds nothing),
     * each sent with its own Idempotency-Key made from its row key: a server that was sent the row
     * by another counter importing the same file answers with the animal it already added.
     */
    importAnimals(rows: readonly RowToImport<NewPet>[]): { added: number; skipped: number } {
      const baseUrl = addressOrRefuse();
      const detailsHere = !extensions.sendDetails(baseUrl);
      const outcome = imported.importAll(
        rows,
        ({ rowKey, animal }) =>
          outbox.add(animal, baseUrl, { idempotencyKey: `import-${rowKey}`, detailsHere }).entryId,
      );
      if (outcome.added > 0) {
        status.changed();
        engine.syncNow().catch(() => undefined);
      }
      return outcome;
    },

    /** Validated as the server would, then written to the outbox durably; sync is nudged. */
    createPet(newPet: unknown): OutboxEntry {
      const valid = parseOrThrow(newPetSchema('app'), newPet, 'invalid_body', 'body');
      const baseUrl = addressOrRefuse();
      const entry = outbox.add(valid, baseUrl, { detailsHere: !extensions.sendDetails(baseUrl) });
      status.changed();
      engine.syncNow().catch(() => undefined); // the entry is safe in the outbox; the status tells what went wrong
      return entry;
    },

    /**
     * A change of one of the server's animals (our extension): kept durably, shown at once, sent by
     * the engine in order per animal. Null when it joined a waiting change and left nothing to send.
     */
    changePet(petId: string, patch: unknown): ChangeEntry | null {
      const baseUrl = addressOrRefuse();
      const entry = changes.change(petId, patch, baseUrl);
      nudge();
      return entry;
    },

    /** The animals' photos as this replica keeps them (see replica-photos.ts). */
    photos: photosOfReplica({
      changes,
      pets,
      baseUrl: addressOrRefuse,
      nudge,
    }),

    /** The details kept here, sent to the server now that it takes them: how many animals' details were queued. */
    uploadKeptDetails(): number {
      const baseUrl = addressOrRefuse();
      if (extensions.standing().server !== 'takes') throw detailsNotTaken(environment, baseUrl);
      const queued = changes.uploadKept(baseUrl);
      nudge();
      return queued;
    },

    /** A person's decisions on what waits: correct, resolve a conflict, resend, discard, and take one back. */
    ...decisions,
    /** Changes made here not yet accepted, oldest first. */
    changeEntries: (): ChangeEntry[] => changes.list(),
    changeEntry: (entryId: string): ChangeEntry | undefined => changes.get(entryId),

    /** Changes no sync sends until a person decides on an earlier change of their animal. */
    waitingBehind: (): number => changes.behindAPerson(),

    /** When the next add or change a sync could send is due (ms since epoch; at most now when due), or null. */
    nextDueAt: (): number | null => nextDueAt(queues),

    /** Whenever what is known about the server may have changed. */
    onStatusChange(listener: () => void): void {
      status.events.on('change', listener);
    },

    async close() {
      walk.cancel();
      await walk.stopped(); // what it received is stored first, in the sync thread when it runs there
      await engine.stop();
      db.close();
    },
  };
}

export type Replica = ReturnType<typeof openReplica>;
