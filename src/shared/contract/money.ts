import countryToCurrency from 'country-to-currency';
import { describeValue } from './describe-value';

/**
 * Money is held as a whole number of the currency's minor unit (pence for GBP, yen for JPY, fils
 * for BHD) and read and written as decimal text, digit by digit: no floating point on the way.
 */

/** The highest price we take, in minor units (10^12: ten billion pounds, a trillion yen). */
export const PRICE_MAX_MINOR = 1_000_000_000_000;

const CURRENCY_CODE = /^[A-Z]{3}$/;
let knownCurrencies: ReadonlySet<string> | undefined;

/** An ISO 4217 code (upper case) that this runtime's Intl knows, so it can show and round it. */
export function isCurrencyCode(code: string): boolean {
  knownCurrencies ??= new Set(Intl.supportedValuesOf('currency'));
  return CURRENCY_CODE.test(code) && knownCurrencies.has(code);
}

function knownCurrency(currency: string): string {
  if (isCurrencyCode(currency)) return currency;
  throw new RangeError(`${describeValue(currency)} is not an ISO 4217 currency code this app knows, such as GBP`);
}

const digitsByCurrency = new Map<string, number>();

/** How many digits the currency's minor unit has (GBP 2, JPY 0, BHD 3), as Intl rounds it. */
export function currencyDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    const options = { style: 'currency', currency: knownCurrency(currency) } as const;
    digits = new Intl.NumberFormat('en', options).resolvedOptions().maximumFractionDigits ?? 2;
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

const markersByCurrency = new Map<string, readonly string[]>();

/** What may stand before or after an amount in this currency: its code, its symbol, its narrow symbol. */
function currencyMarkers(currency: string): readonly string[] {
  let markers = markersByCurrency.get(currency);
  if (markers === undefined) {
    const symbols = (['symbol', 'narrowSymbol'] as const).map(
      (currencyDisplay) =>
        new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay })
          .formatToParts(1)
          .find((part) => part.type === 'currency')?.value ?? currency,
    );
    // Longest first, so "CA$" is taken whole before "$" is tried.
    markers = [...new Set([currency, ...symbols])].sort((a, b) => b.length - a.length);
    markersByCurrency.set(currency, markers);
  }
  return markers;
}

/** The text without one marker of the currency at its start or its end (codes in any case). */
function withoutMarker(text: string, currency: string): string {
  const upper = text.toUpperCase();
  for (const marker of currencyMarkers(currency)) {
    const key = marker === currency ? upper : text;
    if (key.startsWith(marker)) return text.slice(marker.length).trimStart();
    if (key.endsWith(marker)) return text.slice(0, -marker.length).trimEnd();
  }
  return text;
}

const AMOUNT = /^(?<whole>[0-9]+|[1-9][0-9]{0,2}(?:,[0-9]{3})+)?(?:\.(?<fraction>[0-9]*))?$/;
const NEGATIVE = /^[-\u2212]/;
const OTHER_CODE = /^(?<before>[a-z]{3})\s*[-\u2212]?[0-9.,]+$|^[-\u2212]?[0-9.,]+\s*(?<after>[a-z]{3})$/i;
const EXPONENT = /^[0-9.,]*[0-9]e[-+]?[0-9]+$/i;
const DIGITS_WITH_COMMAS = /^[0-9.,]*,[0-9.,]*$/;

/**
 * A price as a person types it, in minor units of `currency`: "12", "12.5", "1,234.50", "£12.50",
 * "GBP 12.50" or "12.50 GBP" (a symbol or code of this currency only). Commas group thousands in
 * threes; the dot is the decimal point ("12." and ".5" are read too). Zeros beyond the currency's
 * digits are taken ("12.500" is 1250 pence), any other digit there is refused. 0 is a price
 * (free); a negative is not.
 */
