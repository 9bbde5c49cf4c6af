// Property-based: thousands of generated, mostly hostile inputs thrown at the three operations.
// Each either succeeds with a contract-shaped result or fails with a 400/404 ApiError, and a
// rejected add leaves no row behind.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError, INT64_MAX, INT64_MIN, PET_STATUSES, petSchema } from '../../../src/shared/contract';
import { useStore } from '../../helpers/store';

const int64 = fc.bigInt({ min: INT64_MIN, max: INT64_MAX });
const nearlyInt64 = fc.oneof(
  int64,
  int64.map(String),
  fc.bigInt({ min: INT64_MAX - 5n, max: INT64_MAX + 5n }).map(String),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.anything(),
);
const nameLike = fc.oneof(
  fc.string({ maxLength: 250 }),
  fc.string({ unit: 'grapheme', maxLength: 210 }),
  fc.anything(),
);
const statusLike = fc.oneof(fc.constantFrom(...PET_STATUSES), fc.string(), fc.anything());
const newPetLike = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ name: nameLike, categoryId: nearlyInt64, status: statusLike }, { requiredKeys: [] }),
  },
  { weight: 1, arbitrary: fc.anything() },
);
const queryLike = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(
      { limit: fc.oneof(fc.integer({ min: -5, max: 110 }), fc.string(), fc.anything()), status: statusLike },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.anything() },
);

function expectApiError(error: unknown, statuses: number[]) {
  expect(error).toBeInstanceOf(ApiError);
  const { code, status, message } = error as ApiError;
  expect(statuses).toContain(status);
  expect(typeof code).toBe('string');
  expect(message.length).toBeGreaterThan(0);
}

describe('local store under generated input', () => {
  const open = useStore();

  it('createPet: 5,000 inputs give a valid Pet or a 400, never a partial row', () => {
    const { store, db } = open();
    const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM pets');
    fc.assert(
      fc.property(newPetLike, (input) => {
        const before = count.get()!.n;
        let pet;
        try {
          pet = store.createPet(input as never);
        } catch (error) {
          expectApiError(error, [400]);
          expect((error as ApiError).code).toBe('invalid_body');
          expect(count.get()!.n).toBe(before);
          return;
        }
        expect(petSchema('app').parse(pet)).toEqual(pet);
        expect(count.get()!.n).toBe(before + 1);
        expect(store.getPet(pet.id)).toEqual(pet);
        const sent = input as { name: string; categoryId: unknown };
        expect(pet.name).toBe(sent.name.trim());
        expect(BigInt(pet.categoryId)).toBe(BigInt(sent.categoryId as bigint));
      }),
      { numRuns: 5000 },
    );
  });

  it('listPets: 3,000 queries give at most `limit` valid pets in id order, or a 400', () => {
    const { store } = open();
    for (let i = 0; i < 150; i++)
      store.createPet({ name: `Pet ${i}`, categoryId: String(i), ...(i % 4 ? { status: PET_STATUSES[i % 3]! } : {}) });
    fc.assert(
      fc.property(queryLike, (query) => {
        let page;
        try {
          page = store.listPets(query as never);
        } catch (error) {
          expectApiError(error, [400]);
          expect((error as ApiError).code).toBe('invalid_parameter');
          return;
        }
        const { limit = 20, status } = (query ?? {}) as { limit?: number; status?: string };
        expect(page.length).toBeLessThanOrEqual(Number(limit));
        const ids = page.map((pet) => BigInt(pet.id));
        expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
        if (status !== undefined) for (const pet of page) expect(pet.status).toBe(status);
      }),
      { numRuns: 3000 },
    );
  });

  it('getPet: 2,000 identifiers give the pet, a 404 or a 400', () => {
    const { store } = open();
    const known = store.createPet({ name: 'Rex', categoryId: '1' });
    fc.assert(
      fc.property(fc.oneof(nearlyInt64, fc.constant(known.id)), (id) => {
        try {
          expect(store.getPet(id as never)).toEqual(known);
        } catch (error) {
          expectApiError(error, [400, 404]);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
