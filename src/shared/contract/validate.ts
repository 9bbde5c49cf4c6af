import type { z } from 'zod';
import { ApiError, type ErrorCode } from './errors';

/**
 * Parses `input` with `schema`, or throws an ApiError whose message names each offending field
 * first ("categoryId must be ...; name is required"), so a person, or a form, knows what to fix.
 */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  input: unknown,
  code: ErrorCode,
  subject: string,
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const path = issue.path.length === 0 ? subject : issue.path.map(String).join('.');
    return `${path} ${issue.message}`;
  });
  throw new ApiError(code, problems.join('; '));
}
