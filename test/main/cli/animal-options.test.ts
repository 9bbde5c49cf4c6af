// An animal's options on the command line come from its declaration: one per field a person
// gives, named by its flag or label, with --no-<option> for a field an animal may lack.
import { describe, expect, it } from 'vitest';
import {
  ADD_OPTIONS_USAGE,
  ANIMAL_OPTIONS,
  CHANGE_OPTIONS_USAGE,
  newPetOfOptions,
  optionsInWords,
  patchOfOptions,
} from '../../../src/main/cli/animal-options';
import { ANIMAL_FIELDS, PERSON_FIELD_NAMES } from '../../../src/shared/contract';

describe("an animal's options", () => {
  it('are one for each field a person gives, named by its flag or label, and --no- where it may be removed', () => {
    const flags = PERSON_FIELD_NAMES.map((name) => {
      const field = ANIMAL_FIELDS[name];
      return 'flag' in field ? field.flag : field.label.toLowerCase().replaceAll(' ', '-');
    });
    expect(flags).toEqual(
      expect.arrayContaining(['name', 'category', 'price', 'sex', 'born', 'acquired', 'microchip']),
    );
    for (const flag of flags) expect(ANIMAL_OPTIONS[flag]).toEqual({ type: 'string' });
    expect(ANIMAL_OPTIONS['no-treatment']).toEqual({ type: 'boolean' });
    expect(ANIMAL_OPTIONS['no-name']).toBeUndefined(); // every animal has a name
    expect(ADD_OPTIONS_USAGE).toMatch(/^--name TEXT --category ID \[--status available\|pending\|sold\]/);
    expect(ADD_OPTIONS_USAGE).toContain('[--price AMOUNT]');
    expect(ADD_OPTIONS_USAGE).toContain('[--born YYYY[-MM[-DD]]]');
    expect(CHANGE_OPTIONS_USAGE).toMatch(
      /^\[--name TEXT\] \[--category ID\] \[--status available\|pending\|sold\|--no-status\]/,
    );
    expect(optionsInWords('staging')).toMatch(/^--name, --category(,| or) --status\b/);
  });

  it('give an add as typed: a field every animal has even when missing, for the core to name', () => {
    expect(newPetOfOptions({ name: 'Rex', category: '7' }, 'local', 'GBP')).toEqual({ name: 'Rex', categoryId: '7' });
    expect(newPetOfOptions({ category: '7', status: 'sold' }, 'staging', 'GBP')).toEqual({
      name: undefined,
      categoryId: '7',
      status: 'sold',
    });
  });

  it('read a price in the environment’s currency, exactly, and refuse one that is not', () => {
    expect(newPetOfOptions({ name: 'Rex', category: '7', price: '12.50' }, 'local', 'GBP')).toMatchObject({
      price: 1250,
    });
    expect(newPetOfOptions({ name: 'Rex', category: '7', price: '1250' }, 'local', 'JPY')).toMatchObject({
      price: 1250,
    });
    expect(() => newPetOfOptions({ name: 'Rex', category: '7', price: '12.505' }, 'local', 'GBP')).toThrow(
      /--price must have at most 2 decimal places/,
    );
  });

  it('give a change: "none" or --no-<option> removes a field, a name is as typed', () => {
    expect(patchOfOptions({ status: 'none', name: ' Tom ' }, 'production', 'GBP')).toEqual({
      name: ' Tom ',
      status: null,
    });
    expect(patchOfOptions({ status: 'pending', json: true }, 'local', 'GBP')).toEqual({ status: 'pending' });
    expect(patchOfOptions({ 'no-treatment': true, born: '2026-05' }, 'local', 'GBP')).toEqual({
      treatment: null,
      bornOn: '2026-05',
    });
    expect(patchOfOptions({}, 'local', 'GBP')).toEqual({});
    expect(() => patchOfOptions({ treatment: 'x', 'no-treatment': true }, 'local', 'GBP')).toThrow(
      /--treatment or --no-treatment, not both/,
    );
  });

  it('give how and when an animal left by --left-on and --left-how, and --not-left removes both', () => {
    expect(ANIMAL_OPTIONS['left-on']).toEqual({ type: 'string' });
    expect(ANIMAL_OPTIONS['left-how']).toEqual({ type: 'string' });
    expect(ANIMAL_OPTIONS['not-left']).toEqual({ type: 'boolean' });
    expect(ANIMAL_OPTIONS['no-left-on']).toBeUndefined();
    expect(ADD_OPTIONS_USAGE).toContain('[--left-on YYYY-MM-DD] [--left-how died|returned|rehomed|other]');
    expect(CHANGE_OPTIONS_USAGE).toContain(
      '[--left-on YYYY-MM-DD] [--left-how died|returned|rehomed|other] [--not-left]',
    );
    expect(
      newPetOfOptions({ name: 'Goldie', category: '4', 'left-on': '2026-03-01', 'left-how': 'died' }, 'local', 'GBP'),
    ).toEqual({
      name: 'Goldie',
      categoryId: '4',
      leftOn: '2026-03-01',
      leftHow: 'died',
    });
    expect(patchOfOptions({ 'not-left': true, status: 'available' }, 'local', 'GBP')).toEqual({
      status: 'available',
      leftOn: null,
      leftHow: null,
    });
    expect(() => patchOfOptions({ 'left-how': 'died', 'not-left': true }, 'local', 'GBP')).toThrow(
      /--left-how or --not-left, not both/,
    );
  });

  it('takes every option for a server too (its details are kept here when the server lacks them)', () => {
    expect(patchOfOptions({ microchip: '985141000123456' }, 'production', 'GBP')).toEqual({
      microchip: '985141000123456',
    });
  });
});
