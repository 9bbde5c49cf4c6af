import { ANIMAL_FIELDS, formatDate, formatMoney, type AnimalFieldName } from '../../shared/contract';

/**
 * A field's value as the list shows it: a price in the environment's currency, a date in words, a
 * choice or a text as it is; "no price" (the field's label) for none.
 */
export function fieldValueInWords(name: AnimalFieldName, value: unknown, currency: string): string {
  if (value === undefined || value === null) return `no ${ANIMAL_FIELDS[name].label.toLowerCase()}`;
  const locale = globalThis.navigator?.language;
  const { kind } = ANIMAL_FIELDS[name];
  if (kind === 'money' && typeof value === 'number') return formatMoney(value, currency, locale);
  if (kind === 'date' && typeof value === 'string') {
    try {
      return formatDate(value, locale);
    } catch {
      return value; // not a date we can read: as the server sent it
    }
  }
  return String(value);
}
