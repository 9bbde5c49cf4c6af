import { INT64_FIELD_NAMES } from './animal-fields';

/**
 * An animal, a new one or a change as JSON carries it: each int64 field (decimal text in the app)
 * as a bigint, which our JSON writer writes as a JSON integer, digit for digit.
 */
export function animalToWire(animal: object): Record<string, unknown> {
  const wire: Record<string, unknown> = { ...animal };
  for (const name of INT64_FIELD_NAMES) {
    const value = wire[name];
    if (typeof value === 'string') wire[name] = BigInt(value);
  }
  return wire;
}
