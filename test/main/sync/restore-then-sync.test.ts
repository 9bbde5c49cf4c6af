// A replica restored from a backup sends its unsent work exactly once: the backup holds 1,000 adds
// and changes, the server already has half of them (sent before the computer was lost), and after
// the restore each is on the server once, the half it had recognised by its Idempotency-Key.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { restoreBackup } from '../../../src/main/core/restore-backup';
import { readBackup } from '../../../src/main/database/backup-contents';
import { backupOnline } from '../../../src/main/database/backups';
import { replicaFileName } from '../../../src/main/sync/replica-file';
import type { Pet } from '../../../src/shared/contract';
import { useCleanups } from '../../helpers/cleanups';
import { startFaultProxy } from '../../helpers/fault-proxy';
import { startService } from '../../helpers/http-service';
import { drain, openTestReplica } from '../../helpers/replica';
import { useTempDir } from '../../helpers/temp-dir';

const ADDS = 950;
const CHANGES = 50;

describe('a restored replica', () => {
  const tempDir = useTempDir();
  const { track } = useCleanups();

  it(`sends the ${ADDS + CHANGES} adds and changes of its backup once each, half of them already on the server`, async () => {
    const service = track(await startService());
    // The server is away while the work is made and backed up (each send meets a 503 and waits to retry).
    const proxy = track(await startFaultProxy(service.port));
    const baseUrl = proxy.baseUrl;
    const dataDir = tempDir();
    const seeded: Pet[] = Array.from({ length: CHANGES }, (_, i) =>
      service.store.createPet({ name: `Animal ${i}`, categoryId: '1', status: 'available' }),
    );
    const before = openTestReplica(dataDir, 'staging', baseUrl);
    await before.replica.walkInventory();
    proxy.setMode('unavailable-503');
    const adds = Array.from({ length: ADDS }, (_, i) =>
      before.replica.createPet({ name: `Restored ${i}`, categoryId: '1' }),
    );
    const changes = seeded.map((pet, i) => before.replica.changePet(pet.id, { name: `Renamed ${i}` })!);

    const replicaFile = new Database(join(dataDir, replicaFileName('staging')));
    const backup = await backupOnline(replicaFile, { folder: tempDir(), environment: 'staging', reason: 'daily' });
    replicaFile.close();
    expect(readBackup(backup.file)).toMatchObject({ environment: 'staging', unsent: ADDS + CHANGES });

    // Before the computer is lost, the first half of each reaches the server; the rest never leave it.
    proxy.setMode('pass');
    for (const entry of [...adds.slice(ADDS / 2), ...changes.slice(CHANGES / 2)]) before.replica.discard(entry.entryId);
    await drain(before.replica);
    await before.close();
    const onServer = () =>
      service.db
        .prepare<[], { name: string; n: number }>(
          "SELECT name, count(*) AS n FROM pets WHERE name LIKE 'Restored %' GROUP BY name",
        )
        .all();
    expect(onServer()).toHaveLength(ADDS / 2);

    restoreBackup({ dataDir, backup: backup.file, environment: 'staging' });
    const after = track(openTestReplica(dataDir, 'staging', baseUrl));
    expect(after.replica.status().waiting).toBe(ADDS + CHANGES);
    await drain(after.replica, 120_000);

    expect(after.replica.status()).toMatchObject({ waiting: 0, held: 0, refused: 0, conflicts: 0 });
    const added = onServer();
    expect(added).toHaveLength(ADDS);
    expect(added.filter(({ n }) => n !== 1)).toEqual([]);
    const revisions = service.db.prepare<[string], { name: string; revision: number }>(
      'SELECT name, revision FROM pets WHERE id = ?',
    );
    // Each change applied once: renamed, one revision on from the seeded one.
    seeded.forEach((pet, i) => expect(revisions.get(pet.id)).toEqual({ name: `Renamed ${i}`, revision: 2 }));
  });
});
