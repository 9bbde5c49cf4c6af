import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { BEARER_TOKEN, BEARER_TOKEN_RULE } from '../../shared/contract';
import type { Keychain } from '../secrets/keychain';
import { KEY_MIN_BITS, keyBits } from './key-strength';

/** A key set by hand must be one a guesser cannot find: this long, and random (see keyBits). */
export const SERVER_KEY_MIN_LENGTH = 32;
const MAKE_ONE = 'make one with: openssl rand -base64 32';

/** Why a key set by hand (bearer-token characters) could be guessed, or null. */
export function keyWeakness(key: string): string | null {
  if (key.length < SERVER_KEY_MIN_LENGTH) {
    return `must be a random key of at least ${SERVER_KEY_MIN_LENGTH} characters (it has ${key.length}); ${MAKE_ONE}`;
  }
  const bits = keyBits(key);
  if (bits < KEY_MIN_BITS) {
    return (
      `is too easy to guess: about ${Math.floor(bits)} bits by its characters, runs and repeats, where a ` +
      `random key has at least ${KEY_MIN_BITS}; ${MAKE_ONE}`
    );
  }
  return null;
}

/** Keychain account under which `npm run serve` keeps the key it generated. */

export const SERVER_KEY_ACCOUNT = 'local-server';

/**
 * The service's bearer key: PETSTORE_API_KEY when set; otherwise the one kept in the OS keychain;
 * otherwise a new 256-bit key, stored there. Logs where the key came from, never the key.
 */
export async function resolveServerApiKey(env: NodeJS.ProcessEnv, keychain: Keychain, log: Logger): Promise<string> {
  const fromEnv = env['PETSTORE_API_KEY'];
  if (fromEnv !== undefined && fromEnv !== '') {
    if (!BEARER_TOKEN.test(fromEnv)) {
      throw new Error(`PETSTORE_API_KEY must be a bearer token: ${BEARER_TOKEN_RULE}.`);
    }
    const weakness = keyWeakness(fromEnv);
    if (weakness !== null) throw new Error(`PETSTORE_API_KEY ${weakness}`);

    log.info({ source: 'PETSTORE_API_KEY' }, 'API key set from the environment');
    return fromEnv;
  }
  const where = { source: 'keychain', service: 'Petstore Desk', account: SERVER_KEY_ACCOUNT };
  const stored = await keychain.get(SERVER_KEY_ACCOUNT);
  if (stored !== null) {
    log.info(where, 'API key found in the OS keychain');
    return stored;
  }
  const generated = randomBytes(32).toString('base64url');
  await keychain.set(SERVER_KEY_ACCOUNT, generated);
  log.info(where, 'API key generated and stored in the OS keychain');
  return generated;
}
