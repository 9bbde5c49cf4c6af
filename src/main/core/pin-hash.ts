import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { z } from 'zod';

// OWASP's scrypt parameters for passwords (N=2^17 is their first choice; 2^15 with r=8 is about
// 100 ms on a counter PC, and 32 MiB). Stored with the hash, so they can grow later.
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;

const base64Of = (min: number, max: number) =>
  z.string().refine((text) => {
    const bytes = Buffer.from(text, 'base64');
    return bytes.toString('base64') === text && bytes.length >= min && bytes.length <= max;
  });
/**
 * The record as this app writes it, bounded when read back: a record planted in the file (a cost
 * of 2^30, a hash of another length) is refused as not ours rather than run.
 */
const storedPinSchema = z.strictObject({
  N: z.number().refine((n) => [2 ** 14, 2 ** 15, 2 ** 16, 2 ** 17].includes(n)),
  r: z.number().int().min(8).max(16),
  p: z.number().int().min(1).max(4),
  salt: base64Of(16, 64),
  hash: base64Of(KEY_BYTES, KEY_BYTES),
});
export type StoredPin = z.infer<typeof storedPinSchema>;

const derive = (pin: string, salt: Buffer, cost: { N: number; r: number; p: number }) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(pin, salt, KEY_BYTES, { ...cost, maxmem: 256 * cost.N * cost.r } satisfies ScryptOptions, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/**
 * A PIN as it is kept (the manager's and every staff member's): a salted scrypt hash with its
 * parameters, as JSON. The PIN itself is never stored.
 */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(pin, salt, COST);
  return JSON.stringify({ ...COST, salt: salt.toString('base64'), hash: hash.toString('base64') } satisfies StoredPin);
}

/** A kept PIN's record; 'damaged' when this app did not write it as it is. */
export function readPinRecord(value: string): StoredPin | 'damaged' {
  try {
    const parsed = storedPinSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : 'damaged';
  } catch {
    return 'damaged';
  }
}

/** Whether `pin` is the one `record` was made from (the slow derivation, compared in constant time). */
export async function pinMatches(pin: string, record: StoredPin): Promise<boolean> {
  const expected = Buffer.from(record.hash, 'base64');
  const given = await derive(pin, Buffer.from(record.salt, 'base64'), record);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
