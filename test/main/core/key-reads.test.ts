// A drain sends thousands of requests; the key is read from the OS keychain once for each batch of
// them, not for each: a read is a round trip to the Secret Service that costs more than the request
// it authorizes. Real keychain (a private Secret Service), real SQLite, real HTTP.
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { openPetstoreCore } from '../../../src/main/core/petstore-core';
import { createKeychain, type Keychain } from '../../../src/main/secrets/keychain';
import { SYNC_BATCH } from '../../../src/main/sync/sync-engine';
import { useCleanups } from '../../helpers/cleanups';
import { startService, TEST_API_KEY } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';
import { useTempDir } from '../../helpers/temp-dir';

const { track, later } = useCleanups();
const ANIMALS = 150;
const batches = Math.ceil(ANIMALS / SYNC_BATCH);

/** The real keychain, counting the reads of a key. */
function countingKeychain(): Keychain & { reads: number } {
  const keychain = createKeychain(`Petstore Desk test ${randomUUID()}`);
  const counted = {
    reads: 0,
    get: (account: string) => {
      counted.reads++;
      return keychain.get(account);
    },
    set: keychain.set,
    delete: keychain.delete,
  };
  return counted;
}

describe.each([
  ['in its own thread (the desktop app)', true],
  ['in the same thread (the CLI)', false],
])('a drain with the engine %s reads the key once for each batch', (_, syncInThread) => {
  const tempDir = useTempDir();

  itWithKeyring(`${ANIMALS} adds, then ${ANIMALS} changes: a few reads, not one for each request`, async () => {
    const keychain = countingKeychain();
    const core = openPetstoreCore({ dataDir: tempDir(), env: {}, keychain, syncInThread });
    later(() => core.close());
    const service = track(await startService());
    await core.setBaseUrl('staging', `${service.baseUrl}/v1`);
    await core.setKey('staging', TEST_API_KEY);

    keychain.reads = 0;
    for (let i = 0; i < ANIMALS; i++) core.addPet('staging', { name: `Read once ${i}`, categoryId: '1' });
    await core.syncNow('staging');
    expect(service.db.prepare("SELECT count(*) FROM pets WHERE name LIKE 'Read once %'").pluck().get()).toBe(ANIMALS);
    // Each add nudges the engine, so the first pass may hold one add only; then whole batches. The
    // walk after "sync now" reads the key for each page it asks for (outside a pass, every request does).
    expect(keychain.reads).toBeLessThanOrEqual(2 * batches + 4);

    const ids = service.db.prepare("SELECT CAST(id AS TEXT) FROM pets WHERE name LIKE 'Read once %'").pluck().all();
    keychain.reads = 0;
    for (const id of ids as string[]) core.changePet('staging', id, { status: 'sold' });
    await core.syncNow('staging');
    expect(service.db.prepare("SELECT count(*) FROM pets WHERE status = 'sold'").pluck().get()).toBe(ANIMALS);
    expect(keychain.reads).toBeLessThanOrEqual(2 * batches + 4);
  });
});
