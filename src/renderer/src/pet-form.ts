// The add form's rules: the contract's own schema, and its messages placed on the fields they name.
import { newPetSchema, PET_STATUSES, type PetStatus } from '../../shared/contract';

export const PET_FIELDS = ['name', 'categoryId', 'status'] as const;
export type PetField = (typeof PET_FIELDS)[number];
export type FieldErrors = Partial<Record<PetField | 'form', string>>;

export interface PetDraft {
  name: string;
  categoryId: string;
  status: PetStatus | '';
}

export const EMPTY_DRAFT: PetDraft = { name: '', categoryId: '', status: '' };

export function draftToPet(draft: PetDraft) {
  return {
    name: draft.name,
    categoryId: draft.categoryId.trim(),
    ...(draft.status === '' ? {} : { status: draft.status }),
  };
}

const schema = newPetSchema('app');

/**
 * Splits a contract message ("name must not be empty; categoryId must be ...") by the field each
 * part starts with. What names no field (or names "body") goes to `form`.
 */
export function placeMessages(message: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const part of message.split('; ')) {
    const field = PET_FIELDS.find((name) => part.startsWith(`${name} `)) ?? 'form';
    errors[field] = errors[field] ? `${errors[field]}; ${part}` : part;
  }
  return errors;
}

/** The same check the server makes, as the person types. */
export function validateDraft(draft: PetDraft): FieldErrors {
  const result = schema.safeParse(draftToPet(draft));
  if (result.success) return {};
  return placeMessages(
    result.error.issues.map((issue) => `${issue.path.join('.') || 'body'} ${issue.message}`).join('; '),
  );
}

export const STATUS_CHOICES: ReadonlyArray<PetStatus> = PET_STATUSES;
