import { describe, expect, it } from 'vitest';
import {
  ApiError,
  ERROR_CODES,
  ERROR_STATUS,
  listPetsQuerySchema,
  NAME_MAX_LENGTH,
  newPetSchema,
  parseOrThrow,
  petsSchema,
} from '../../src/shared/contract';
import { expectFieldError } from '../helpers/field-errors';
import { thrown } from '../helpers/store';

const parseNewPet = (input: unknown) => parseOrThrow(newPetSchema('app'), input, 'invalid_body', 'body');
const parseQuery = (input: unknown) => parseOrThrow(listPetsQuerySchema, input, 'invalid_parameter', 'query');

function rejection(fn: () => unknown): ApiError {
  const error = thrown(fn);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('NewPet validation', () => {
  it('accepts name and categoryId, trims the name, and leaves status absent when absent', () => {
    expect(parseNewPet({ name: '  Rex ', categoryId: '7' })).toEqual({ name: 'Rex', categoryId: '7' });
    expect(parseNewPet({ name: 'Rex', categoryId: 7, status: 'sold' })).toEqual({
      name: 'Rex',
      categoryId: '7',
      status: 'sold',
    });
  });

  it('ignores unknown fields', () => {
    expect(parseNewPet({ name: 'Rex', categoryId: '1', id: '99', colour: 'brown' })).toEqual({
      name: 'Rex',
      categoryId: '1',
    });
  });

  it('names every missing field', () => {
    const error = rejection(() => parseNewPet({}));
    expect(expectFieldError(error.toBody(), 'invalid_body', 'name is required; categoryId is required')).toEqual([
      { field: 'name', message: 'is required' },
      { field: 'categoryId', message: 'is required' },
    ]);
  });

  it('refuses a body that is not an object', () => {
    for (const body of [null, [], 'Rex', 42, undefined]) {
      expect(rejection(() => parseNewPet(body)).message).toMatch(/^body must be a JSON object, got /);
    }
  });

  it.each([
    [{ name: '   ', categoryId: '1' }, 'name must not be empty'],
    [
      { name: 'x'.repeat(NAME_MAX_LENGTH + 1), categoryId: '1' },
      `name must be at most ${NAME_MAX_LENGTH} characters, got ${NAME_MAX_LENGTH + 1}`,
    ],
    [{ name: 'Rex\nthe dog', categoryId: '1' }, 'name must not contain control characters such as tabs or line breaks'],
    [{ name: 'Rex\ud800', categoryId: '1' }, 'name must be valid Unicode text (it contains a lone surrogate)'],
    [{ name: 42, categoryId: '1' }, 'name must be a string, got 42'],
    [
      { name: 'Rex', categoryId: 1.5 },
      'categoryId must be a whole number from -9223372036854775808 to 9223372036854775807, got 1.5',
    ],
    [{ name: 'Rex', categoryId: '1', status: 'lost' }, 'status must be one of available, pending, sold, got "lost"'],
    [{ name: 'Rex', categoryId: '1', status: null }, 'status must be one of available, pending, sold, got null'],
  ])('refuses %j with a message that says what to fix', (body, message) => {
    expectFieldError(rejection(() => parseNewPet(body)).toBody(), 'invalid_body', message);
  });

  it('counts the name bound in characters, not UTF-16 units', () => {
    const emoji = '🐕'.repeat(NAME_MAX_LENGTH); // 400 UTF-16 units, 200 characters
    expect(parseNewPet({ name: emoji, categoryId: '1' }).name).toBe(emoji);
  });
});

describe('listPets query validation', () => {
  it('defaults limit to 20 and has no status filter by default', () => {
    expect(parseQuery({})).toEqual({ limit: 20 });
  });

  it('accepts limit from 1 to 100, as a number or as query-string text', () => {
    expect(parseQuery({ limit: 1 }).limit).toBe(1);
    expect(parseQuery({ limit: '100' }).limit).toBe(100);
  });

  it.each([0, 101, -1, 2.5, '0', 'abc', '', '1e2', ' 5', ['1', '2'], null])(
    'refuses limit %j, naming the range',
    (limit) => {
      const body = rejection(() => parseQuery({ limit })).toBody();
      expect(body.message).toMatch(/^limit must be an integer from 1 to 100, got /);
      expectFieldError(body, 'invalid_parameter', body.message);
    },
  );

  it('gives the exact message of the example in the issue', () => {
    expect(rejection(() => parseQuery({ limit: 0 })).message).toBe('limit must be an integer from 1 to 100, got 0');
  });

  it('refuses a status outside the enumeration', () => {
    expect(rejection(() => parseQuery({ status: 'lost' })).message).toBe(
      'status must be one of available, pending, sold, got "lost"',
    );
  });
});

describe('Pets from a server', () => {
  it('takes int64 literals exactly and refuses a pet without an id', () => {
    const schema = petsSchema('json');
    expect(schema.parse([{ id: 9223372036854775807n, name: 'Rex', categoryId: -1n }])).toEqual([
      { id: '9223372036854775807', name: 'Rex', categoryId: '-1' },
    ]);
    expect(schema.safeParse([{ name: 'Rex', categoryId: 1n }]).success).toBe(false);
  });
});

describe('error codes', () => {
  it('is a closed set where every code carries an HTTP error status', () => {
    expect(ERROR_CODES.length).toBeGreaterThan(5);
    for (const code of ERROR_CODES) {
      expect(new ApiError(code, 'x').status).toBe(ERROR_STATUS[code]);
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
    }
  });
});
