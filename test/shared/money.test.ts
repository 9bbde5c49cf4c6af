import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currencyDigits,
  defaultCurrency,
  formatMoney,
  isCurrencyCode,
  moneyText,
  parseMoney,
  PRICE_MAX_MINOR,
} from '../../src/shared/contract/money';

const currencies = Intl.supportedValuesOf('currency');
const currencyWithDigits = (...digits: number[]) =>
  fc.constantFrom(...currencies.filter((currency) => digits.includes(currencyDigits(currency))));
const problemOf = (text: string, currency: string) => {
  const parsed = parseMoney(text, currency);
  return 'problem' in parsed ? parsed.problem : undefined;
};

describe('currency codes', () => {
  it('knows the codes this runtime formats, in upper case only', () => {
    for (const code of ['GBP', 'EUR', 'USD', 'JPY', 'BHD']) expect(isCurrencyCode(code)).toBe(true);
    for (const code of ['gbp', 'GB', 'GBPX', 'XYZ', '', ' GBP', '£']) expect(isCurrencyCode(code), code).toBe(false);
  });

  it('gives the digits of the minor unit', () => {
    expect([currencyDigits('GBP'), currencyDigits('JPY'), currencyDigits('BHD')]).toEqual([2, 0, 3]);
    expect(() => currencyDigits('XYZ')).toThrow(RangeError);
  });
});

