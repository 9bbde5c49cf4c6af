// resources/openapi.yaml is written for people and tools; these checks keep it equal to the
// contract in src/shared, which the code is derived from.
import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  GET_PET_DEPRECATION,
  NAME_MAX_LENGTH,
  PAGE_LIMIT,
  PET_STATUSES,
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

  it('marks getPet deprecated with its sunset date', () => {
    expect(doc.paths['/pets/{petId}'].get.deprecated).toBe(true);
    expect(doc.components.headers.Sunset.schema.enum).toEqual([GET_PET_DEPRECATION.sunsetHttpDate]);
  });

  it("describes the interface's three operations and our extension (changePet, and changePets for many at once), no other", () => {
    const operations = Object.values(doc.paths).flatMap((item) =>
      Object.values(item as object).map((op) => op.operationId),
    );
    expect(operations.sort()).toEqual(['changePet', 'changePets', 'createPet', 'getPet', 'listPets']);
  });
});
