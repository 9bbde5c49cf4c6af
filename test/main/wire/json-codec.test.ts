// An animal on the wire: each int64 field a JSON integer, digit for digit, the rest as it is.
import { describe, expect, it } from 'vitest';
import { petToWire, stringifyJson } from '../../../src/main/wire/json-codec';
import { animalToWire, type Pet } from '../../../src/shared/contract';

describe('petToWire', () => {
  const pets: Pet[] = [
    { id: '9223372036854775807', name: 'Rex', categoryId: '-9223372036854775808', status: 'sold', revision: 3 },
    { id: '1', name: 'Tom', categoryId: '0' },
  ];

  it('writes each int64 field of the declaration as a JSON integer, as the shared animalToWire does', () => {
    for (const pet of pets) expect(petToWire(pet)).toStrictEqual(animalToWire(pet));
    expect(stringifyJson(petToWire(pets[0]!))).toBe(
      '{"id":9223372036854775807,"name":"Rex","categoryId":-9223372036854775808,"status":"sold","revision":3}',
    );
  });

  it('leaves the animal it is given as it was', () => {
    const pet = { ...pets[0]! };
    petToWire(pet);
    expect(pet).toStrictEqual(pets[0]);
  });
});
