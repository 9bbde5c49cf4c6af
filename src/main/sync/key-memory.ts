import type { RemoteEnvironment } from '../../shared/contract';

const HOUR_MS = 60 * 60 * 1000;

/**
 * How long a server is trusted to remember an Idempotency-Key: the interface's service keeps one
 * 24 hours (a server that keeps none is the known hazard); an hour of that is left for a clock
 * set by hand on either side, and for the time a request spends on its way.
 */
export const KEY_MEMORY_MS = 23 * HOUR_MS;

/** How a kind of entry is named in the reason it is held: what the server may already have done, and where to look. */
export interface UnansweredWords {
  /** "have it", "have made this change" */
  mayAlready: string;
  /** "the server's list", "the animal on the server" */
  check: string;
}

/**
 * An entry's `unknown_since` once a send of it goes unanswered (a column of every write queue): when the first send whose outcome is not known went out, as its claim recorded
 * in `sent_at` (else its last write, the nearest known); kept until a person sends it again.
 */
export const UNKNOWN_SINCE = `coalesce(unknown_since, sent_at, updated_at)`;

/**
 * Why an entry whose send went unanswered at `unknownSince` is held for a person at `at` rather
 * than sent again under its key, or null while the server still remembers that key. The time is
 * this computer's: a clock set back since the send leaves how long ago unknown, so it is held too.
 */
export function unansweredTooLong(
  { mayAlready, check }: UnansweredWords,
  environment: RemoteEnvironment,
  unknownSince: number | null,
  at: number,
): string | null {
  if (unknownSince !== null && at >= unknownSince && at - unknownSince < KEY_MEMORY_MS) return null;
  const when =
    unknownSince === null
      ? 'Sent'
      : `Sent on ${new Date(unknownSince).toLocaleString('en-GB', {
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          hour: '2-digit',
          minute: '2-digit',
        })}`;
  const since = unknownSince !== null && at < unknownSince ? ", and this computer's clock has been set back since" : '';
  return `${when} with no answer${since}; the ${environment} server may already ${mayAlready}, and after so long may not know it if it is sent again. Check ${check}, then resend it or discard it.`;
}

/**
 * The due rows `due` reads, once none is an entry unanswered for too long: each such is held for a
 * person (`hold`, with the reason), told to `held`, and the due are read again.
 */
export function dueUnlessUnansweredTooLong<R extends { state: string; unknown_since: number | null }>(
  due: () => R[],
  { words, environment, at }: { words: UnansweredWords; environment: RemoteEnvironment; at: number },
  hold: (row: R, reason: string) => void,
  held?: (count: number) => void,
): R[] {
  for (;;) {
    const rows = due();
    let holding = 0;
    for (const row of rows) {
      const reason = row.state === 'unknown' ? unansweredTooLong(words, environment, row.unknown_since, at) : null;
      if (reason === null) continue;
      hold(row, reason);
      holding++;
    }
    if (holding === 0) return rows;
    held?.(holding);
  }
}
