import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { createKeychain } from '../../../src/main/secrets/keychain';
import { itWithKeyring } from '../../helpers/keyring';

describe('keychain (a real Secret Service, private to the test run)', () => {
  const keychain = createKeychain(`Petstore Desk test ${randomUUID()}`);

  itWithKeyring('sets, reads, replaces and clears a secret per account', async () => {
    expect(await keychain.get('staging')).toBeNull();
    await keychain.set('staging', 'first-key');
    await keychain.set('production', 'other-key');
    expect(await keychain.get('staging')).toBe('first-key');
    await keychain.set('staging', 'second-key');
    expect(await keychain.get('staging')).toBe('second-key');
    expect(await keychain.get('production')).toBe('other-key');
    expect(await keychain.delete('staging')).toBe(true);
    expect(await keychain.delete('staging')).toBe(false);
    expect(await keychain.get('staging')).toBeNull();
    await keychain.delete('production');
  });

  itWithKeyring('without a Secret Service, says so with the fix and stores nothing', () => {
    // A child process with no session bus and no display: keytar cannot reach any keychain.
    const script = `
      import { createKeychain } from './src/main/secrets/keychain.ts';
      createKeychain('Petstore Desk test').set('staging', 'never-stored').then(
        () => console.log('STORED'),
        (error) => console.log(error.name + ': ' + error.message),
      );`;
    const env = { ...process.env };
    delete env['DBUS_SESSION_BUS_ADDRESS'];
    delete env['DISPLAY'];
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env,
      encoding: 'utf8',
    });
    expect(result.stdout).toMatch(
      /^KeychainUnavailableError: No OS keychain is available, and keys are kept nowhere else \(never in plain text\), so nothing was stored/,
    );
    expect(result.stdout).toContain('apt-get install gnome-keyring');
    expect(result.stdout).not.toContain('never-stored');
  });
});
