import { describe, expect, it } from 'vitest';
import { ApiError, PAGE_LIMIT, type Pet } from '../../../src/shared/contract';
import { thrown, useStore } from '../../helpers/store';
import { expectFieldError } from '../../helpers/field-errors';

function apiError(fn: () => unknown): ReturnType<ApiError['toBody']> {
  const error = thrown(fn);
  expect(error).toBeInstanceOf(ApiError);
  return (error as ApiError).toBody();
}

describe('local pet store', () => {
  const open = useStore();

  describe('createPet (POST /pets)', () => {
    it('201: adds the animal and returns it with its assigned id', () => {
      const { store } = open();
      const pet = store.createPet({ name: 'Rex', categoryId: '3', status: 'available' });
      expect(pet).toEqual({
        id: expect.stringMatching(/^[1-9][0-9]*$/),
        name: 'Rex',
        categoryId: '3',
        status: 'available',
        revision: 1,
      });
      expect(store.getPet(pet.id)).toEqual(pet);
    });

    it('gives each animal a new unique id', () => {
      const { store } = open();
      const ids = Array.from({ length: 50 }, (_, i) => store.createPet({ name: `Pet ${i}`, categoryId: '1' }).id);
      expect(new Set(ids).size).toBe(50);
    });

    it('stores status absent when it is absent: no default is invented', () => {
      const { store, db } = open();
      const pet = store.createPet({ name: 'Rex', categoryId: '1' });
      expect(pet).not.toHaveProperty('status');
      expect(db.prepare('SELECT status FROM pets WHERE id = ?').get(BigInt(pet.id))).toEqual({ status: null });
    });

    it('keeps int64 category ids exactly at both ends of the range', () => {
      const { store } = open();
      for (const categoryId of ['9223372036854775807', '-9223372036854775808', '9007199254740993']) {
        const pet = store.createPet({ name: 'Big', categoryId });
        expect(pet.categoryId).toBe(categoryId);
        expect(store.getPet(pet.id).categoryId).toBe(categoryId);
      }
    });

    it('400: missing required fields, and nothing is written', () => {
      const { store, db } = open();
      expectFieldError(
        apiError(() => store.createPet({ name: 'Rex' } as never)),
        'invalid_body',
        'categoryId is required',
      );
      expect(apiError(() => store.createPet({ categoryId: '1' } as never)).message).toBe('name is required');
      expect(db.prepare('SELECT count(*) AS n FROM pets').get()).toEqual({ n: 0 });
    });

    it('400: invalid values, and nothing is written', () => {
      const { store, db } = open();
      expect(apiError(() => store.createPet({ name: 'Rex', categoryId: '1', status: 'lost' as never })).code).toBe(
        'invalid_body',
      );
      expect(apiError(() => store.createPet({ name: 'Rex', categoryId: '9223372036854775808' })).message).toMatch(
        /^categoryId must be a whole number/,
      );
      expect(db.prepare('SELECT count(*) AS n FROM pets').get()).toEqual({ n: 0 });
    });
  });

  describe('listPets (GET /pets)', () => {
    function seed(count: number) {
      const { store } = open();
      const statuses = ['available', 'pending', 'sold', undefined] as const;
      const made: Pet[] = [];
      for (let i = 0; i < count; i++) {
        const status = statuses[i % statuses.length];
        made.push(store.createPet({ name: `Pet ${i}`, categoryId: String(i % 5), ...(status ? { status } : {}) }));
      }
      return { store, made };
    }

    it('200: an empty store gives an empty list', () => {
      expect(open().store.listPets()).toEqual([]);
    });

    it('200: returns at most 20 animals by default, in ascending id order', () => {
      const { store, made } = seed(30);
      const page = store.listPets();
      expect(page).toHaveLength(PAGE_LIMIT.default);
      expect(page).toEqual(made.slice(0, 20));
    });

    it('200: limit is the maximum number returned, from 1 to 100', () => {
      const { store, made } = seed(120);
      expect(store.listPets({ limit: 1 })).toEqual(made.slice(0, 1));
      expect(store.listPets({ limit: 100 })).toEqual(made.slice(0, 100));
    });

    it('200: with status, only animals with exactly that status', () => {
      const { store, made } = seed(40);
      for (const status of ['available', 'pending', 'sold'] as const) {
        const page = store.listPets({ status, limit: 100 });
        expect(page).toEqual(made.filter((pet) => pet.status === status));
      }
    });

    it('400: limit outside 1 to 100 or not an integer, naming the parameter and the range', () => {
      const { store } = open();
      expectFieldError(
        apiError(() => store.listPets({ limit: 0 })),
        'invalid_parameter',
        'limit must be an integer from 1 to 100, got 0',
      );
      expect(apiError(() => store.listPets({ limit: 101 })).message).toBe(
        'limit must be an integer from 1 to 100, got 101',
      );
      expect(apiError(() => store.listPets({ limit: 'abc' as never })).message).toBe(
        'limit must be an integer from 1 to 100, got "abc"',
      );
    });

    it('400: a status outside the enumeration', () => {
      expectFieldError(
        apiError(() => open().store.listPets({ status: 'lost' as never })),
        'invalid_parameter',
        'status must be one of available, pending, sold, got "lost"',
      );
    });
  });

  describe('getPet (GET /pets/{petId}, deprecated)', () => {
    it('200: the requested animal', () => {
      const { store } = open();
      const pet = store.createPet({ name: 'Rex', categoryId: '2', status: 'pending' });
      expect(store.getPet(pet.id)).toEqual(pet);
      expect(store.getPet(BigInt(pet.id) as never)).toEqual(pet);
    });

    it('404: no animal for the identifier', () => {
      expect(apiError(() => open().store.getPet('9223372036854775807'))).toEqual({
        code: 'not_found',
        status: 404,
        message: 'No animal has id 9223372036854775807.',
      });
    });

    it('400: a malformed identifier', () => {
      const { store } = open();
      // No number at all is told so; a number out of range is told the range.
      for (const id of ['abc', '1.5', '']) {
        const body = apiError(() => store.getPet(id));
        expect(body.code).toBe('invalid_parameter');
        expect(body.message).toBe(`petId must be a whole number, got ${JSON.stringify(id)}`);
      }
      const body = apiError(() => store.getPet('9223372036854775808'));
      expect(body.code).toBe('invalid_parameter');
      expect(body.message).toMatch(/^petId must be a whole number from -9223372036854775808 to 9223372036854775807/);
    });
  });

  describe('changePet (PATCH /pets/{petId}, our extension)', () => {
    it('a renamed animal is found by its new name and no longer by its old; a status change keeps it found', () => {
      const { store } = open();
      const pet = store.createPet({ name: 'Ölfisch', categoryId: '1', status: 'available' });
      const find = (search: string) => store.browse({ search, sort: 'newest' }, 0, 10).map((p) => p.name);
      store.changePet(pet.id, { status: 'sold' }, { tags: ['"1"'] });
      expect(find('olfisch')).toEqual(['Ölfisch']);
      store.changePet(pet.id, { name: 'Goldfisch' }, { tags: ['"2"'] });
      expect(find('goldf')).toEqual(['Goldfisch']);
      expect(find('olfisch')).toEqual([]);
      expect(store.countByStatus('goldf')).toMatchObject({ all: 1, sold: 1 });
      store.upsertPets([{ ...store.getPet(pet.id), name: 'Koi' }]); // a server's answer with a new name
      expect(find('koi')).toEqual(['Koi']);
      expect(find('goldf')).toEqual([]);
    });

    it('made only under a matching tag: a stale one is precondition_failed with the animal as it is now', () => {
      const { store } = open();
      const pet = store.createPet({ name: 'Rex', categoryId: '1' });
      store.changePet(pet.id, { status: 'pending' }, '*');
      expect(() => store.changePet(pet.id, { status: 'sold' }, { tags: ['"1"'] })).toThrow(
        expect.objectContaining({ code: 'precondition_failed', current: { ...pet, status: 'pending', revision: 2 } }),
      );
      expect(store.getPet(pet.id)).toMatchObject({ status: 'pending', revision: 2 });
    });
  });

  describe('upsertPets', () => {
    it('inserts new animals and replaces known ones by id, in one transaction', () => {
      const { store } = open();
      store.upsertPets([
        { id: '10', name: 'A', categoryId: '1', status: 'available' },
        { id: '9223372036854775807', name: 'B', categoryId: '2' },
      ]);
      store.upsertPets([{ id: '10', name: 'A2', categoryId: '3' }]);
      expect(store.listPets()).toEqual([
        { id: '10', name: 'A2', categoryId: '3', revision: 1 },
        { id: '9223372036854775807', name: 'B', categoryId: '2', revision: 1 },
      ]);
    });

    it('an older revision of an animal (a page read before a change was accepted) never replaces a newer one', () => {
      const { store } = open();
      store.upsertPets([{ id: '7', name: 'Rex', categoryId: '1', status: 'sold', revision: 3 }]);
      store.upsertPets([{ id: '7', name: 'Rex', categoryId: '1', status: 'available', revision: 2 }]);
      expect(store.getPet('7')).toMatchObject({ status: 'sold', revision: 3 });
      store.upsertPets([{ id: '7', name: 'Rex', categoryId: '1', status: 'pending', revision: 4 }]);
      expect(store.getPet('7')).toMatchObject({ status: 'pending', revision: 4 });
    });

    it('writes nothing when one animal of the batch cannot be written', () => {
      const { store } = open();
      expect(() =>
        store.upsertPets([
          { id: '1', name: 'A', categoryId: '1' },
          { id: '2', name: '', categoryId: '1' },
        ]),
      ).toThrow();
      expect(store.listPets()).toEqual([]);
    });
  });
});
