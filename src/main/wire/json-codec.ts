import { isInteger, parse, stringify } from 'lossless-json';
import { ANIMAL_FIELDS, INT64_FIELD_NAMES, type Pet } from '../../shared/contract';

/**
 * JSON as it crosses the network. Integer literals parse to bigint, so an int64 such as
 * 9223372036854775807 arrives exactly (JSON.parse would round it); other numbers parse to
 * ordinary numbers, which the contract then refuses wherever an int64 belongs. A number literal
 * longer than any value here could be is refused before it is converted.
 */
export function parseJson(text: string): unknown {
  return parse(text, null, readNumber);
}

/** The longest number literal read: an int64 has at most 20 characters, a double's text about 25. */
export const NUMBER_LITERAL_MAX_CHARS = 64;

// A 2,000,000-digit literal would cost seconds in BigInt() and a 2 MB message: refused on sight.
function readNumber(literal: string): bigint | number {
  if (literal.length > NUMBER_LITERAL_MAX_CHARS) {
    throw new SyntaxError(
      `a number ${literal.length} characters long; no value here is longer than ${NUMBER_LITERAL_MAX_CHARS}`,
    );
  }
  return isInteger(literal) ? BigInt(literal) : Number(literal);
}

/** Serialises a value whose bigints are written as plain JSON integers, digit for digit. */
export function stringifyJson(value: unknown): string {
  return stringify(value) ?? 'null';
}

/**
 * A Pet (int64 as decimal strings inside the app) as it goes on the wire (int64 as JSON integers).
 * Every answer of the service goes through it, so it is made once from the declaration as an
 * object literal (`{ ...pet, id: BigInt(pet.id), ... }`): a loop over the int64 fields costs half
 * as much again. The names are the declaration's own (each a JavaScript identifier, as its test checks).
 */
export const petToWire = compilePetToWire();

function compilePetToWire(): (pet: Pet) => Record<string, unknown> {
  const required = INT64_FIELD_NAMES.filter((name) => ANIMAL_FIELDS[name].presence === 'required');
  const optional = INT64_FIELD_NAMES.filter((name) => ANIMAL_FIELDS[name].presence !== 'required');
  const literal = required.map((name) => `${name}: BigInt(pet.${name})`);
  const ifGiven = optional.map((name) => `if (pet.${name} !== undefined) wire.${name} = BigInt(pet.${name});`);
  const body = `const wire = { ...pet, ${literal.join(', ')} }; ${ifGiven.join(' ')} return wire;`;
  return new Function('pet', body) as (pet: Pet) => Record<string, unknown>;
}
