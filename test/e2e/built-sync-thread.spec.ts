// The desktop app loads its sync thread from the built main bundle (out/main/sync-thread.js, built
// by the global setup), not from the TypeScript sources the other tests use: that file must run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { startService } from '../helpers/http-service';
import { openTestReplica } from '../helpers/replica';

const BUILT_ENTRY = pathToFileURL(join(import.meta.dirname, '../../out/main/sync-thread.js'));

test('the built sync thread sends what was added here to the server, once each', async () => {
  const service = await startService();
  const dataDir = mkdtempSync(join(tmpdir(), 'petstore-built-thread-'));
  const handles = openTestReplica(dataDir, 'production', `${service.baseUrl}/v1`, 'a sync thread', {
    entry: BUILT_ENTRY,
  });
  const { replica } = handles;
  try {
    for (const name of ['Built 1', 'Built 2', 'Built 3']) replica.createPet({ name, categoryId: '5' });
    await replica.engine.syncNow({ force: true });
    expect(replica.status()).toMatchObject({
      environment: 'production',
      connection: 'online',
      waiting: 0,
      problem: null,
    });
    expect(service.db.prepare("SELECT name FROM pets WHERE name LIKE 'Built %' ORDER BY id").pluck().all()).toEqual([
      'Built 1',
      'Built 2',
      'Built 3',
    ]);
  } finally {
    await handles.close();
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
