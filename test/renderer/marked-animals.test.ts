// The animals marked for paper: kept in the order marked, each once, in one environment at a time,
// and let go when the window shows another environment or its server at another address.
import { beforeEach, describe, expect, it } from 'vitest';
import { markedIn, marksLetGo, useMarkedAnimals } from '../../src/renderer/src/marked-animals';

const marks = () => useMarkedAnimals.getState();
const shownIn = (environment: 'local' | 'production') => markedIn(marks(), environment);

describe('animals marked for paper', () => {
  beforeEach(() => marks().clear());

  it('marks each once, in the order marked; a second toggle takes the mark off', () => {
    marks().toggle('production', '7');
    marks().mark('production', ['3', '7', '5', '3']);
    expect(shownIn('production')).toEqual(['7', '3', '5']);
    marks().toggle('production', '3');
    marks().unmark('production', ['5', '99']);
    expect(shownIn('production')).toEqual(['7']);
    expect(shownIn('local')).toEqual([]); // another environment's are not these
  });

  it('are let go when the window shows another environment, or its server moves; not for an address first heard', () => {
    const production = (address?: string | null) => ({ environment: 'production' as const, address });
    const one = 'https://one.example/v1';
    expect(marksLetGo(production(one), production(one))).toBe(false);
    expect(marksLetGo(production('https://two.example/v1'), production(one))).toBe(true);
    expect(marksLetGo(production(one), production(undefined))).toBe(false); // its first word, heard late
    expect(marksLetGo({ environment: 'local', address: null }, production(one))).toBe(true);
  });

  it('a mark made in one environment starts the marks afresh in it', () => {
    marks().mark('production', ['1']);
    marks().toggle('local', '9');
    expect(shownIn('local')).toEqual(['9']);
    expect(shownIn('production')).toEqual([]);
  });
});
