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
    expect(await keys.status('staging')).toEqual({ set: false, setAt: null });
    await keys.set('staging', 'staging-key-1\n');
    await keys.set('production', 'production-key-1');
    expect(await keys.get('staging')).toBe('staging-key-1');
    now = new Date('2026-11-21T09:30:00Z');
    await keys.set('staging', 'staging-key-2');
    expect(await keys.status('staging')).toEqual({ set: true, setAt: '2026-11-21T09:30:00.000Z' });
    expect(await keys.get('production')).toBe('production-key-1');
    expect(await keys.clear('staging')).toBe(true);
    expect(await keys.status('staging')).toEqual({ set: false, setAt: null });
    expect(await keys.get('production')).toBe('production-key-1');
    await keys.clear('production');
  });

  itWithKeyring('refuses a key that cannot be sent as a bearer token, storing nothing', async () => {
    const keys = createEnvironmentKeys(
      createKeychain(`Petstore Desk test ${randomUUID()}`),
      createSettings(open().db, {}),
    );
    await expect(keys.set('staging', 'two words')).rejects.toThrow('The key must be a bearer token');
    expect(await keys.status('staging')).toEqual({ set: false, setAt: null });
  });
});
