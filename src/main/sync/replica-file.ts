import { join } from 'node:path';
import type { RemoteEnvironment } from '../../shared/contract';
import type { RemoteClient } from '../remote/remote-client';
import { BACKUP_FOLDER_NAME } from '../config/data-dir';
import { openDatabase, type SqliteDatabase } from '../database/database';
import { setWriteOrigin } from '../database/write-context';
import { REPLICA_MIGRATIONS } from '../database/migrations';
import { createPetsTable } from '../database/pets-table';
import { createPhotoFetch } from './photo-fetch';
import { createSenderLease } from './sender-lease';
import { createServerExtensions, type ServerExtensions } from './server-extensions';
import { createSyncEngine, type SyncEngineOptions } from './sync-engine';
import { openWriteQueues, reclaimFromGoneSender, type WriteQueues } from './write-kinds';

/** Each remote environment's replica (its animals and write queues) lives in a file of its own. */
export const replicaFileName = (environment: RemoteEnvironment) => `replica-${environment}.db`;

/**
 * A replica's file, opened (and migrated) with its animals and its write queues: what the replica
 * itself and the sync thread, each over a connection of its own, both open.
 */
export function openReplicaFile(
  dataDir: string,
  environment: RemoteEnvironment,
  currentBaseUrl: () => string | null,
  now: () => number = Date.now,
) {
  const db = openDatabase(join(dataDir, replicaFileName(environment)), REPLICA_MIGRATIONS, {
    backups: { folder: join(dataDir, BACKUP_FOLDER_NAME), environment },
  });
  // A replica's writes are the server's answers, unless a person's act says otherwise (write-context.ts).
  setWriteOrigin(db, { where: 'server' });
  const extensions = createServerExtensions(db, currentBaseUrl);
  const pets = createPetsTable(db, { answersDecide: extensions.answersDecide });
  return { db, pets, extensions, queues: openWriteQueues(db, pets, extensions, environment, now) };
}

export interface ReplicaEngineOptions {
  db: SqliteDatabase;
  queues: WriteQueues;
  extensions: ServerExtensions;
  environment: RemoteEnvironment;
  client: () => RemoteClient;
  currentBaseUrl: () => string | null;
  now?: () => number;
  tuning?: Pick<SyncEngineOptions, 'backoff' | 'batch' | 'concurrency' | 'changeBatches'>;
}

/**
 * The engine that sends a replica file's write queues, under the file's one-sender lease, and then
 * brings the server's photos here.
 */
export function createReplicaEngine({ db, queues, extensions, now = Date.now, tuning, ...rest }: ReplicaEngineOptions) {
  return createSyncEngine({
    ...rest,
    ...queues,
    fetchPhotos: createPhotoFetch(db, queues.changes.photos, extensions),
    lease: createSenderLease(db, { now, reclaim: () => reclaimFromGoneSender(queues) }),
    now,
    ...tuning,
  });
}
