import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkInt64, INT64_MAX, INT64_MIN } from '../../src/shared/contract';

describe('int64', () => {
  it('accepts every int64 as bigint and as its decimal string, and gives back the same decimal', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: INT64_MIN, max: INT64_MAX }), (value) => {
        expect(checkInt64(value)).toEqual({ ok: true, value: value.toString() });
        expect(checkInt64(value.toString())).toEqual({ ok: true, value: value.toString() });
        expect(checkInt64(value, 'json')).toEqual({ ok: true, value: value.toString() });
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps both ends of the range exact', () => {
    expect(checkInt64('9223372036854775807')).toEqual({ ok: true, value: '9223372036854775807' });
    expect(checkInt64('-9223372036854775808')).toEqual({ ok: true, value: '-9223372036854775808' });
    expect(checkInt64(2n ** 63n - 1n)).toEqual({ ok: true, value: '9223372036854775807' });
  });

  it('refuses values just outside the range, naming the range', () => {
    for (const value of ['9223372036854775808', '-9223372036854775809', 2n ** 63n, -(2n ** 63n) - 1n]) {
      const checked = checkInt64(value);
      expect(checked.ok).toBe(false);
      if (!checked.ok) expect(checked.problem).toMatch(/from -9223372036854775808 to 9223372036854775807/);
    }
  });

  it('refuses fractions, non-numbers and non-canonical decimals', () => {
    for (const value of [1.5, NaN, Infinity, '1.0', '1e3', ' 1', '01', '-0', '+1', '', 'abc', true, null, {}, []]) {
      expect(checkInt64(value).ok, `value ${String(value)}`).toBe(false);
    }
  });

  it('says what is wrong with a number in the range written with leading zeros, not the range', () => {
    for (const value of ['01', '-007', '-0', '00']) {
      const checked = checkInt64(value);
      expect(checked, value).toEqual({
        ok: false,
        problem: `must be written without leading zeros (0 without a sign), got "${value}"`,
      });
    }
  });

  it('takes a safe-integer number from app code, but refuses one beyond 2^53 instead of rounding it', () => {
    expect(checkInt64(42)).toEqual({ ok: true, value: '42' });
    const unsafe = checkInt64(2 ** 53 + 2);
    expect(unsafe.ok).toBe(false);
    if (!unsafe.ok) expect(unsafe.problem).toMatch(/decimal string/);
  });

  it('from JSON, refuses a string where an integer literal belongs', () => {
    const checked = checkInt64('12', 'json');
    expect(checked).toEqual({ ok: false, problem: 'must be a JSON integer, not a string, got "12"' });
    expect(checkInt64(12, 'json').ok).toBe(false);
  });

  it('says a missing value is required', () => {
    expect(checkInt64(undefined)).toEqual({ ok: false, problem: 'is required' });
  });
});
