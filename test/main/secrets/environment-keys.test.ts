import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { createSettings } from '../../../src/main/config/settings';
import { createEnvironmentKeys } from '../../../src/main/secrets/environment-keys';
import { createKeychain } from '../../../src/main/secrets/keychain';
import { itWithKeyring } from '../../helpers/keyring';
import { useStore } from '../../helpers/store';

describe('one key per remote environment, in the OS keychain', () => {
  const open = useStore();

  itWithKeyring("sets, replaces, reports and clears each environment's key separately", async () => {
    const settings = createSettings(open().db, {});
    let now = new Date('2026-11-20T10:00:00Z');
    const keys = createEnvironmentKeys(createKeychain(`Petstore Desk test ${randomUUID()}`), settings, () => now);
    expect(await keys.has('staging')).toBe(false);
    await keys.set('staging', 'staging-key-1\n', 'https://staging.example');
    await keys.set('production', 'production-key-1', 'https://shop.example');
    expect(await keys.get('staging')).toBe('staging-key-1');
    now = new Date('2026-11-21T09:30:00Z');
    await keys.set('staging', 'staging-key-2', 'https://staging.example:8443');
    expect(await keys.has('staging')).toBe(true);
    expect(settings.keySetAt('staging')).toBe('2026-11-21T09:30:00.000Z');
    expect(settings.keyOrigin('staging')).toBe('https://staging.example:8443');
    expect(await keys.get('production')).toBe('production-key-1');
    expect(await keys.clear('staging')).toBe(true);
    expect(await keys.has('staging')).toBe(false);
    expect(settings.keySetAt('staging')).toBeNull();
    expect(settings.keyOrigin('staging')).toBeNull();
    expect(await keys.get('production')).toBe('production-key-1');
    await keys.clear('production');
  });

  itWithKeyring('refuses a key that cannot be sent as a bearer token, storing nothing', async () => {
    const keys = createEnvironmentKeys(
      createKeychain(`Petstore Desk test ${randomUUID()}`),
      createSettings(open().db, {}),
    );
    await expect(keys.set('staging', 'two words', 'https://staging.example')).rejects.toMatchObject({
      message: expect.stringMatching(/^key must be a bearer token/),
      fields: [{ field: 'key', message: expect.stringMatching(/^must be a bearer token/) }],
    });
    await expect(keys.set('staging', 'k'.repeat(5_000), 'https://staging.example')).rejects.toMatchObject({
      message: 'key is too long: at most 4096 characters, got 5000',
    });
    expect(await keys.has('staging')).toBe(false);
  });
});
