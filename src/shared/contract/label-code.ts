import { checkInt64, type Int64 } from './int64';
import { looksLikeMicrochip } from './microchip';

/**
 * An animal's label code: what its cage card and labels carry as a QR code and a Code 128 barcode,
 * and what a scanner types back. The animal's id behind a prefix of the app's own, so a scan is
 * told from a number a person types, and read back whatever case the scanner sends.
 */
export const LABEL_CODE_PREFIX = 'PSD-';

const LABEL_CODE = /^PSD-(-?[0-9]{1,19})$/i;

export function labelCode(id: Int64): string {
  return `${LABEL_CODE_PREFIX}${id}`;
}

/** The id a label code names, or undefined when the text is not one (an int64 out of range is not). */
export function idFromLabelCode(text: string): Int64 | undefined {
  const match = LABEL_CODE.exec(text.trim());
  if (match === null) return undefined;
  const id = checkInt64(match[1]);
  return id.ok ? id.value : undefined;
}

/** How a text named the animal found: its label code, its microchip, or its number. */
export type FoundBy = 'label' | 'microchip' | 'id';

/** An animal's number as a person types or a barcode gives it: a non-negative int64, no leading zero. */
export const ANIMAL_NUMBER = /^(0|[1-9][0-9]{0,18})$/;

/** Whether a text can name one animal: a label code, a microchip number, or an animal's number. */
export function namesOneAnimal(text: string): boolean {
  const trimmed = text.trim();
  return idFromLabelCode(trimmed) !== undefined || looksLikeMicrochip(trimmed) || ANIMAL_NUMBER.test(trimmed);
}
