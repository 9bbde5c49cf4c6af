import { hash, timingSafeEqual } from 'node:crypto';
import { ApiError, BEARER_TOKEN } from '../../shared/contract';

export type BearerCheck = 'ok' | 'missing' | 'invalid';

/**
 * Checks `Authorization: Bearer <key>` in constant time: both sides are hashed to the same
 * length first, so neither the key's length nor its first differing byte shows in the timing.
 */
export function createBearerCheck(apiKey: string): (authorization: string | undefined) => BearerCheck {
  if (apiKey.length === 0) throw new Error('The API key must not be empty.');
  const expected = hash('sha256', apiKey, 'buffer');
  return (authorization) => {
    if (authorization === undefined || authorization === '') return 'missing';
    // RFC 6750: the scheme is case-insensitive; the credentials are a token68.
    const match = /^Bearer +(\S+) *$/i.exec(authorization);
    if (match === null || !BEARER_TOKEN.test(match[1]!)) return 'invalid';
    const given = hash('sha256', match[1]!, 'buffer'); // one-shot: a third cheaper than createHash on the hot path
    return timingSafeEqual(given, expected) ? 'ok' : 'invalid';
  };
}

/** What a request without the right key is answered (401): how to send it, or that it is not valid. */
export const unauthorized = (verdict: Exclude<BearerCheck, 'ok'>): ApiError =>
  new ApiError(
    'unauthorized',
    verdict === 'missing' ? 'Send the API key as "Authorization: Bearer <key>".' : 'The API key is not valid.',
  );