describe('parseMoney', () => {
  it('reads what a person types, in minor units', () => {
    const read: [string, string, number][] = [
      ['12', 'GBP', 1200],
      ['12.5', 'GBP', 1250],
      ['12.50', 'GBP', 1250],
      [' 1,234.50 ', 'GBP', 123450],
      ['1,234,567', 'GBP', 123456700],
      ['£12.50', 'GBP', 1250],
      ['£ 12.50', 'GBP', 1250],
      ['GBP 12.50', 'GBP', 1250],
      ['12.50 GBP', 'GBP', 1250],
      ['12.50 gbp', 'GBP', 1250],
      ['€3', 'EUR', 300],
      ['$5', 'CAD', 500],
      ['CA$5', 'CAD', 500],
      ['¥1,200', 'JPY', 1200],
      ['0.001', 'BHD', 1],
      ['.5', 'GBP', 50],
      ['12.500', 'GBP', 1250],
      ['0', 'GBP', 0],
      ['0.00', 'GBP', 0],
      ['10,000,000,000.00', 'GBP', PRICE_MAX_MINOR],
      ['1000000000000', 'JPY', PRICE_MAX_MINOR],
    ];
    for (const [text, currency, minor] of read) expect(parseMoney(text, currency), text).toEqual({ minor });
  });

  it('says what is wrong with what it refuses', () => {
    expect(problemOf('', 'GBP')).toBe('must not be empty');
    expect(problemOf('   ', 'GBP')).toBe('must not be empty');
    expect(problemOf('-12', 'GBP')).toBe('must not be negative, got "-12"');
    expect(problemOf('-£12', 'GBP')).toBe('must not be negative, got "-£12"');
    expect(problemOf('£−12', 'GBP')).toBe('must not be negative, got "£−12"');
    expect(problemOf('12.505', 'GBP')).toBe('must have at most 2 decimal places in GBP, got "12.505"');
    expect(problemOf('0.0001', 'BHD')).toBe('must have at most 3 decimal places in BHD, got "0.0001"');
    expect(problemOf('12.5', 'JPY')).toBe('must be a whole number in JPY, which has no decimal places, got "12.5"');
    expect(problemOf('1e3', 'GBP')).toBe('must be written out in digits, without an exponent, got "1e3"');
    expect(problemOf('1.5E+3', 'GBP')).toMatch(/without an exponent/);
    expect(problemOf('12,50', 'GBP')).toMatch(/^must use commas only between groups of three digits/);
    expect(problemOf('1.234,50', 'EUR')).toMatch(/^must use commas only between groups of three digits/);
    expect(problemOf('1,23.50', 'GBP')).toMatch(/^must use commas only between groups of three digits/);
    expect(problemOf('12.50 EUR', 'GBP')).toBe('must be in GBP, not EUR, got "12.50 EUR"');
    expect(problemOf('£12 GBP', 'GBP')).toBe('must be an amount in GBP like 12.50 or £12.50, got "£12 GBP"');
    expect(problemOf('€12', 'GBP')).toBe('must be an amount in GBP like 12.50 or £12.50, got "€12"');
    expect(problemOf('NaN', 'GBP')).toMatch(/^must be an amount in GBP/);
    expect(problemOf('Infinity', 'GBP')).toMatch(/^must be an amount in GBP/);
    expect(problemOf('12.5.0', 'GBP')).toMatch(/^must be an amount in GBP/);
    expect(problemOf('10000000000.01', 'GBP')).toBe('must be at most £10,000,000,000.00, got "10000000000.01"');
    expect(problemOf('9'.repeat(400), 'GBP')).toMatch(/^must be at most .*…"$/);
    expect(problemOf('12', 'XYZ')).toMatch(/"XYZ", which is not a currency code/);
  });

  it('never throws, whatever the text', () => {
    const moneyish = fc.stringMatching(/^[-−£$€ ]?[0-9.,eE]{0,20}( ?(GBP|EUR))?$/);
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'binary' }), moneyish),
        fc.constantFrom('GBP', 'JPY', 'BHD', 'CAD'),
        (text, currency) => {
          const parsed = parseMoney(text, currency);
          if ('minor' in parsed) {
            expect(Number.isSafeInteger(parsed.minor)).toBe(true);
            expect(parsed.minor).toBeGreaterThanOrEqual(0);
            expect(parsed.minor).toBeLessThanOrEqual(PRICE_MAX_MINOR);
          } else {
            expect(parsed.problem).not.toBe('');
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('moneyText', () => {
  it('writes the exact decimal in the currency’s digits', () => {
    expect(moneyText(1250, 'GBP')).toBe('12.50');
    expect(moneyText(5, 'JPY')).toBe('5');
    expect(moneyText(1, 'BHD')).toBe('0.001');
    expect(moneyText(0, 'GBP')).toBe('0.00');
    expect(moneyText(PRICE_MAX_MINOR, 'GBP')).toBe('10000000000.00');
    expect(moneyText(Number.MAX_SAFE_INTEGER, 'GBP')).toBe('90071992547409.91');
    expect(moneyText(-5, 'GBP')).toBe('-0.05');
    expect(() => moneyText(1.5, 'GBP')).toThrow(RangeError);
  });

  it('is read back by parseMoney, for every price in range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: PRICE_MAX_MINOR }), currencyWithDigits(0, 2, 3), (minor, currency) => {
        expect(parseMoney(moneyText(minor, currency), currency)).toEqual({ minor });
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatMoney', () => {
  it('shows an amount in the locale’s money format, exactly', () => {
    expect(formatMoney(123450, 'GBP', 'en-GB')).toBe('£1,234.50');
    expect(formatMoney(123456789, 'EUR', 'de-DE')).toBe('1.234.567,89\u00a0€');
    expect(formatMoney(1200, 'JPY', 'en')).toBe('¥1,200');
    expect(formatMoney(1, 'BHD', 'en')).toBe('BHD\u00a00.001');
    // Beyond 2^53 / 100 a float would round the pence; the decimal text keeps them.
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'GBP', 'en-GB')).toBe('£90,071,992,547,409.91');
  });

  it('never throws for a safe amount in a known currency, whatever the locale tag', () => {
    fc.assert(
      fc.property(
        fc.maxSafeInteger(),
        fc.constantFrom(...currencies),
        fc.oneof(fc.constantFrom('en-GB', 'de', 'ja-JP', 'ar-EG', 'hi-IN', 'fr-CH'), fc.string()),
        (minor, currency, locale) => {
          expect(formatMoney(minor, currency, locale)).not.toBe('');
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('defaultCurrency', () => {
  it('takes the currency of the locale’s region', () => {
    expect(defaultCurrency('en-GB')).toBe('GBP');
    expect(defaultCurrency('de')).toBe('EUR');
    expect(defaultCurrency('ja')).toBe('JPY');
    expect(defaultCurrency('en')).toBe('USD');
    expect(defaultCurrency('fr-CA')).toBe('CAD');
    expect(defaultCurrency('ar-BH')).toBe('BHD');
  });

  it('falls back to EUR when the locale has no region it knows', () => {
    for (const locale of ['', 'not a locale', 'es-419', 'en-150', 'en-AA', 'mul']) {
      expect(defaultCurrency(locale), locale).toBe('EUR');
    }
  });

  it('always gives a code isCurrencyCode accepts', () => {
    const withRegion = fc
      .tuple(fc.constantFrom('en', 'fr', 'und'), fc.stringMatching(/^([A-Z]{2}|[0-9]{3})$/))
      .map(([language, region]) => `${language}-${region}`);
    fc.assert(
      fc.property(fc.oneof(withRegion, fc.string()), (locale) => {
        expect(isCurrencyCode(defaultCurrency(locale))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
