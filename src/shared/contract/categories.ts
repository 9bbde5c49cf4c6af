import { z } from 'zod';
import { describeValue } from './describe-value';
import { int64Schema, type Int64 } from './int64';
import { nameProblem } from './pet';

/** Our bound on a category's name (a shop's own word for it: "Dogs", "Small mammals"). */
export const CATEGORY_NAME_MAX_LENGTH = 60;

/** Whether typed text is a category's id (a whole number, its range aside) rather than a name: a name never is one. */
export const isCategoryIdText = (text: string) => /^[+-]?[0-9]+$/.test(text);

/** A category id with the name the shop gave it in one environment (stored on this computer only). */
export interface CategoryName {
  categoryId: Int64;
  name: string;
}

/**
 * A category's name: a pet name's rules, shorter, and never a whole number, so that wherever a
 * category may be typed as its id or its name (the pick list, an imported file) it is never both.
 */
export const categoryNameSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'is required' : `must be a string, got ${describeValue(issue.input)}`,
  })
  .transform((name, ctx) => {
    const trimmed = name.trim();
    const problem = isCategoryIdText(trimmed)
      ? 'must not be a number: a number is taken as the category id'
      : nameProblem(trimmed, CATEGORY_NAME_MAX_LENGTH);
    if (problem === null) return trimmed;
    ctx.addIssue({ code: 'custom', message: problem, input: name });
    return z.NEVER;
  });

/** Naming a category: its id, and its name (null takes the name away). */
export const categoryNamingSchema = z.strictObject({
  categoryId: int64Schema('app'),
  name: categoryNameSchema.nullable(),
});

/** Names are told apart as a person reads them: "dogs" and "Dogs " are one name. */
export const categoryNameKey = (name: string) => name.trim().normalize('NFC').toLocaleLowerCase('en');

/** "Dogs (5)", or "category 5" for one without a name: how a confirmation names a category. */
export const describeCategory = (categoryId: Int64, name: string | undefined) =>
  name === undefined ? `category ${categoryId}` : `${name} (${categoryId})`;
