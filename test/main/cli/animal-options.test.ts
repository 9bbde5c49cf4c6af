// An animal's options on the command line come from its declaration: one per field a person
// gives, named by its label, in the help as they always read.
import { describe, expect, it } from 'vitest';
import {
  ADD_OPTIONS_USAGE,
  ANIMAL_OPTIONS,
  CHANGE_OPTIONS_USAGE,
  newPetOfOptions,
  optionsInWords,
  patchOfOptions,
} from '../../../src/main/cli/animal-options';
import { UsageError } from '../../../src/main/cli/cli-args';
import { ANIMAL_FIELDS, PERSON_FIELD_NAMES } from '../../../src/shared/contract';

describe("an animal's options", () => {
  it('are one for each field a person gives, named by its label', () => {
    expect(Object.keys(ANIMAL_OPTIONS)).toEqual(
      PERSON_FIELD_NAMES.map((name) => ANIMAL_FIELDS[name].label.toLowerCase()),
    );
    expect(ADD_OPTIONS_USAGE).toMatch(/^--name N --category ID \[--status S\]/);
    expect(CHANGE_OPTIONS_USAGE).toMatch(/^\[--name N\] \[--category ID\] \[--status S\|none\]/);
    expect(optionsInWords('staging')).toMatch(/^--name, --category(,| or) --status\b/);
  });

  it('give an add as typed: a field every animal has even when missing, for the core to name', () => {
    expect(newPetOfOptions({ name: 'Rex', category: '7' }, 'local')).toEqual({ name: 'Rex', categoryId: '7' });
    expect(newPetOfOptions({ category: '7', status: 'sold' }, 'staging')).toEqual({
      name: undefined,
      categoryId: '7',
      status: 'sold',
    });
  });

  it('give a change: "none" removes a status, a name is as typed', () => {
    expect(patchOfOptions({ status: 'none', name: ' Tom ' }, 'production')).toEqual({ name: ' Tom ', status: null });
    expect(patchOfOptions({ status: 'pending', json: true }, 'local')).toEqual({ status: 'pending' });
    expect(patchOfOptions({}, 'local')).toEqual({});
  });

  it('is a usage error only for an option the environment does not take', () => {
    expect(() => patchOfOptions({ category: '9' }, 'production')).not.toThrow(UsageError);
  });
});
