import { hash } from 'node:crypto';
import { writeTransaction, type SqliteDatabase } from '../database/database';
import { ApiError } from '../../shared/contract';

/** Keys are kept at least this long (the IETF httpapi draft leaves it to the server). */
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** Expired records are cleared at most this often: a write of its own for every request costs each one. */
const PURGE_INTERVAL_MS = 60 * 1000;

/** What is kept of a successful response: where the animal is, its body, and its entity tag (for a change). */
export interface Response {
  location: string;
  body: string;
  etag?: string;
}

export interface StoredResponse extends Response {
  replayed: boolean;
}

const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/** An Idempotency-Key's value as the draft allows it: 1 to 255 visible ASCII characters, no quote. */
export const isIdempotencyKey = (value: string): boolean => KEY_FORMAT.test(value) && !value.includes('"');

/**
 * Reads the Idempotency-Key header: a Structured Field string ("...") per the draft, or the bare
 * token most clients send. Returns undefined when absent.
 */
export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (Array.isArray(header)) throw new ApiError('invalid_parameter', 'Idempotency-Key must be sent once.');
  const value = header.length >= 2 && header.startsWith('"') && header.endsWith('"') ? header.slice(1, -1) : header;
  if (!isIdempotencyKey(value)) {
    throw new ApiError(
      'invalid_parameter',
      'Idempotency-Key must be 1 to 255 visible ASCII characters, such as a UUID.',
    );
  }
  return value;
}

/**
 * The first successful response to each key, kept with a fingerprint of the request it answered.
 * `respond` runs the creation and records its response in one transaction, so a pet never exists
 * without its key record and a replay never creates a second pet.
 */
export function createIdempotencyStore(db: SqliteDatabase, now: () => number = Date.now) {
  const find = db.prepare<
    [string],
    { fingerprint: string; location: string; response_body: string; etag: string | null; created_at: number }
  >('SELECT fingerprint, location, response_body, etag, created_at FROM idempotency_keys WHERE key = ?');
  const record = db.prepare<[string, string, string, string, string | null, number]>(
    'INSERT INTO idempotency_keys (key, fingerprint, location, response_body, etag, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  // Oldest first, in the order written (rowid), up to the first record not expired: the scan costs
  // what it clears. A clock set back keeps the records that follow a while longer, never less.
  const purge = db.prepare<[number]>(
    `DELETE FROM idempotency_keys WHERE rowid < coalesce(
       (SELECT rowid FROM idempotency_keys WHERE created_at >= ? ORDER BY rowid LIMIT 1),
       (SELECT max(rowid) + 1 FROM idempotency_keys))`,
  );
  const forget = db.prepare<[string]>('DELETE FROM idempotency_keys WHERE key = ?');
  let purgedAt = -Infinity;
  const purgeExpired = (at: number): number => {
    purgedAt = at;
    return purge.run(at - IDEMPOTENCY_KEY_RETENTION_MS).changes;
  };

  const respond = writeTransaction(db, (key: string, request: string, create: () => Response): StoredResponse => {
    const fingerprint = hash('sha256', request);
    const at = now();
    let earlier = find.get(key);
    // Expired but not yet purged: the key is new again.
    if (earlier !== undefined && earlier.created_at < at - IDEMPOTENCY_KEY_RETENTION_MS) {
      forget.run(key);
      earlier = undefined;
    }
    if (earlier !== undefined) {
      if (earlier.fingerprint !== fingerprint) {
        throw new ApiError(
          'idempotency_key_mismatch',
          'This Idempotency-Key was already used with a different request; send a new key for a new request.',
        );
      }
      return {
        location: earlier.location,
        body: earlier.response_body,
        ...(earlier.etag === null ? {} : { etag: earlier.etag }),
        replayed: true,
      };
    }
    const created = create();
    if (at - purgedAt >= PURGE_INTERVAL_MS) purgeExpired(at);
    record.run(key, fingerprint, created.location, created.body, created.etag ?? null, at);
    return { ...created, replayed: false };
  });

  return {
    /** `request` identifies what was asked (the validated body); the same key with another request is refused. */
    /** Whether a request under `key` was answered and is still kept: a retry of it is replayed, whatever changed since. */
    answered(key: string): boolean {
      const earlier = find.get(key);
      return earlier !== undefined && earlier.created_at >= now() - IDEMPOTENCY_KEY_RETENTION_MS;
    },
    respond(key: string, request: string, create: () => Response): StoredResponse {
      return respond(key, request, create);
    },
    purgeExpired: (): number => purgeExpired(now()),
  };
}
