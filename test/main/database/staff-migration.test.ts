// The manager's PIN of the previous version carries over as a manager on the staff list: the same
// PIN unlocks, signs in, and the wrong tries already counted still count. A real file of the
// previous version's schema, opened by a real core.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME } from '../../../src/main/config/data-dir';
import { hashPin } from '../../../src/main/core/pin-hash';
import { openPetstoreCore, type PetstoreCore } from '../../../src/main/core/petstore-core';
import { openDatabase } from '../../../src/main/database/database';
import { MIGRATIONS } from '../../../src/main/database/migrations';
import { createKeychain } from '../../../src/main/secrets/keychain';
import { refusal } from '../../helpers/refusal';
import { useTempDir } from '../../helpers/temp-dir';

const dir = useTempDir();
// Migrations are history, appended only: the version before the staff list.
const BEFORE_STAFF = 13;

let core: PetstoreCore | undefined;
afterEach(async () => {
  await core?.close();
  core = undefined;
});

/** A data folder as the previous version left it: `settings` rows as it wrote them. */
function previousVersion(settings: Record<string, string>): string {
  const folder = dir();
  const db = openDatabase(join(folder, DATABASE_FILE_NAME), MIGRATIONS.slice(0, BEFORE_STAFF));
  const write = db.prepare('INSERT INTO settings (name, value) VALUES (?, ?)');
  for (const [name, value] of Object.entries(settings)) write.run(name, value);
  db.close();
  return folder;
}

const openCore = (dataDir: string, now = Date.now) =>
  (core = openPetstoreCore({ dataDir, env: {}, keychain: createKeychain(`Petstore Desk test ${randomUUID()}`), now }));

describe('the manager’s PIN of the previous version', () => {
  it('becomes the manager named Manager: the same PIN unlocks and signs in, and no counter asks to sign in', async () => {
    const folder = previousVersion({ manager_pin: await hashPin('24681357') });
    const opened = openCore(folder);
    expect(opened.counter()).toEqual({
      staff: [{ name: 'Manager', role: 'manager' }],
      signedIn: null,
      signInRequired: false,
      idleSignOutMinutes: 5,
    });
    expect(opened.managerLock()).toEqual({ pinSet: true, unlocked: false, retryAfterMs: 0 });
    expect((await refusal(() => opened.setActiveEnvironment('staging'))).code).toBe('manager_pin_required');
    await opened.unlockManager('24681357', { task: 'switch-environment', environment: 'staging' });
    expect(opened.setActiveEnvironment('staging').environment).toBe('staging');
    expect((await opened.signIn({ name: 'Manager', pin: '24681357' })).signedIn).toEqual({
      name: 'Manager',
      role: 'manager',
    });
    // The record moved: the settings keep no PIN.
    const db = openDatabase(join(folder, DATABASE_FILE_NAME));
    expect(db.prepare("SELECT count(*) FROM settings WHERE name = 'manager_pin'").pluck().get()).toBe(0);
    db.close();
  });

  it('the wrong tries counted before still count', async () => {
    const now = 5_000_000;
    const folder = previousVersion({
      manager_pin: await hashPin('2468'),
      manager_pin_failures: '4',
      manager_pin_next_try_at: String(now + 2_000),
    });
    const opened = openCore(folder, () => now);
    expect(opened.managerLock().retryAfterMs).toBe(2_000);
    expect((await refusal(() => opened.unlockManager('2468', { task: 'change-pin' }))).code).toBe('manager_pin_wait');
  });

  it('a shop without a PIN gets an empty list: nothing asks, nothing is locked', () => {
    const none = openCore(previousVersion({}));
    expect(none.counter().staff).toEqual([]);
    expect(none.managerLock().pinSet).toBe(false);
  });
});
