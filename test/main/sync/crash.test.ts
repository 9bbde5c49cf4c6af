// Crash: a child adds animals and syncs them to the real HTTP service while this test kills it
// with SIGKILL at random moments, mid-request included. Every add that returned must end up on
// the server exactly once, and the files must stay sound; changed animals' histories stay whole.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { SqliteDatabase } from '../../../src/main/database/database';
import { createPetHistory } from '../../../src/main/database/history-table';
import { startService } from '../../helpers/http-service';
import { runUntilKilled } from '../../helpers/killed-worker';
import { drain, openTestReplica, type SyncRunsIn } from '../../helpers/replica';
import { useTempDir } from '../../helpers/temp-dir';

const KILLS = 50;

/** The status an animal's history ends at, checking that each status it records goes from the one before. */
function statusByHistory(db: SqliteDatabase, petId: string): string | null {
  const { entries, more } = createPetHistory(db).page(petId, { limit: 500 });
  expect(more).toBe(false);
  let status: string | null | undefined;
  for (const entry of entries.reverse()) {
    for (const change of entry.changes.filter(({ field }) => field === 'status')) {
      if (status !== undefined) expect(change.from, `entry ${entry.seq} of animal ${petId}`).toBe(status);
      status = change.to as string | null;
    }
  }
  return status ?? null;
}
const CHANGE_KILLS = 15;

async function killedWhileSyncing(
  dataDir: string,
  baseUrl: string,
  prefix: string,
  syncRunsIn: SyncRunsIn,
  worker = 'crash-worker.ts',
): Promise<{ returned: string[]; syncing: boolean; killedMidWay: boolean }> {
  // A child that never gets to sync is stopped too, and the round fails (syncing stays false). Generous:
  // from the sources, a sync thread compiles its modules through tsx first (2 to 5 s on a busy host).
  // Once it has synced a batch, let it add and sync 20 to 250 ms more, then pull the plug.
  const { lines, killed } = await runUntilKilled(worker, [dataDir, baseUrl, prefix, syncRunsIn], (output) =>
    output.includes('#synced') ? 20 + Math.random() * 230 : undefined,
  );
  return {
    returned: lines.filter((line) => !line.startsWith('#')),
    syncing: lines.some((line) => line.startsWith('#synced')),
    killedMidWay: killed,
  };
}

describe('crash safety', () => {
  const tempDir = useTempDir();

  it(`${KILLS} SIGKILLs while adding and syncing (the engine in this thread, and in a sync thread every fifth round): every returned add is on the server exactly once; integrity_check ok`, async () => {
    const service = await startService();
    const dataDir = tempDir();
    const baseUrl = `${service.baseUrl}/v1`;
    try {
      const returned: string[] = [];
      for (let round = 0; round < KILLS; round++) {
        const run = await killedWhileSyncing(
          dataDir,
          baseUrl,
          `round${round}`,
          round % 5 === 4 ? 'a sync thread' : 'this thread',
        );
        expect(run.killedMidWay).toBe(true);
        expect(run.syncing, `round ${round} synced before it was killed`).toBe(true);
        returned.push(...run.returned);
      }
      expect(returned.length).toBeGreaterThan(KILLS * 3);
      const sentBeforeFinalSync = (service.db.prepare('SELECT count(*) AS n FROM pets').get() as { n: number }).n;
      expect(sentBeforeFinalSync).toBeGreaterThan(0); // the children were syncing when killed

      const handles = openTestReplica(dataDir, 'staging', baseUrl);
      const { replica } = handles;
      try {
        expect(replica.db.pragma('integrity_check', { simple: true })).toBe('ok');
        await drain(replica);
        const counts = new Map(
          (
            service.db.prepare('SELECT name, count(*) AS n FROM pets GROUP BY name').all() as Array<{
              name: string;
              n: number;
            }>
          ).map((r) => [r.name, r.n]),
        );
        for (const name of returned) expect(counts.get(name), name).toBe(1);
        for (const [name, n] of counts) expect(n, `duplicate ${name}`).toBe(1);
        expect(replica.outbox.counts()).toMatchObject({ waiting: 0, refused: 0 });
      } finally {
        await handles.close();
      }
      const replicaFile = new Database(join(dataDir, 'replica-staging.db'), { readonly: true });
      expect(replicaFile.pragma('integrity_check', { simple: true })).toBe('ok');
      replicaFile.close();
      expect(service.db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      await service.close();
    }
  }, 400_000);

  it(`${CHANGE_KILLS} SIGKILLs while changing animals and syncing: every returned change is on the server, none made twice, none overwritten, every history whole`, async () => {
    const service = await startService();
    const dataDir = tempDir();
    const baseUrl = `${service.baseUrl}/v1`;
    const animals = Array.from({ length: 8 }, (_, i) =>
      service.store.createPet({ name: `Changed ${i}`, categoryId: '1', status: 'available' }),
    );
    try {
      // What each animal must end as: its last returned change, or the one begun after it (a kill
      // between the call's return and the line that reports it).
      const last = new Map<string, { returned: string; begun: string | null }>();
      for (let round = 0; round < CHANGE_KILLS; round++) {
        const run = await killedWhileSyncing(
          dataDir,
          baseUrl,
          animals.map((pet) => pet.id).join(','),
          round % 3 === 2 ? 'a sync thread' : 'this thread',
          'crash-change-worker.ts',
        );
        expect(run.killedMidWay).toBe(true);
        expect(run.syncing, `round ${round} synced before it was killed`).toBe(true);
        for (const line of run.returned) {
          const [id, status] = line.replace(/^>/, '').split(' ') as [string, string];
          const known = last.get(id);
          if (line.startsWith('>')) last.set(id, { returned: known?.returned ?? 'available', begun: status });
          else last.set(id, { returned: status, begun: null });
        }
      }
      const handles = openTestReplica(dataDir, 'staging', baseUrl);
      const { replica } = handles;
      try {
        expect(replica.db.pragma('integrity_check', { simple: true })).toBe('ok');
        await drain(replica);
        expect(replica.status()).toMatchObject({ waiting: 0, conflicts: 0, refused: 0 });
        const accepted = replica.db
          .prepare(
            "SELECT CAST(pet_id AS TEXT) AS id, count(*) AS n FROM pet_changes WHERE state = 'accepted' AND answer_revision > coalesce(base_revision, 0) GROUP BY pet_id",
          )
          .all() as Array<{ id: string; n: number }>;
        for (const pet of animals) {
          const server = service.store.getPet(pet.id);
          const want = last.get(pet.id);
          if (want) expect([want.returned, want.begun], `lost: animal ${pet.id}`).toContain(server.status);
          const n = accepted.find((row) => row.id === pet.id)?.n ?? 0;
          expect(server.revision, `made twice: animal ${pet.id}`).toBe(1 + n);
          // Each history, here and on the server, is whole and in order after the kills: every
          // status it records goes from the one before, and ends at the animal's status.
          expect(statusByHistory(replica.db, pet.id), `history here: animal ${pet.id}`).toBe(server.status);
          expect(statusByHistory(service.db, pet.id), `history on the server: animal ${pet.id}`).toBe(server.status);
        }
      } finally {
        await handles.close();
      }
    } finally {
      await service.close();
    }
  }, 300_000);
});
