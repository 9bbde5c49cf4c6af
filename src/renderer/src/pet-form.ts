// The add and fix forms' rules: the contract's own schema, and field problems put on their fields.
import {
  fieldProblems,
  newPetSchema,
  phraseIssue,
  PET_STATUSES,
  type AppError,
  type FieldProblem,
  type PetStatus,
} from '../../shared/contract';

export const PET_FIELDS = ['name', 'categoryId', 'status'] as const;
export type PetField = (typeof PET_FIELDS)[number];
export type FieldErrors = Partial<Record<PetField | 'form', string>>;

export interface PetDraft {
  name: string;
  categoryId: string;
  status: PetStatus | '';
}

export const EMPTY_DRAFT: PetDraft = { name: '', categoryId: '', status: '' };

export const isEmptyDraft = (draft: PetDraft) => draft.name === '' && draft.categoryId === '' && draft.status === '';

export function draftToPet(draft: PetDraft) {
  return {
    name: draft.name,
    categoryId: draft.categoryId.trim(),
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

/** The same check the server makes, as the person types. */
export function validateDraft(draft: PetDraft): FieldErrors {
  const result = schema.safeParse(draftToPet(draft), { error: phraseIssue });
  return result.success ? {} : errorsOnFields(fieldProblems(result.error, 'body'));
}

export const STATUS_CHOICES: ReadonlyArray<PetStatus> = PET_STATUSES;
