import { expect } from 'vitest';

/**
 * An error about fields, whoever made it: `fields` lists each problem, and `message` is exactly
 * those problems in one sentence, each naming its field first. Checks both, and returns the fields.
 */
export function expectFieldError(body: unknown, code: string, message: string, status = 400) {
  expect(body).toEqual({ code, message, status, fields: expect.any(Array) });
  const { fields } = body as { fields: Array<{ field: string; message: string }> };
  expect(fields.length).toBeGreaterThan(0);
  expect(fields.map(({ field, message: problem }) => `${field} ${problem}`).join('; ')).toBe(message);
  return fields;
}