export function parseMoney(text: string, currency: string): { minor: number } | { problem: string } {
  if (!isCurrencyCode(currency)) {
    return { problem: `cannot be read in ${describeValue(currency)}, which is not a currency code this app knows` };
  }
  const trimmed = text.trim();
  if (trimmed === '') return { problem: 'must not be empty' };
  const got = describeValue(trimmed);

  let body = withoutMarker(trimmed, currency);
  const negative = NEGATIVE.test(body);
  if (negative) body = withoutMarker(body.slice(1).trimStart(), currency);

  const amount = AMOUNT.exec(body)?.groups;
  if (amount === undefined || (amount.whole === undefined && !amount.fraction)) {
    const code = OTHER_CODE.exec(body)?.groups;
    const other = (code?.before ?? code?.after)?.toUpperCase();
    if (other !== undefined && other !== currency && isCurrencyCode(other)) {
      return { problem: `must be in ${currency}, not ${other}, got ${got}` };
    }
    if (EXPONENT.test(body)) return { problem: `must be written out in digits, without an exponent, got ${got}` };
    if (DIGITS_WITH_COMMAS.test(body)) {
      return {
        problem: `must use commas only between groups of three digits and a dot for decimals (like 1,234.50), got ${got}`,
      };
    }
    return { problem: `must be an amount in ${currency} like ${moneyExample(currency)}, got ${got}` };
  }
  if (negative) return { problem: `must not be negative, got ${got}` };

  const digits = currencyDigits(currency);
  const fraction = amount.fraction ?? '';
  if (/[1-9]/.test(fraction.slice(digits))) {
    return {
      problem:
        digits === 0
          ? `must be a whole number in ${currency}, which has no decimal places, got ${got}`
          : `must have at most ${digits} decimal place${digits === 1 ? '' : 's'} in ${currency}, got ${got}`,
    };
  }
  const whole = (amount.whole ?? '').replaceAll(',', '');
  const minorDigits = (whole + fraction.slice(0, digits).padEnd(digits, '0')).replace(/^0+(?=[0-9])/, '') || '0';
  // Compared as text first: a 400-digit amount never becomes a (rounded) number.
  if (minorDigits.length > String(PRICE_MAX_MINOR).length || Number(minorDigits) > PRICE_MAX_MINOR) {
    return { problem: `must be at most ${formatMoney(PRICE_MAX_MINOR, currency, 'en')}, got ${got}` };
  }
  return { minor: Number(minorDigits) };
}

function moneyExample(currency: string): string {
  const example = moneyText(1250 * 10 ** Math.max(0, currencyDigits(currency) - 2), currency);
  const symbol = currencyMarkers(currency).find((marker) => marker !== currency && !/[A-Z]/i.test(marker));
  return symbol === undefined ? `${example} or ${example} ${currency}` : `${example} or ${symbol}${example}`;
}

/**
 * The plain decimal text of an amount (no symbol, no grouping), exact, as CSV, the command line
 * and form fields hold it: 1250 GBP is "12.50", 5 JPY "5", 1 BHD "0.001". parseMoney reads it back.
 * Throws a RangeError for a minor amount that is not a safe integer or an unknown currency.
 */
export function moneyText(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) {
    throw new RangeError(`An amount in minor units must be a safe integer, got ${describeValue(minor)}`);
  }
  const digits = currencyDigits(currency);
  const units = String(Math.abs(minor)).padStart(digits + 1, '0');
  const sign = minor < 0 ? '-' : '';
  if (digits === 0) return sign + units;
  return `${sign}${units.slice(0, -digits)}.${units.slice(-digits)}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

function moneyFormatter(currency: string, locale: string | undefined): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      // A tag Intl cannot read (from settings, from a system) is no reason not to show a price.
      formatter = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * An amount as a person reads it, in the locale's way ("£1,234.50", "1.234,50 €"), exact: Intl
 * formats the decimal text, not a float. An unreadable locale falls back to the runtime's own.
 */
export function formatMoney(minor: number, currency: string, locale?: string): string {
  const decimal = moneyText(minor, currency) as `${number}`;
  return moneyFormatter(currency, locale).format(decimal);
}

/** The currency of the locale's region ("en-GB" GBP, "de" EUR via DE, "ja" JPY); EUR when it has none we know. */
export function defaultCurrency(locale: string): string {
  let region: string | undefined;
  try {
    region = new Intl.Locale(locale).maximize().region;
  } catch {
    region = undefined;
  }
  const currencies: Readonly<Record<string, string>> = countryToCurrency;
  const currency = region !== undefined && Object.hasOwn(currencies, region) ? currencies[region] : undefined;
  return currency !== undefined && isCurrencyCode(currency) ? currency : 'EUR';
}
