// Options as the command line reads them: a negative number after an option that takes a value is
// that value; after `--`, everything is positional, as typed.
import { describe, expect, it } from 'vitest';
import { parse } from '../../../src/main/cli/cli-args';

const options = { price: { type: 'string' }, anyway: { type: 'boolean' } } as const;

describe('reading a command’s options', () => {
  it('takes a negative number after an option as its value', () => {
    expect(parse(['--price', '-5'], options).values['price']).toBe('-5');
    expect(parse(['--price', '-.5', 'rex'], options)).toMatchObject({ values: { price: '-.5' }, positionals: ['rex'] });
  });

  it('leaves an option-like word as an option, and what follows -- as it was typed', () => {
    expect(() => parse(['--price', '-x'], options)).toThrow(/--price/);
    expect(parse(['--', '--price', '-5'], options).positionals).toEqual(['--price', '-5']);
  });

  it('says how to give a number below zero where an id goes, rather than Node’s words', () => {
    expect(() => parse(['-1'], options)).toThrow(
      /^-1 is read as an option: a number below zero goes after --, as in: -- -1$/,
    );
    expect(parse(['--', '-1'], options).positionals).toEqual(['-1']);
  });
});
