/**
 * A bearer credential as RFC 6750 allows it in `Authorization: Bearer <token>` (token68):
 * letters, digits and - . _ ~ + /, optionally ending in =. Keys are checked against it before
 * they are stored or sent, so a key that could never be sent is refused where it is entered.
 */
export const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

export const BEARER_TOKEN_RULE = 'letters, digits and - . _ ~ + / (optionally ending in =), with no spaces';

/** Our bound on a server's key; the interface gives none (a JWT is a few hundred characters). */
export const API_KEY_MAX_LENGTH = 4096;

/** What is wrong with a key as typed (after trimming), or null. The message follows the word "key". */
export function apiKeyProblem(trimmed: string): string | null {
  if (trimmed.length === 0) return 'must not be empty';
  if (trimmed.length > API_KEY_MAX_LENGTH) {
    return `is too long: at most ${API_KEY_MAX_LENGTH} characters, got ${trimmed.length}`;
  }
  if (!BEARER_TOKEN.test(trimmed)) return `must be a bearer token: ${BEARER_TOKEN_RULE}`;
  return null;
}
