// A power cut just after a sync pass recorded the server's answers: the replica file is taken back
// to what its own syncs made durable (test/helpers/power-cut.ts), and the next pass sends to a
// server that ignores Idempotency-Key. Nothing the server answered for is sent again.
import { createServerExtensions } from '../../../src/main/sync/server-extensions';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/main/database/database';
import { REPLICA_MIGRATIONS } from '../../../src/main/database/migrations';
import { createPetsTable } from '../../../src/main/database/pets-table';
import { createOutbox } from '../../../src/main/sync/outbox';
import { createPetChanges } from '../../../src/main/sync/pet-changes';
import { replicaFileName } from '../../../src/main/sync/replica-file';
import type { SyncPassResult } from '../../../src/main/sync/sync-engine';
import { useCleanups } from '../../helpers/cleanups';
import { startKeyIgnoringServer, type KeyIgnoringServer } from '../../helpers/key-ignoring-server';
import { cutPower, powerCutUnavailable } from '../../helpers/power-cut';
import { drain, openTestReplica, type SyncRunsIn } from '../../helpers/replica';
import { ROOT } from '../../helpers/serve-process';
import { useTempDir } from '../../helpers/temp-dir';

const { track } = useCleanups();
const REPLICA = replicaFileName('staging');
/** Fewer than a claim: all of them are claimed, sent and answered in one go. */
const ENTRIES = 40;

/** Writes to the outbox of a replica file no engine has open, then closes it cleanly (all on disk). */
function queue(dataDir: string, write: (stores: ReturnType<typeof storesOf>) => void): void {
  const db = openDatabase(join(dataDir, REPLICA), REPLICA_MIGRATIONS);
  try {
    write(storesOf(db));
  } finally {
    db.close();
  }
}
function storesOf(db: ReturnType<typeof openDatabase>) {
  const pets = createPetsTable(db);
  return {
    pets,
    outbox: createOutbox(db, pets, 'staging'),
    changes: createPetChanges(
      db,
      pets,
      createServerExtensions(db, () => null),
      'staging',
    ),
  };
}

/** One pass in a process of its own, whose power goes once the pass has recorded its answers. */
async function syncThenCutPower(dataDir: string, baseUrl: string, syncRunsIn: SyncRunsIn): Promise<SyncPassResult> {
  const cut = cutPower(dataDir, [REPLICA]);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'test/helpers/power-cut-worker.ts'), dataDir, baseUrl, syncRunsIn],
    { env: cut.env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const signal = await new Promise((resolve) => child.on('exit', (_code, exitSignal) => resolve(exitSignal)));
  expect(signal, 'the pass ended, then the power').toBe('SIGKILL');
  cut.restore();
  return JSON.parse(output.split('\n')[0]!) as SyncPassResult;
}

/** The replica as it comes back after the cut: sound, and synced until nothing waits. */
async function afterTheCut(dataDir: string, server: KeyIgnoringServer) {
  const handles = track(openTestReplica(dataDir, 'staging', server.baseUrl));
  expect(handles.replica.db.pragma('integrity_check', { simple: true })).toBe('ok');
  await drain(handles.replica);
  return handles.replica;
}

const unavailable = powerCutUnavailable();
if (unavailable !== null) console.warn(`Power cut tests skipped: ${unavailable}`);

describe.skipIf(unavailable !== null).each<SyncRunsIn>(['this thread', 'a sync thread'])(
  'a power cut after the answers were recorded, the engine in %s',
  (syncRunsIn) => {
    const tempDir = useTempDir();

    it('no add the server answered is sent again: each animal is made once', async () => {
      const server = track(await startKeyIgnoringServer());
      const dataDir = tempDir();
      const names = Array.from({ length: ENTRIES }, (_, i) => `Powered ${i}`);
      queue(dataDir, ({ outbox }) => names.forEach((name) => outbox.add({ name, categoryId: '1' }, server.baseUrl)));

      expect(await syncThenCutPower(dataDir, server.baseUrl, syncRunsIn)).toMatchObject({ accepted: ENTRIES });
      const replica = await afterTheCut(dataDir, server);

      expect(server.keysSentTwice()).toEqual(new Map());
      const made = server.service.db.prepare('SELECT name, count(*) AS n FROM pets GROUP BY name').all();
      expect(made).toEqual(expect.arrayContaining(names.map((name) => ({ name, n: 1 }))));
      expect(made).toHaveLength(ENTRIES);
      expect(replica.status()).toMatchObject({ waiting: 0, held: 0, refused: 0 });
    }, 60_000);

    it('no change the server answered is sent again: each is made once, none meets itself as a conflict', async () => {
      const server = track(await startKeyIgnoringServer());
      const dataDir = tempDir();
      const animals = Array.from({ length: ENTRIES }, (_, i) =>
        server.service.store.createPet({ name: `Changed ${i}`, categoryId: '1', status: 'available' }),
      );
      queue(dataDir, ({ pets, changes }) => {
        pets.upsertPets(animals); // as a list of the server's animals would
        changes.noteSupported(server.baseUrl); // as after its first change: nothing else to learn of it
        for (const pet of animals) changes.change(pet.id, { status: 'sold' }, server.baseUrl);
      });

      expect(await syncThenCutPower(dataDir, server.baseUrl, syncRunsIn)).toMatchObject({ accepted: ENTRIES });
      const replica = await afterTheCut(dataDir, server);

      expect(server.keysSentTwice()).toEqual(new Map());
      for (const pet of animals)
        expect(server.service.store.getPet(pet.id)).toMatchObject({ status: 'sold', revision: 2 });
      expect(replica.status()).toMatchObject({ waiting: 0, held: 0, refused: 0, conflicts: 0 });
    }, 60_000);
  },
);
