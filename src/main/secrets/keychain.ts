import type * as KeytarModule from 'keytar';

/** The OS keychain (macOS Keychain, Windows Credential Vault, a Secret Service on Linux) through keytar. */
export const KEYCHAIN_SERVICE = 'Petstore Desk';

/**
 * The keychain service the commands keep keys under: PETSTORE_KEYCHAIN_SERVICE when set (tests,
 * or a second install beside the first, like PETSTORE_DATA_DIR), otherwise the app's.
 */
export const keychainService = (env: NodeJS.ProcessEnv): string => env['PETSTORE_KEYCHAIN_SERVICE'] || KEYCHAIN_SERVICE;

export class KeychainUnavailableError extends Error {
  constructor(cause: unknown) {
    super(
      'No OS keychain is available, and keys are kept nowhere else (never in plain text), so nothing was stored or read. ' +
        (process.platform === 'linux'
          ? 'On Linux a Secret Service must be running in your session: install gnome-keyring (Debian/Ubuntu: ' +
            'sudo apt-get install gnome-keyring dbus-x11) or KeePassXC with its Secret Service enabled, then log in again.'
          : 'Check that the system keychain is unlocked.'),
      { cause },
    );
    this.name = 'KeychainUnavailableError';
  }
}

export interface Keychain {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** True when there was a secret to delete. */
  delete(account: string): Promise<boolean>;
}

type Keytar = typeof KeytarModule;
let keytar: Promise<Keytar> | undefined;

async function call<T>(operation: (keytar: Keytar) => Promise<T>): Promise<T> {
  try {
    // Loaded on first use: a machine without libsecret can still run everything that needs no key.
    keytar ??= import('keytar').then((module) => (module as unknown as { default?: Keytar }).default ?? module);
    return await operation(await keytar);
  } catch (error) {
    throw new KeychainUnavailableError(error);
  }
}

export function createKeychain(service: string = KEYCHAIN_SERVICE): Keychain {
  return {
    get: (account) => call((k) => k.getPassword(service, account)),
    set: (account, secret) => call((k) => k.setPassword(service, account, secret)),
    delete: (account) => call((k) => k.deletePassword(service, account)),
  };
}
