// resources/openapi.yaml is written for people and tools; these checks keep it equal to the
// contract in src/shared, which the code is derived from.
import { describe, expect, it } from 'vitest';
import {
  ANIMAL_FIELD_NAMES,
  ANIMAL_FIELDS,
  ERROR_CODES,
  GET_PET_DEPRECATION,
  NAME_MAX_LENGTH,
  OUR_EXTENSIONS,
  PAGE_LIMIT,
  PERSON_FIELD_NAMES,
  PET_STATUSES,
  type AnimalFieldName,
} from '../../../src/shared/contract';
import { openapiDocument as doc } from '../../helpers/openapi-contract';

describe('resources/openapi.yaml', () => {
  it('lists exactly our error codes, statuses and limits', () => {
    expect(doc.components.schemas.Error.properties.code.enum).toEqual(ERROR_CODES);
    expect(doc.components.schemas.PetStatus.enum).toEqual([...PET_STATUSES]);
    const limit = doc.paths['/pets'].get.parameters.find((p: { name: string }) => p.name === 'limit').schema;
    expect(limit).toEqual({
      type: 'integer',
      minimum: PAGE_LIMIT.min,
      maximum: PAGE_LIMIT.max,
      default: PAGE_LIMIT.default,
    });
    expect(doc.components.schemas.NewPet.properties.name.maxLength).toBe(NAME_MAX_LENGTH);
  });

  it("describes the animal's fields as they are declared: Pet, NewPet and PetPatch", () => {
    const { Pet, NewPet, PetPatch } = doc.components.schemas;
    const required = (names: readonly AnimalFieldName[]) =>
      names.filter((name) => ANIMAL_FIELDS[name].presence === 'required');
    expect(Object.keys(Pet.properties)).toEqual(ANIMAL_FIELD_NAMES);
    expect(Pet.required).toEqual(required(ANIMAL_FIELD_NAMES));
    expect(Object.keys(NewPet.properties)).toEqual(PERSON_FIELD_NAMES);
    expect(NewPet.required).toEqual(required(PERSON_FIELD_NAMES));
    expect(Object.keys(PetPatch.properties)).toEqual(PERSON_FIELD_NAMES);
    for (const name of ANIMAL_FIELD_NAMES) {
      if (ANIMAL_FIELDS[name].kind === 'int64') expect(Pet.properties[name], name).toMatchObject({ format: 'int64' });
    }
  });

  it('marks getPet deprecated with its sunset date', () => {
    expect(doc.paths['/pets/{petId}'].get.deprecated).toBe(true);
    expect(doc.components.headers.Sunset.schema.enum).toEqual([GET_PET_DEPRECATION.sunsetHttpDate]);
  });

  it("describes the interface's three operations and our extensions (changes, one or many at once, photos, history, orders, which extensions), no other", () => {
    const operations = Object.values(doc.paths).flatMap((item) =>
      Object.values(item as object).map((op) => op.operationId),
    );
    expect(operations.filter((id) => id !== undefined).sort()).toEqual([
      'changePet',
      'changePets',
      'createPet',
      'deletePetPhoto',
      'getOrderById',
      'getPet',
      'getPetHistory',
      'getPetPhoto',
      'listExtensions',
      'listOrders',
      'listPets',
      'placeOrder',
      'putPetPhoto',
    ]);
    expect(doc.components.schemas.Extensions.properties.extensions.example).toEqual([...OUR_EXTENSIONS]);
  });
});
