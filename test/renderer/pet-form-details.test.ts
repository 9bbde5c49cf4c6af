import { describe, expect, it } from 'vitest';
import {
  draftOf,
  draftToPet,
  errorsOf,
  isEmptyDraft,
  moreFields,
  newDraft,
  shownFields,
  validateDraft,
  type PetDraft,
} from '../../src/renderer/src/pet-form';

const draft = (typed: Partial<PetDraft>): PetDraft => ({ ...newDraft('1'), name: 'Rex', ...typed });

describe('the forms’ details, from the declaration', () => {
  it('reads a price in the environment’s currency, and says what is wrong with one as it is typed', () => {
    expect(draftToPet(draft({ price: '£12.50' }), 'local', [], 'GBP')).toMatchObject({ price: 1250 });
    expect(draftToPet(draft({ price: '1,250' }), 'local', [], 'JPY')).toMatchObject({ price: 1250 });
    expect(validateDraft(draft({ price: '12.5' }), 'local', [], 'GBP')).toEqual({});
    expect(validateDraft(draft({ price: '12.505' }), 'local', [], 'GBP')).toEqual({
      price: 'price must have at most 2 decimal places in GBP, got "12.505"',
    });
    expect(validateDraft(draft({ price: '12 EUR' }), 'local', [], 'GBP').price).toBe(
      'price must be in GBP, not EUR, got "12 EUR"',
    );
    expect(draftOf({ name: 'Rex', categoryId: '1', price: 1250 }, 'GBP').price).toBe('12.50');
    expect(draftOf({ name: 'Rex', categoryId: '1', price: 5 }, 'BHD').price).toBe('0.005');
  });

  it('checks a date by the contract’s rules, naming the field by its label', () => {
    expect(validateDraft(draft({ bornOn: '2026-13' }), 'local', [], 'GBP').bornOn).toMatch(
      /^born must be a real date \(months run from 01 to 12\)/,
    );
    expect(validateDraft(draft({ bornOn: '2020-05' }), 'local', [], 'GBP')).toEqual({});
    expect(validateDraft(draft({ acquiredOn: '2020-05' }), 'local', [], 'GBP').acquiredOn).toMatch(/^acquired on must/);
  });

  it('shows the date sold only for a sold animal, and sends it only then', () => {
    expect(shownFields('local', draft({ status: 'available' }))).not.toContain('soldOn');
    expect(shownFields('local', draft({ status: 'sold' }))).toContain('soldOn');
    expect(draftToPet(draft({ status: 'available', soldOn: '2026-01-02' }), 'local', [], 'GBP')).not.toHaveProperty(
      'soldOn',
    );
    expect(draftToPet(draft({ status: 'sold', soldOn: '2026-01-02' }), 'local', [], 'GBP')).toMatchObject({
      soldOn: '2026-01-02',
    });
  });

  it('shows how and when an animal left only while it is neither for sale nor sold; a correction that hides them removes them', () => {
    for (const status of ['available', 'sold'])
      expect(shownFields('local', draft({ status })), status).not.toContain('leftOn');
    for (const status of ['', 'pending'])
      expect(shownFields('local', draft({ status })), status).toEqual(expect.arrayContaining(['leftOn', 'leftHow']));
    const left = draft({ status: '', leftOn: '2026-03-01', leftHow: 'died' });
    expect(draftToPet(left, 'local', [], 'GBP')).toMatchObject({ leftOn: '2026-03-01', leftHow: 'died' });
    expect(draftToPet({ ...left, status: 'available' }, 'local', [], 'GBP')).not.toHaveProperty('leftOn');
    expect(draftOf({ name: 'Rex', categoryId: '1', leftOn: '2026-03-01', leftHow: 'returned' }, 'GBP')).toMatchObject({
      status: '',
      leftHow: 'returned',
    });
    expect(validateDraft({ ...left, leftHow: '' }, 'local', [], 'GBP')).toEqual({}); // together: main's rule
    expect(
      errorsOf({
        code: 'invalid_body',
        message: 'x',
        fields: [{ field: 'leftHow', message: 'must be given with the day it left (2026-03-01)' }],
      }),
    ).toEqual({ leftHow: 'how it left must be given with the day it left (2026-03-01)' });
  });

  it('keeps the declared fields under More details, in every environment', () => {
    expect(moreFields('local')).toEqual(
      expect.arrayContaining(['species', 'breed', 'microchip', 'treatment', 'notes', 'soldOn', 'leftOn', 'leftHow']),
    );
    expect(moreFields('local')).not.toContain('price');
    expect(moreFields('staging')).toEqual(moreFields('local'));
  });

  it('counts a price or a date typed as typing, and says a refused sale in a whole sentence on the status', () => {
    expect(isEmptyDraft(draft({ name: '', price: '3' }), 'local')).toBe(false);
    expect(isEmptyDraft(draft({ name: '', bornOn: '2026' }), 'local')).toBe(false);
    const message = 'Rex is under veterinary treatment ("Ear drops"): an animal under treatment cannot be sold.';
    expect(
      errorsOf({ code: 'under_treatment', message, fields: [{ field: 'status', message: 'cannot be sold' }] }),
    ).toEqual({ status: message });
    expect(
      errorsOf({
        code: 'microchip_taken',
        message: 'x',
        fields: [{ field: 'microchip', message: "is already Bella's (id 4)" }],
      }),
    ).toEqual({ microchip: "microchip is already Bella's (id 4)" });
  });
});
