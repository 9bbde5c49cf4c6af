import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { z } from 'zod';
import {
  ApiError,
  isManagerPin,
  MANAGER_PIN_RULE,
  managerTaskInWords,
  type ManagerPermit,
  type ManagerTask,
  type EnvironmentName,
} from '../../shared/contract';
import type { ManagerLockView } from '../../shared/ipc/views';
import { ReportedError } from '../app-error';
import { writeTransaction, type SqliteDatabase } from '../database/database';

/** Wrong PINs in a row before each further try waits (1 s, then doubling: 2 s, 4 s, ... up to 15 min). */
export const FREE_ATTEMPTS = 3;
export const LONGEST_WAIT_MS = 15 * 60_000;
/**
 * An unlock allows the one task it was asked for, once, within this long: main locks again by
 * itself, so a caller that rides an unlock (a page that never locks) can do nothing else.
 */
export const PERMIT_LASTS_MS = 60_000;

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
type StoredPin = z.infer<typeof storedPinSchema>;

const derive = (pin: string, salt: Buffer, cost: { N: number; r: number; p: number }) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(pin, salt, KEY_BYTES, { ...cost, maxmem: 256 * cost.N * cost.r } satisfies ScryptOptions, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** The wait after `failures` wrong PINs in a row: none for the first few, then doubling to a ceiling. */
export const waitAfter = (failures: number) =>
  failures < FREE_ATTEMPTS ? 0 : Math.min(LONGEST_WAIT_MS, 1_000 * 2 ** (failures - FREE_ATTEMPTS));

/**
 * The manager's PIN: kept only as a salted scrypt hash in the app's database, so the lock and its
 * count of wrong tries outlive a restart, and hold for the CLI (another process on the same file)
 * too. A try is counted before the PIN is checked, so tries made at once are each counted.
 */
export function createManagerLock(db: SqliteDatabase, now: () => number = Date.now) {
  const read = db.prepare<[string], string>('SELECT value FROM settings WHERE name = ?').pluck();
  const write = db.prepare<[string, string]>(
    'INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare<[string]>('DELETE FROM settings WHERE name = ?');
  let permit: (ManagerPermit & { until: number }) | null = null;

  /** The PIN's record; 'damaged' when there is one this app did not write as it is. */
  const record = (): StoredPin | 'damaged' | null => {
    const value = read.get('manager_pin');
    if (value === undefined) return null;
    try {
      const parsed = storedPinSchema.safeParse(JSON.parse(value));
      return parsed.success ? parsed.data : 'damaged';
    } catch {
      return 'damaged';
    }
  };
  const stored = () => record() !== null;
  const damaged = () =>
    new ReportedError({
      code: 'unusable_file',
      message: `The manager's PIN kept in ${db.name} is damaged or was not written by Petstore Desk, so no PIN can be checked against it; nothing was unlocked. Remove it (petstore manager remove-pin, or Remove PIN in Settings), then set a new one.`,
      status: 500,
    });
  const failures = () => Number(read.get('manager_pin_failures') ?? 0);
  const nextTryAt = () => Number(read.get('manager_pin_next_try_at') ?? 0);
  const permitLive = () => permit !== null && now() < permit.until;

  const view = (): ManagerLockView => ({
    pinSet: stored(),
    unlocked: stored() && permitLive(),
    retryAfterMs: Math.max(0, nextTryAt() - now()),
  });

  const mustWait = (waitMs: number) =>
    new ReportedError({
      code: 'manager_pin_wait',
      message: `Too many wrong PINs: the next try is possible in ${Math.ceil(waitMs / 1000)} s.`,
      status: 429,
      retryAfterMs: waitMs,
    });

  /** Counts the try as wrong before the check (undone when it is right), or refuses it while a wait runs. */
  const reserveTry = writeTransaction(db, () => {
    const waitMs = nextTryAt() - now();
    if (waitMs > 0) throw mustWait(waitMs);
    const counted = failures() + 1;
    write.run('manager_pin_failures', String(counted));
    write.run('manager_pin_next_try_at', String(now() + waitAfter(counted)));
  });
  const forgetFailures = writeTransaction(db, () => {
    remove.run('manager_pin_failures');
    remove.run('manager_pin_next_try_at');
  });

  async function pinIsRight(pin: string): Promise<boolean> {
    const pinHash = record();
    if (pinHash === null) return true;
    if (pinHash === 'damaged') throw damaged();
    reserveTry();
    const expected = Buffer.from(pinHash.hash, 'base64');
    const given = await derive(pin, Buffer.from(pinHash.salt, 'base64'), pinHash);
    const right = given.length === expected.length && timingSafeEqual(given, expected);
    if (right) forgetFailures();
    return right;
  }

  const wrongPin = () =>
    new ReportedError({
      code: 'manager_pin_wrong',
      message:
        failures() >= FREE_ATTEMPTS
          ? `That is not the manager's PIN. The next try is possible in ${Math.ceil(waitAfter(failures()) / 1000)} s.`
          : "That is not the manager's PIN.",
      status: 403,
      retryAfterMs: Math.max(0, nextTryAt() - now()),
    });

  return {
    view,

    /**
     * Passes when no PIN is set, or uses up the unlock asked for this very task (and environment);
     * otherwise throws manager_pin_required with the permit to ask for.
     */
    require(task: ManagerTask, environment?: EnvironmentName): void {
      if (!stored()) return;
      if (permitLive() && permit!.task === task && permit!.environment === environment) {
        permit = null;
        return;
      }
      const asked: ManagerPermit = environment === undefined ? { task } : { task, environment };
      throw new ReportedError({
        code: 'manager_pin_required',
        message: `${managerTaskInWords(asked)} needs the manager's PIN.`,
        status: 403,
        permit: asked,
      });
    },

    /** The PIN, for one task: allowed once, within PERMIT_LASTS_MS. */
    async unlock(pin: string, asked: ManagerPermit): Promise<ManagerLockView> {
      if (!(await pinIsRight(pin))) throw wrongPin();
      permit = { ...asked, until: now() + PERMIT_LASTS_MS };
      return view();
    },

    lock(): ManagerLockView {
      permit = null;
      return view();
    },

    /** Sets, changes (unlocked first) or removes (null) the PIN. */
    async setPin(pin: string | null): Promise<ManagerLockView> {
      // A damaged record guards nothing (no PIN can be checked against it): removing it asks for none.
      if (!(pin === null && record() === 'damaged')) this.require('change-pin');
      if (pin === null) {
        remove.run('manager_pin');
        forgetFailures();
        permit = null;
        return view();
      }
      if (!isManagerPin(pin))
        throw ApiError.fromFields('invalid_body', [{ field: 'pin', message: `must be ${MANAGER_PIN_RULE}` }]);
      const salt = randomBytes(16);
      const hash = await derive(pin, salt, COST);
      write.run(
        'manager_pin',
        JSON.stringify({ ...COST, salt: salt.toString('base64'), hash: hash.toString('base64') } satisfies StoredPin),
      );
      forgetFailures();
      permit = null;
      return view();
    },
  };
}

export type ManagerLock = ReturnType<typeof createManagerLock>;
