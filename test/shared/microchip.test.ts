import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikeMicrochip, microchipProblem, normalizeMicrochip } from '../../src/shared/contract/microchip';

const digits = (length: number) => fc.stringMatching(new RegExp(`^[0-9]{${length}}$`));
/** Fifteen digits after a country (001-899) or a manufacturer (900-998) code, not one digit repeated. */
const validNumber = fc
  .tuple(fc.integer({ min: 1, max: 998 }), digits(12))
  .map(([code, rest]) => String(code).padStart(3, '0') + rest)
  .filter((number) => !/^(.)\1*$/.test(number));

describe('normalizeMicrochip', () => {
  it('takes out what a person or a reader puts between groups', () => {
    expect(normalizeMicrochip('985 141 000 123 456')).toBe('985141000123456');
    expect(normalizeMicrochip('  985-141-000-123-456\n')).toBe('985141000123456');
    expect(normalizeMicrochip('985.141.000.123.456')).toBe('985141000123456');
    expect(normalizeMicrochip('985\u00a0141\u2013000 123456')).toBe('985141000123456');
    expect(normalizeMicrochip('98514100012345A')).toBe('98514100012345A');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const once = normalizeMicrochip(text);
        expect(normalizeMicrochip(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('microchipProblem', () => {
  it('takes any 15 digits after a country or manufacturer code', () => {
    fc.assert(
      fc.property(validNumber, (number) => {
        expect(microchipProblem(number)).toBeNull();
        expect(looksLikeMicrochip(number)).toBe(true);
      }),
      { numRuns: 2000 },
    );
    expect(microchipProblem('985141000123456')).toBeNull();
    expect(microchipProblem('826097000123456')).toBeNull();
  });

  it('refuses any other length', () => {
    const otherLength = fc.integer({ min: 0, max: 40 }).filter((length) => length !== 15);
    fc.assert(
      fc.property(
        otherLength.chain((length) => digits(length)),
        (number) => {
          expect(microchipProblem(number)).not.toBeNull();
          expect(looksLikeMicrochip(number)).toBe(false);
        },
      ),
    );
    expect(microchipProblem('98514100012345')).toBe('must be 15 digits (ISO 11784), got 14: "98514100012345"');
    expect(microchipProblem('')).toBe('must not be empty');
  });

  it('says why a number cannot be an animal’s', () => {
    expect(microchipProblem('98514100012345A')).toBe(
      'must be 15 digits (ISO 11784) and nothing else, got "98514100012345A"',
    );
    expect(microchipProblem('000141000123456')).toMatch(/^must start with a country code .* not 000/);
    expect(microchipProblem('999141000123456')).toMatch(/999, which marks a test transponder/);
    for (const digit of '0123456789') {
      expect(microchipProblem(digit.repeat(15))).toMatch(/^must be a real microchip number, not one digit 15 times/);
    }
  });
});

describe('looksLikeMicrochip', () => {
  it('knows a typed or scanned number, and not a name or a shorter number', () => {
    expect(looksLikeMicrochip('985 141 000 123 456')).toBe(true);
    expect(looksLikeMicrochip(' 985141000123456\r\n')).toBe(true);
    expect(looksLikeMicrochip('Rex')).toBe(false);
    expect(looksLikeMicrochip('985 141')).toBe(false);
    expect(looksLikeMicrochip('9851410001234567')).toBe(false);
  });
});
