// The sync thread: runs one environment's sync engine over its own connection to the replica file,
// so that sending, parsing and committing never hold up the main thread that answers the window.
// It serves the engine's calls to main through comlink (see sync-thread-protocol.ts).
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import { createSettings } from '../config/settings';
import { createRemoteClient, type RemoteClient } from '../remote/remote-client';
import { RemoteError } from '../remote/remote-error';
import { openDatabase } from '../database/database';
import { ReportedError } from '../app-error';
import { readKeyPerBatch } from './batch-keys';
import { createReplicaEngine, openReplicaFile } from './replica-file';
import { createWalkStore } from './walk-store';
import type { Contact } from './server-status';
import {
  carryAppErrors,
  type SyncThreadEngine,
  type SyncThreadMain,
  type SyncThreadWorkerData,
} from './sync-thread-protocol';

carryAppErrors();
const started = workerData as SyncThreadWorkerData;
const { environment, dataDir, appDatabase, presets, tuning, timeouts } = started;
const main = Comlink.wrap<SyncThreadMain>(nodeEndpoint(started.main));

// The address is read from the settings the main thread writes, with each batch the engine claims.
const appDb = openDatabase(appDatabase);
const settings = createSettings(appDb, presets);
// The replica's file as the replica opens it: its animals and write queues, over a connection of this thread's.
const currentBaseUrl = () => settings.baseUrl(environment).url;
const { db, queues, extensions } = openReplicaFile(dataDir, environment, currentBaseUrl);

// Main answers what the thread tells it in order: once it has answered the last, it has heard them all.
let lastTold: Promise<void> = Promise.resolve();
function tell(told: Promise<void>): void {
  lastTold = told;
}

let client: RemoteClient | null = null;
const engine = createReplicaEngine({
  db,
  queues,
  extensions,
  environment,
  currentBaseUrl,
  client: () => {
    const baseUrl = currentBaseUrl();
    if (client?.baseUrl !== baseUrl) {
      client = createRemoteClient({
        environment,
        baseUrl,
        apiKey: keys.apiKey,
        timeouts,
        onDeprecation: (notice) => tell(main.deprecation(notice)),
      });
    }
    return client;
  },
  tuning,
});
// Keys stay with the main thread: asked for once for each batch (batch-keys.ts), as in-thread.
const keys = readKeyPerBatch(askMainForKey, engine.events);

async function askMainForKey(origin: string): Promise<string | null> {
  try {
    return await main.apiKey(origin);
  } catch (error) {
    throw keyRefusal(error);
  }
}

/** Why main gave no key: nothing was sent, as when the key is read in the same thread. */
function keyRefusal(error: unknown): unknown {
  if (!(error instanceof ReportedError)) return error;
  const { code, message } = error.report;
  if (code === 'key_unconfirmed' || code === 'keychain_unavailable')
    return new RemoteError(code, message, { mayHaveArrived: false });
  return error;
}

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
  tell(main.contact(unsent));
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
  tell(main.pass(running));
});
engine.events.on('sender', (holder: { pid: number } | null) => tell(main.sender(holder)));
engine.events.on('progress', (progress) => tell(main.progress(progress)));
engine.events.on('data-changed', () => tell(main.dataChanged()));

// A walk's pages, fetched and read by main, are written here: main's thread stays free for the window.
const walkStore = createWalkStore(db, queues.changes.serverSent);

// A call is answered once main has heard the events of what it did: the status there is current at once.
const served: SyncThreadEngine = {
  async syncNow(options) {
    try {
      return await engine.syncNow(options);
    } finally {
      await lastTold;
    }
  },
  start: () => engine.start(),
  keyChanged() {
    keys.forget();
    engine.keyChanged();
  },
  noteReachable: (reachable) => engine.noteReachable(reachable),
  storeWalk: async (batch, row, decided) => walkStore.store(batch, row, decided),
  finishWalk: async (row) => walkStore.finish(row),
  // The pass in progress finishes first; main ends the thread once this answers.
  async stop() {
    await engine.stop();
    await lastTold;
    db.close();
    appDb.close();
  },
};
Comlink.expose(served, nodeEndpoint(parentPort as MessagePort));
