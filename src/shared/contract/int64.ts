import { z } from 'zod';
import { describeValue } from './describe-value';
import { INT64_MAX, INT64_MIN } from './limits';

/**
 * An int64 as it travels inside the app (IPC, store results, TypeScript types): its canonical
 * decimal string ("0", "-12", "9223372036854775807"). Strings compare and serialise exactly,
 * which JavaScript numbers cannot above 2^53.
 */
export type Int64 = string;

/**
 * Where a value comes from decides what an int64 may look like:
 * - 'app': our own code and the renderer: a canonical decimal string, a bigint, or a safe-integer number;
 * - 'json': a body parsed by our lossless JSON parser, which turns every integer literal into a
 *   bigint; a JSON string or a number with a fraction or exponent is not an integer there.
 */
export type ValueSource = 'app' | 'json';

const CANONICAL_DECIMAL = /^(0|-?[1-9][0-9]*)$/;
const RANGE = `from ${INT64_MIN} to ${INT64_MAX}`;

export type Int64Check = { ok: true; value: Int64 } | { ok: false; problem: string };

export function checkInt64(value: unknown, source: ValueSource = 'app'): Int64Check {
  let big: bigint;
  if (typeof value === 'bigint') {
    big = value;
  } else if (source === 'app' && typeof value === 'number' && Number.isSafeInteger(value)) {
    big = BigInt(value);
  } else if (source === 'app' && typeof value === 'string' && CANONICAL_DECIMAL.test(value)) {
    big = BigInt(value);
  } else if (value === undefined) {
    return { ok: false, problem: 'is required' };
  } else if (source === 'app' && typeof value === 'number' && Number.isInteger(value)) {
    return {
      ok: false,
      problem: `is beyond 2^53 as a JavaScript number and would lose digits; pass it as a decimal string`,
    };
  } else if (source === 'json' && typeof value === 'string') {
    return { ok: false, problem: `must be a JSON integer, not a string, got ${describeValue(value)}` };
  } else if (typeof value === 'string' && !/^-?[0-9]+$/.test(value)) {
    // No number at all ("abc", "1.5"): the int64 range would only puzzle.
    return { ok: false, problem: `must be a whole number, got ${describeValue(value)}` };
  } else if (typeof value === 'string' && /^-?0[0-9]|^-0+$/.test(value)) {
    // In the range, but not as a number is written: saying the range would only puzzle.
    return {
      ok: false,
      problem: `must be written without leading zeros (0 without a sign), got ${describeValue(value)}`,
    };
  } else {
    return { ok: false, problem: `must be a whole number ${RANGE}, got ${describeValue(value)}` };
  }
  if (big < INT64_MIN || big > INT64_MAX) {
    return { ok: false, problem: `must be a whole number ${RANGE}, got ${describeValue(big)}` };
  }
  return { ok: true, value: big.toString() };
}

export function int64Schema(source: ValueSource) {
  return z.unknown().transform((value, ctx): Int64 => {
    const checked = checkInt64(value, source);
    if (checked.ok) return checked.value;
    ctx.addIssue({ code: 'custom', message: checked.problem, input: value });
    return z.NEVER;
  });
}
