import { describe, expect, it } from 'vitest';
import { draftToPet, errorsOf, validateDraft } from '../../src/renderer/src/pet-form';

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
    expect(validateDraft({ name: 'Rex', categoryId: '9223372036854775807', status: '' })).toEqual({});
    expect(validateDraft({ name: 'Rex', categoryId: '9223372036854775808', status: '' })).toHaveProperty('categoryId');
    expect(validateDraft({ name: '  ', categoryId: '1', status: 'sold' })).toEqual({ name: 'name must not be empty' });
    expect(validateDraft({ name: 'Rex', categoryId: '', status: '' })).toHaveProperty('categoryId');
  });

  it('sends no status when none is chosen, and trims the category', () => {
    expect(draftToPet({ name: 'Rex', categoryId: ' 7 ', status: '' })).toEqual({ name: 'Rex', categoryId: '7' });
    expect(draftToPet({ name: 'Rex', categoryId: '7', status: 'pending' })).toEqual({
      name: 'Rex',
      categoryId: '7',
      status: 'pending',
    });
  });
});
