import { describeValue } from './describe-value';

/**
 * An animal's microchip number: the ISO 11784/11785 (FDX-B) code as a reader shows it, 15 digits.
 * The first three are a country (ISO 3166 numeric, 001-899) or a manufacturer (900-998); the
 * other twelve are the animal's own.
 */

export const MICROCHIP_DIGITS = 15;

// What a reader, a label or a person puts between groups: white space, dots and any dash.
const SEPARATORS = /[\s.\p{Pd}]/gu;
const FIFTEEN_DIGITS = /^[0-9]{15}$/;

/** The number without the separators between its groups: "985 141 000 123 456" is "985141000123456". */
export function normalizeMicrochip(text: string): string {
  return text.replace(SEPARATORS, '');
}

/** What is wrong with a normalized microchip number, in words; null when it is a real one. */
export function microchipProblem(normalized: string): string | null {
  const got = describeValue(normalized);
  if (normalized === '') return 'must not be empty';
  if (!/^[0-9]+$/.test(normalized))
    return `must be ${MICROCHIP_DIGITS} digits (ISO 11784) and nothing else, got ${got}`;
  if (normalized.length !== MICROCHIP_DIGITS) {
    return `must be ${MICROCHIP_DIGITS} digits (ISO 11784), got ${normalized.length}: ${got}`;
  }
  if (/^([0-9])\1*$/.test(normalized)) return `must be a real microchip number, not one digit 15 times, got ${got}`;
  const prefix = normalized.slice(0, 3);
  if (prefix === '000') {
    return `must start with a country code (001-899) or a manufacturer code (900-998), not 000, got ${got}`;
  }
  if (prefix === '999') {
    return `must not start with 999, which marks a test transponder, not an animal's chip, got ${got}`;
  }
  return null;
}

/** Whether what is typed or scanned into a search box is a microchip number, to find its animal at once. */
export function looksLikeMicrochip(text: string): boolean {
  return FIFTEEN_DIGITS.test(normalizeMicrochip(text));
}
