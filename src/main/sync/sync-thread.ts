// The sync thread: runs one environment's sync engine over its own connection to the replica file,
// so that sending, parsing and committing never hold up the main thread that answers the window.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { join } from 'node:path';
import { createSettings } from '../config/settings';
import { createRemoteClient, type RemoteClient } from '../remote/remote-client';
import { openDatabase } from '../store/database';
import { REPLICA_MIGRATIONS } from '../store/migrations';
import { createPetStore } from '../store/pet-store';
import { readKeyPerBatch } from './batch-keys';
import { createOutbox } from './outbox';
import { createPetChanges } from './pet-changes';

import { replicaFileName } from './replica-file';
import { createSenderLease } from './sender-lease';
import { createSyncEngine } from './sync-engine';
import type { Contact } from './server-status';
import { ReportedError, toAppError } from '../app-error';
import type { AppError } from '../../shared/contract';
import { RemoteError } from '../remote/remote-error';

import type { FromSyncThread, SyncThreadData, ToSyncThread } from './sync-thread-protocol';

const port = parentPort as MessagePort;
const { environment, dataDir, appDatabase, presets, tuning, timeouts } = workerData as SyncThreadData;
const post = (message: FromSyncThread) => port.postMessage(message);

// The address is read from the settings the main thread writes, with each batch the engine claims.
const appDb = openDatabase(appDatabase);
const settings = createSettings(appDb, presets);
const db = openDatabase(join(dataDir, replicaFileName(environment)), REPLICA_MIGRATIONS);
const pets = createPetStore(db);
const outbox = createOutbox(db, pets, environment);
const changes = createPetChanges(db, pets, environment);
const lease = createSenderLease(db, {
  reclaim: () => {
    outbox.reclaimFromGoneSender();
    changes.reclaimFromGoneSender();
  },
});

// Keys stay with the main thread (the keychain is its to use): asked for once for each batch (batch-keys.ts), as in-thread.
let nextCall = 0;
const keyRequests = new Map<number, { resolve: (key: string | null) => void; reject: (error: Error) => void }>();
const askMainForKey = (origin: string) =>
  new Promise<string | null>((resolve, reject) => {
    const call = nextCall++;
    keyRequests.set(call, { resolve, reject });
    post({ type: 'needKey', call, origin });
  });

let client: RemoteClient | null = null;
const currentBaseUrl = () => settings.baseUrl(environment).url;
const engine = createSyncEngine({
  environment,
  outbox,
  changes,
  lease,
  currentBaseUrl,
  client: () => {
    const baseUrl = currentBaseUrl();
    if (client?.baseUrl !== baseUrl) {
      client = createRemoteClient({
        environment,
        baseUrl,
        apiKey: keys.apiKey,
        timeouts,
        onDeprecation: (notice) => post({ type: 'deprecation', notice }),
      });
    }
    return client;
  },
  ...tuning,
});
const keys = readKeyPerBatch(askMainForKey, engine.events);
// A drain makes a contact per send. One that changes what is known goes to the main thread at once;
// repeats of the same, at most every CONTACT_REPEAT_MS (the last one always, before the pass ends).
const CONTACT_REPEAT_MS = 200;
let unsent: Contact | null = null;
let lastSent = { kind: '', at: 0 };
let repeatTimer: NodeJS.Timeout | null = null;
const contactKind = (contact: Contact) => (contact.kind === 'answered' ? 'answered' : contact.error.code);
function sendContact(): void {
  if (repeatTimer !== null) clearTimeout(repeatTimer);
  repeatTimer = null;
  if (unsent === null) return;
  post({ type: 'contact', contact: unsent });
  lastSent = { kind: contactKind(unsent), at: Date.now() };
  unsent = null;
}
engine.events.on('contact', (contact: Contact) => {
  unsent = contact;
  if (contactKind(contact) !== lastSent.kind || Date.now() - lastSent.at >= CONTACT_REPEAT_MS) sendContact();
  else repeatTimer ??= setTimeout(sendContact, CONTACT_REPEAT_MS);
});
engine.events.on('pass', (running: boolean) => {
  sendContact();
  post({ type: 'pass', running });
});

engine.events.on('sender', (holder: { pid: number } | null) => post({ type: 'sender', holder }));
engine.events.on('progress', (progress) => post({ type: 'progress', progress }));
engine.events.on('data-changed', () => post({ type: 'dataChanged' }));

port.on('message', (message: ToSyncThread) => {
  switch (message.type) {
    case 'syncNow':
      engine.syncNow({ force: message.force }).then(
        (result) => post({ type: 'done', call: message.call, result }),
        (error: unknown) =>
          post({
            type: 'done',
            call: message.call,
            error: toAppError(error),
            ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
          }),
      );
      break;
    case 'start':
      engine.start();
      break;
    case 'stop':
      void engine.stop().finally(() => {
        db.close();
        appDb.close();
        post({ type: 'done', call: message.call });
        port.close();
      });
      break;
    case 'keyChanged':
      keys.forget();
      engine.keyChanged();
      break;
    case 'noteReachable':
      engine.noteReachable(message.reachable);
      break;
    case 'key': {
      const request = keyRequests.get(message.call);
      keyRequests.delete(message.call);
      if (message.error === undefined) request?.resolve(message.key);
      else request?.reject(keyRefusal(message.error));

      break;
    }
  }
});

/** Why main gave no key: nothing was sent, as when the key is read in the same thread. */
function keyRefusal(error: AppError): Error {
  if (error.code === 'key_unconfirmed' || error.code === 'keychain_unavailable') {
    return new RemoteError(error.code, error.message, { mayHaveArrived: false });
  }
  return new ReportedError(error);
}
