import { join } from 'node:path';
import {
  ApiError,
  listPetsQuerySchema,
  newPetSchema,
  parseOrThrow,
  type ListPetsQuery,
  type Pet,
  type PetsView,
  type RemoteEnvironment,
} from '../../shared/contract';
import type { RemoteClient } from '../remote/remote-client';
import { RemoteError } from '../remote/remote-error';
import { openDatabase } from '../store/database';
import { REPLICA_MIGRATIONS } from '../store/migrations';
import { createPetStore } from '../store/pet-store';
import { createOutbox, type Outbox } from './outbox';
import { replicaFileName } from './replica-file';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from './sync-engine';

export interface ReplicaOptions {
  dataDir: string;
  environment: RemoteEnvironment;
  client: () => RemoteClient;
  currentBaseUrl: () => string | null;
  now?: () => number;
  /** Engine tuning (tests shorten the backoff). */
  engine?: Pick<SyncEngineOptions, 'backoff' | 'batch' | 'concurrency'>;
  /** Runs the sync engine elsewhere (a thread of its own, see start-sync-thread.ts); by default it runs here. */
  syncElsewhere?: (outbox: Outbox) => SyncEngine;
}

/**
 * One remote environment as the app sees it: a file of its own (`replica-<environment>.db`) with
 * the server's animals as last seen and the outbox of animals added here for it. Reads answer from
 * the file at once; writes go to the outbox and reach the server through the sync engine.
 */
export function openReplica({
  dataDir,
  environment,
  client,
  currentBaseUrl,
  now = Date.now,
  engine: tuning,
  syncElsewhere,
}: ReplicaOptions) {
  const db = openDatabase(join(dataDir, replicaFileName(environment)), REPLICA_MIGRATIONS);
  const pets = createPetStore(db);
  const outbox = createOutbox(db, pets, environment, now);
  const engine = syncElsewhere
    ? syncElsewhere(outbox)
    : createSyncEngine({ environment, outbox, client, currentBaseUrl, now, ...tuning });
  const readRefresh = db.prepare<[string], number>('SELECT refreshed_at FROM refreshes WHERE query = ?').pluck();
  const writeRefresh = db.prepare<[string, number]>(
    'INSERT INTO refreshes (query, refreshed_at) VALUES (?, ?) ON CONFLICT (query) DO UPDATE SET refreshed_at = excluded.refreshed_at',
  );
  const refreshed = db.transaction((key: string, fresh: Pet[]) => {
    pets.upsertPets(fresh); // the server wins for the animals it knows
    writeRefresh.run(key, now());
  });

  const queryKey = ({ limit, status }: ListPetsQuery) => `limit=${limit}&status=${status ?? ''}`;

  // One read transaction: the sync thread may accept an entry between reads, which would show it twice or not at all.
  const view = db.transaction((query: ListPetsQuery, source: PetsView['source']): PetsView => {
    const at = readRefresh.get(queryKey(query));
    const unsynced = outbox.unsynced(query);
    return {
      environment,
      pets: pets.listPets(query),
      unsynced,
      refreshedAt: at === undefined ? null : new Date(at).toISOString(),
      source,
    };
  });

  return {
    environment,
    db,
    outbox,
    engine,

    /** At once, from the file: the animals last seen, and those not yet synced. */
    listPets(query: Partial<ListPetsQuery> = {}): PetsView {
      return view(parseOrThrow(listPetsQuerySchema, query, 'invalid_parameter', 'query'), 'cache');
    },

    /** The same query from the server, stored, then answered from the file. Throws a RemoteError when it cannot. */
    async refresh(query: Partial<ListPetsQuery> = {}): Promise<PetsView> {
      const valid = parseOrThrow(listPetsQuerySchema, query, 'invalid_parameter', 'query');
      try {
        refreshed(queryKey(valid), await client().listPets(valid));
        engine.noteReachable(true);
      } catch (error) {
        if (error instanceof RemoteError && (error.kind === 'unreachable' || error.kind === 'timeout'))
          engine.noteReachable(false);
        throw error;
      }
      return view(valid, 'server');
    },

    /** From the file when known there, else from the server (getPet is deprecated by the interface). */
    async getPet(petId: string): Promise<Pet> {
      try {
        return pets.getPet(petId);
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'not_found')) throw error;
        const pet = await client().getPet(petId);
        pets.upsertPets([pet]);
        return pet;
      }
    },

    /** Validated as the server would, then written to the outbox durably; sync is nudged. */
    createPet(newPet: unknown): ReturnType<typeof outbox.add> {
      const valid = parseOrThrow(newPetSchema('app'), newPet, 'invalid_body', 'body');
      const baseUrl = currentBaseUrl();
      if (baseUrl === null) {
        throw new RemoteError(
          'no_address',
          `No address is set for ${environment}. Set it in Settings or with: npm run cli -- env set-url ${environment} <url>`,
        );
      }
      const entry = outbox.add(valid, baseUrl);
      engine.syncNow().catch(() => undefined); // the entry is safe in the outbox; the status tells what went wrong
      return entry;
    },

    async close() {
      await engine.stop();
      db.close();
    },
  };
}

export type Replica = ReturnType<typeof openReplica>;
