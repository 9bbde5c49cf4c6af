import { isInteger, parse, stringify } from 'lossless-json';
import type { Pet } from '../../shared/contract';

/**
 * JSON as it crosses the network. Integer literals parse to bigint, so an int64 such as
 * 9223372036854775807 arrives exactly (JSON.parse would round it); other numbers parse to
 * ordinary numbers, which the contract then refuses wherever an int64 belongs.
 */
export function parseJson(text: string): unknown {
  return parse(text, null, (literal) => (isInteger(literal) ? BigInt(literal) : Number(literal)));
}

/** Serialises a value whose bigints are written as plain JSON integers, digit for digit. */
export function stringifyJson(value: unknown): string {
  return stringify(value) ?? 'null';
}

/** A Pet (int64 as decimal strings inside the app) as it goes on the wire (int64 as JSON integers). */
export function petToWire(pet: Pet): Record<string, unknown> {
  return { ...pet, id: BigInt(pet.id), categoryId: BigInt(pet.categoryId) };
}
