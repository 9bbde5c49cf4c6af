// The add and fix forms' rules: the contract's own schema, and field problems put on their fields.
import {
  categoryNameKey,
  isCategoryIdText,
  fieldProblems,
  newPetSchema,
  phraseIssue,
  PET_STATUSES,
  type AppError,
  type FieldProblem,
  type PetStatus,
  type CategoryName,
} from '../../shared/contract';

export const PET_FIELDS = ['name', 'categoryId', 'status'] as const;
export type PetField = (typeof PET_FIELDS)[number];
export type FieldErrors = Partial<Record<PetField | 'form', string>>;

export interface PetDraft {
  name: string;
  categoryId: string;
  status: PetStatus | '';
}

/**
 * A new animal's form: status "Available" (an animal without one matches no filter, so "No status"
 * is a choice a person makes), and the category last added to, if any.
 */
export const newDraft = (categoryId = ''): PetDraft => ({ name: '', categoryId, status: 'available' });

/** Nothing typed yet for the next animal (the defaults are not typing). */
export const isEmptyDraft = (draft: PetDraft) => draft.name === '';

/** The category field holds an id, or a name the environment knows: the id it stands for, or what was typed. */
export function categoryIdOf(typed: string, categories: readonly CategoryName[]): string {
  const text = typed.trim();
  if (text === '' || isCategoryIdText(text)) return text;
  const key = categoryNameKey(text);
  return categories.find(({ name }) => categoryNameKey(name) === key)?.categoryId ?? text;
}

export function draftToPet(draft: PetDraft, categories: readonly CategoryName[] = []) {
  return {
    name: draft.name,
    categoryId: categoryIdOf(draft.categoryId, categories),
    ...(draft.status === '' ? {} : { status: draft.status }),
  };
}

const isPetField = (field: string): field is PetField => (PET_FIELDS as readonly string[]).includes(field);

/** Each problem on the field it names ("name must not be empty"); a problem of no field of the form, on the form. */
export function errorsOnFields(problems: readonly FieldProblem[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of problems) {
    const key = isPetField(field) ? field : 'form';
    const text = `${field} ${message}`;
    errors[key] = errors[key] ? `${errors[key]}; ${text}` : text;
  }
  return errors;
}

/** An error from main or a server: its field problems on their fields, or its message on the form. */
export function errorsOf(error: AppError): FieldErrors {
  return error.fields?.length ? errorsOnFields(error.fields) : { form: error.message };
}

const schema = newPetSchema('app');

/** The same check the server makes, as the person types (a category by a name the environment knows, too). */
export function validateDraft(draft: PetDraft, categories: readonly CategoryName[] = []): FieldErrors {
  const pet = draftToPet(draft, categories);
  const result = schema.safeParse(pet, { error: phraseIssue });
  const errors = result.success ? {} : errorsOnFields(fieldProblems(result.error, 'body'));
  if (/\p{L}/u.test(pet.categoryId))
    errors.categoryId = `No category is named "${pet.categoryId.slice(0, 60)}" here: type its id, or pick one from the list`;
  return errors;
}

export const STATUS_CHOICES: ReadonlyArray<PetStatus> = PET_STATUSES;
