import { describe, expect, it } from 'vitest';
import { draftToPet, placeMessages, validateDraft } from '../../src/renderer/src/pet-form';

describe('the add form rules', () => {
  it('places each part of a contract message on the field it names', () => {
    expect(placeMessages('name must not be empty; categoryId must be an integer, got "x"')).toEqual({
      name: 'name must not be empty',
      categoryId: 'categoryId must be an integer, got "x"',
    });
    expect(placeMessages('name Bad Dog is not allowed at this shop')).toEqual({
      name: 'name Bad Dog is not allowed at this shop',
    });
    expect(placeMessages('The server is busy')).toEqual({ form: 'The server is busy' });
    expect(placeMessages('named thing is odd')).toEqual({ form: 'named thing is odd' }); // "named" is not the field "name"
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
