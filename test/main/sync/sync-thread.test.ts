// What the sync thread adds to the engine (whose behaviour sync.test.ts checks in both threads):
// calls and events across the thread boundary, errors as the app reports them, keys asked of the
// main thread, a thread that dies, and a clean stop.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import Database from 'better-sqlite3';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/shared/contract';
import { ReportedError } from '../../../src/main/app-error';
import { DATABASE_FILE_NAME } from '../../../src/main/config/data-dir';
import type { Replica } from '../../../src/main/sync/replica';
import { startSyncThread, type SyncThreadOptions } from '../../../src/main/sync/start-sync-thread';
import { carryAppErrors } from '../../../src/main/sync/sync-thread-protocol';
import type { SyncEngine, SyncPassResult } from '../../../src/main/sync/sync-engine';
import type { Contact } from '../../../src/main/sync/server-status';
import { KeychainUnavailableError } from '../../../src/main/secrets/keychain';
import { startService, TEST_API_KEY, type RunningService } from '../../helpers/http-service';
import { openTestReplica } from '../../helpers/replica';
import { useTempDir } from '../../helpers/temp-dir';
import { useCleanups } from '../../helpers/cleanups';

const { later } = useCleanups();

describe('the sync thread', () => {
  const tempDir = useTempDir();

  async function open(
    apiKey: () => Promise<string | null>,
  ): Promise<{ replica: Replica; service: RunningService; dataDir: string }> {
    const service = await startService();
    later(() => service.close());
    const dataDir = tempDir();
    const handles = openTestReplica(dataDir, 'staging', `${service.baseUrl}/v1`, 'a sync thread', { apiKey });
    later(() => handles.close());
    return { replica: handles.replica, service, dataDir };
  }

  /** A sync thread of the test's own for the replica in `dataDir`. */
  function startThread(dataDir: string, options: Partial<SyncThreadOptions> = {}): SyncEngine {
    const engine = startSyncThread({
      environment: 'staging',
      dataDir,
      appDatabase: join(dataDir, DATABASE_FILE_NAME),
      presets: {},
      apiKey: async () => TEST_API_KEY,
      ...options,
    });
    later(() => engine.stop());
    return engine;
  }

  it('reports its contacts, passes and progress as events here; the status (kept here) counts from this thread, current at once', async () => {
    const { replica, service } = await open(async () => TEST_API_KEY);
    const heard: string[] = []; // contacts and passes, in the order they arrive here
    const progress: SyncPassResult[] = [];
    const changed: string[] = [];
    replica.engine.events.on('contact', (contact: Contact) => heard.push(contact.kind));
    replica.engine.events.on('pass', (running: boolean) => heard.push(running ? 'pass started' : 'pass ended'));
    replica.engine.events.on('progress', (step: SyncPassResult) => progress.push(step));
    replica.engine.events.on('data-changed', (environment: string) => changed.push(environment));

    for (let i = 0; i < 3; i++) replica.outbox.add({ name: `Threaded ${i}`, categoryId: '4' }, `${service.baseUrl}/v1`);
    expect(replica.status()).toMatchObject({ environment: 'staging', waiting: 3, connection: 'unknown' });

    const result = await replica.engine.syncNow();
    expect(result).toEqual({ accepted: 3, refused: 0, retryLater: 0, held: 0, stoppedBecause: null });
    expect(progress.at(-1)).toEqual(result);
    expect(changed).toEqual(['staging']);
    // Three sends answered: the first said at once, repeats of the same at most every 200 ms, the
    // last always before the pass ends.
    expect(heard[0]).toBe('pass started');
    expect(heard.at(-1)).toBe('pass ended');
    expect(heard.at(-2)).toBe('answered');
    expect(heard.slice(1, -1).every((kind) => kind === 'answered')).toBe(true);
    expect(heard.length - 2).toBeLessThanOrEqual(3);
    expect(replica.status()).toMatchObject({
      connection: 'online',
      waiting: 0,
      sending: false,
      problem: null,
      lastSyncedAt: expect.any(String),
    });
    expect(service.db.prepare("SELECT count(*) AS n FROM pets WHERE name LIKE 'Threaded %'").get()).toEqual({ n: 3 });
    expect(replica.listPets().pets.map((pet) => pet.name)).toEqual(['Threaded 0', 'Threaded 1', 'Threaded 2']);
  });

  it('asks this thread for the key at each request; a key that cannot be read stops the pass with the reason in words, and the entry waits', async () => {
    let keychain: 'locked' | 'open' = 'locked';
    const asked: string[] = [];
    const { replica, service } = await open(async () => {
      asked.push(keychain);
      if (keychain === 'locked') throw new KeychainUnavailableError(new Error('locked (test)'));
      return TEST_API_KEY;
    });
    const entry = replica.createPet({ name: 'Waits for the key', categoryId: '1' });
    expect(await replica.engine.syncNow({ force: true })).toMatchObject({
      accepted: 0,
      stoppedBecause: 'not_configured',
    });
    expect(replica.status()).toMatchObject({
      waiting: 1,
      problem: { code: 'keychain_unavailable', message: expect.stringContaining('No OS keychain is available') },
    });
    expect(replica.outbox.get(entry.entryId)).toMatchObject({
      state: 'pending', // certainly not sent: no key was read
      lastError: expect.stringContaining('No OS keychain is available'),
    }); // waits, not left claimed

    keychain = 'open';
    await replica.engine.syncNow({ force: true });
    expect(replica.outbox.get(entry.entryId)).toMatchObject({ state: 'accepted' });
    expect(asked).toContain('locked');
    expect(asked.at(-1)).toBe('open');
    expect(service.db.prepare("SELECT count(*) AS n FROM pets WHERE name = 'Waits for the key'").get()).toEqual({
      n: 1,
    });
  });

  it('stops with the replica: later calls are refused in words, and no entry is left claimed in the file', async () => {
    const { replica, dataDir } = await open(async () => TEST_API_KEY);
    replica.createPet({ name: 'Before closing', categoryId: '1' });
    await replica.engine.syncNow();
    await replica.close();
    await expect(replica.engine.syncNow()).rejects.toThrow('The staging replica is closed.');
    const file = new Database(join(dataDir, 'replica-staging.db'), { readonly: true });
    later(() => file.close());
    expect(file.prepare('SELECT state, count(*) AS n FROM outbox GROUP BY state').all()).toEqual([
      { state: 'accepted', n: 1 },
    ]);
  });
  it("a fault in the thread reaches the caller as the app reports it, and the log here gets the thread's stack", async () => {
    const { replica, dataDir } = await open(async () => TEST_API_KEY);
    const logged: Array<{ fields: Record<string, unknown>; message: string }> = [];
    const engine = startThread(dataDir, { log: { error: (fields, message) => logged.push({ fields, message }) } });
    await engine.syncNow(); // the thread is up, its statements prepared
    replica.db.exec('DROP TABLE sender'); // a pass starts by taking the right to send
    const failed = await engine.syncNow().catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ReportedError);
    expect((failed as ReportedError).report).toMatchObject({ code: 'internal' });
    expect(logged).toEqual([
      {
        message: 'the sync thread failed',
        fields: {
          environment: 'staging',
          error: (failed as ReportedError).report,
          stack: expect.stringMatching(/no such table: sender[\s\S]*sync-thread\.js/),
        },
      },
    ]);
  });

  it('errors cross as the app reports them: code, message and fields, with the stack of the thread that threw', async () => {
    carryAppErrors();
    const { port1, port2 } = new MessageChannel();
    later(() => port1.close());
    const problem = new ApiError('invalid_body', 'The animal cannot be saved.', [
      { field: 'name', message: 'A name is needed.' },
    ]);
    Comlink.expose(
      {
        fail() {
          throw problem;
        },
      },
      nodeEndpoint(port1),
    );
    const failed = await Comlink.wrap<{ fail(): void }>(nodeEndpoint(port2))
      .fail()
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ReportedError);
    expect((failed as ReportedError).report).toEqual({
      code: 'invalid_body',
      message: 'The animal cannot be saved.',
      status: problem.status,
      fields: [{ field: 'name', message: 'A name is needed.' }],
    });
    expect((failed as ReportedError).stack).toBe(problem.stack);
  });

  it('a thread that dies fails the call that waited for it, and the next call starts a new one', async () => {
    const engine = startThread(tempDir(), {
      entry: pathToFileURL(join(import.meta.dirname, '../../helpers/dying-sync-thread.mjs')),
    });
    await expect(engine.syncNow()).rejects.toThrow('The staging sync thread stopped before answering.');
    await expect(engine.syncNow()).resolves.toMatchObject({ accepted: 0, stoppedBecause: null });
  });
});
