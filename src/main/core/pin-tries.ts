import { ReportedError } from '../app-error';
import { writeTransaction, type SqliteDatabase } from '../database/database';
import { pinMatches, type StoredPin } from './pin-hash';

/** Wrong PINs in a row before each further try waits (1 s, then doubling: 2 s, 4 s, ... up to 15 min). */
export const FREE_ATTEMPTS = 3;
export const LONGEST_WAIT_MS = 15 * 60_000;

/** The wait after `failures` wrong PINs in a row: none for the first few, then doubling to a ceiling. */
export const waitAfter = (failures: number) =>
  failures < FREE_ATTEMPTS ? 0 : Math.min(LONGEST_WAIT_MS, 1_000 * 2 ** (failures - FREE_ATTEMPTS));

/** One PIN's wrong tries in a row, and when its next try may be made. */
export interface TryCount {
  failures: number;
  nextTryAt: number;
}

/**
 * Where a PIN's count is kept: in the database, so that it outlives a restart and holds for
 * another process on the same file (the CLI) too. `write(null)` forgets it.
 */
export interface TryCountStore {
  read(): TryCount;
  write(count: TryCount | null): void;
}

/** The words and codes a refusal is said in: the manager's PIN, or a staff member's. */
export interface TryWords {
  wrongCode: 'manager_pin_wrong' | 'staff_pin_wrong';
  waitCode: 'manager_pin_wait' | 'staff_pin_wait';
  /** "That is not the manager's PIN." */
  wrong: string;
}

/**
 * Wrong PINs slowed, the same for the manager's PIN and each staff member's: a try is counted
 * before the PIN is checked (in one write transaction), so tries made at once, by two processes
 * or across a restart are each counted; the right PIN forgets the count.
 */
export function slowedTries(db: SqliteDatabase, now: () => number, store: TryCountStore, words: TryWords) {
  const mustWait = (waitMs: number) =>
    new ReportedError({
      code: words.waitCode,
      message: `Too many wrong PINs: the next try is possible in ${Math.ceil(waitMs / 1000)} s.`,
      status: 429,
      retryAfterMs: waitMs,
    });

  /** Counts the try as wrong before the check (undone when it is right), or refuses it while a wait runs. */
  const reserveTry = writeTransaction(db, () => {
    const { failures, nextTryAt } = store.read();
    const waitMs = nextTryAt - now();
    if (waitMs > 0) throw mustWait(waitMs);
    const counted = failures + 1;
    store.write({ failures: counted, nextTryAt: now() + waitAfter(counted) });
  });

  const wrongPin = () => {
    const { failures, nextTryAt } = store.read();
    return new ReportedError({
      code: words.wrongCode,
      message:
        failures >= FREE_ATTEMPTS
          ? `${words.wrong} The next try is possible in ${Math.ceil(waitAfter(failures) / 1000)} s.`
          : words.wrong,
      status: 403,
      retryAfterMs: Math.max(0, nextTryAt - now()),
    });
  };

  return {
    retryAfterMs: (): number => Math.max(0, store.read().nextTryAt - now()),

    /** Passes when `pin` is the one any of `records` was made from; else throws (wrong, or wait). */
    async check(pin: string, records: readonly StoredPin[]): Promise<void> {
      reserveTry();
      for (const record of records) {
        if (await pinMatches(pin, record)) {
          store.write(null);
          return;
        }
      }
      throw wrongPin();
    },

    forget(): void {
      store.write(null);
    },
  };
}
