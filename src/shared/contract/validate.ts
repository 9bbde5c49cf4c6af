import type { z } from 'zod';
import { describeValue } from './describe-value';
import { ApiError, type ErrorCode, type FieldProblem } from './errors';

const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  undefined: 'absent',
};

const counted = (origin: string, amount: number | bigint) =>
  origin === 'string' ? `${amount} characters` : origin === 'array' ? `${amount} items` : String(amount);

/**
 * Our wording for every issue a schema raises without a message of its own, so that no library's
 * phrasing ("Too big: expected string to have <=4096 characters") ever reaches a person.
 */
export function phraseIssue(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? 'is required'
        : `must be ${EXPECTED[issue.expected] ?? issue.expected}, got ${describeValue(issue.input)}`;
    case 'too_big':
      return `must be at most ${counted(issue.origin, issue.maximum)}`;
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1
        ? 'must not be empty'
        : `must be at least ${counted(issue.origin, issue.minimum)}`;
    case 'unrecognized_keys':
      return `has ${issue.keys.length === 1 ? 'a field' : 'fields'} it does not take: ${issue.keys.slice(0, 5).join(', ')}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}, got ${describeValue(issue.input)}`;
    default:
      return 'is not valid';
  }
}

/**
 * Parses `input` with `schema`, or throws an ApiError listing each field's problem (`fields`), and
 * the same in one sentence that names each offending field first ("categoryId must be ...; name is
 * required"), so a person, or a form, knows what to fix.
 */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  input: unknown,
  code: ErrorCode,
  subject: string,
): z.output<S> {
  const result = schema.safeParse(input, { error: phraseIssue });
  if (result.success) return result.data;
  throw ApiError.fromFields(code, fieldProblems(result.error, subject));
}

/** A schema's issues as field problems; an issue about the whole value is about `subject`. */
export function fieldProblems(error: z.ZodError, subject: string): FieldProblem[] {
  return error.issues.map((issue) => ({
    field: issue.path.length === 0 ? subject : issue.path.map(String).join('.'),
    message: issue.message,
  }));
}
