import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { idFromLabelCode, labelCode, INT64_MAX, INT64_MIN } from '../../src/shared/contract';

describe('label codes', () => {
  it('give back the id they were made from, for every int64', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: BigInt(INT64_MIN), max: BigInt(INT64_MAX) }), (big) => {
        const id = big.toString();
        expect(idFromLabelCode(labelCode(id))).toBe(id);
      }),
    );
  });

  it('are read whatever case the scanner sends, around spaces', () => {
    expect(idFromLabelCode(' psd-42 ')).toBe('42');
  });

  it('are not a number a person typed, a code of another kind or an id out of range', () => {
    for (const text of ['42', 'PSD-', 'PSD-4x2', 'XPSD-42', 'PSD-042', 'PSD-9223372036854775808']) {
      expect(idFromLabelCode(text), text).toBeUndefined();
    }
  });
});
