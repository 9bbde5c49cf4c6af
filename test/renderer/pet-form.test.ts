import { describe, expect, it } from 'vitest';
import { PERSON_FIELD_NAMES } from '../../src/shared/contract';
import {
  draftOf,
  draftToPet,
  errorsOf,
  formFields,
  isEmptyDraft,
  newDraft,
  validateDraft,
  type PetDraft,
} from '../../src/renderer/src/pet-form';

/** A form's draft: nothing typed, but what is given. */
const draft = (typed: Partial<PetDraft>): PetDraft => ({ ...newDraft(), ...typed });

describe('the add form rules', () => {
  it('puts each field problem on its field, and a problem of no field on the form: no prose is read', () => {
    expect(
      errorsOf({
        code: 'invalid_body',
        message: 'name must not be empty; categoryId must be a whole number',
        fields: [
          { field: 'name', message: 'must not be empty' },
          { field: 'categoryId', message: 'must be a whole number' },
        ],
      }),
    ).toEqual({ name: 'name must not be empty', categoryId: 'categoryId must be a whole number' });
    // A server's reason without fields stays on the form, even when it starts with a field's name.
    expect(errorsOf({ code: 'server_error', message: 'name Bad Dog is not allowed at this shop' })).toEqual({
      form: 'name Bad Dog is not allowed at this shop',
    });
    expect(
      errorsOf({ code: 'invalid_body', message: 'x', fields: [{ field: 'body', message: 'is required' }] }),
    ).toEqual({
      form: 'body is required',
    });
  });

  it('checks a draft exactly as the core does, int64 included', () => {
    expect(validateDraft(draft({ name: 'Rex', categoryId: '9223372036854775807', status: '' }), 'local')).toEqual({});
    expect(
      validateDraft(draft({ name: 'Rex', categoryId: '9223372036854775808', status: '' }), 'local'),
    ).toHaveProperty('categoryId');
    expect(validateDraft(draft({ name: '  ', categoryId: '1', status: 'sold' }), 'local')).toEqual({
      name: 'name must not be empty',
    });
    expect(validateDraft(draft({ name: 'Rex', categoryId: '', status: '' }), 'local')).toHaveProperty('categoryId');
    expect(validateDraft(draft({ name: 'Rex', categoryId: 'Dogs' }), 'staging').categoryId).toMatch(
      /^No category is named "Dogs" here/,
    );
  });

  it('sends no status when none is chosen, and trims the category', () => {
    expect(draftToPet(draft({ name: 'Rex', categoryId: ' 7 ', status: '' }), 'local')).toEqual({
      name: 'Rex',
      categoryId: '7',
    });
    expect(draftToPet(draft({ name: 'Rex', categoryId: '7', status: 'pending' }), 'staging')).toEqual({
      name: 'Rex',
      categoryId: '7',
      status: 'pending',
    });
  });

  it('shows the fields the environment takes, each starting as the declaration says', () => {
    expect(formFields('local')).toEqual(PERSON_FIELD_NAMES);
    expect(formFields('production')).toEqual(PERSON_FIELD_NAMES);
    expect(newDraft('5')).toMatchObject({ name: '', categoryId: '5', status: 'available' });
    expect(isEmptyDraft(newDraft('5'), 'local')).toBe(true);
    expect(isEmptyDraft(draft({ name: 'R' }), 'local')).toBe(false);
    expect(draftOf({ name: 'Rex', categoryId: '7' })).toEqual(draft({ name: 'Rex', categoryId: '7', status: '' }));
  });
});
