// The animal's days in the order they happen: born, then acquired, then sold or left. Each pair
// out of order is refused in the Error shape on the field the write gave, naming the other day;
// a date known to the month or the year starts on its first day. Through the store's rules
// (settleAnimal) and the contract's own date rules, as every add and change is made.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANIMAL_FIELDS } from '../../src/shared/contract';
import type { PersonField } from '../../src/shared/contract/field-facts';
import { problemOf, writesOn } from '../helpers/animal-rules';

const TODAY = '2026-06-01';
const { add, change } = writesOn(TODAY);
const KIT = { name: 'Kit', categoryId: '1' };

describe("an animal's days in order", () => {
  it('refuses an animal acquired before it was born, on the field given, naming the other day', () => {
    expect(problemOf(() => add({ ...KIT, bornOn: '2026-05-03', acquiredOn: '2026-05-02' }))).toEqual({
      field: 'acquiredOn',
      message: 'must not be before it was born (2026-05-03)',
    });
    const acquired = add({ ...KIT, acquiredOn: '2026-05-02' });
    expect(problemOf(() => change(acquired, { bornOn: '2026-05-03' }))).toEqual({
      field: 'bornOn',
      message: 'must not be after the day it was acquired (2026-05-02)',
    });
    // Born and acquired the same day, or within the month a birth is known to.
    expect(add({ ...KIT, bornOn: '2026-05-02', acquiredOn: '2026-05-02' })).toMatchObject({ acquiredOn: '2026-05-02' });
    expect(change(acquired, { bornOn: '2026-05' })).toMatchObject({ bornOn: '2026-05' });
    expect(problemOf(() => change(acquired, { bornOn: '2026-06' })).field).toBe('bornOn');
  });

  it('refuses a day sold before it was acquired or born', () => {
    const held = add({ ...KIT, bornOn: '2026', acquiredOn: '2026-04-10' });
    expect(problemOf(() => change(held, { status: 'sold', soldOn: '2026-04-09' }))).toEqual({
      field: 'soldOn',
      message: 'must not be before the day it was acquired (2026-04-10)',
    });
    const sold = change(held, { status: 'sold', soldOn: '2026-04-10' });
    expect(sold).toMatchObject({ soldOn: '2026-04-10' });
    expect(problemOf(() => change(sold, { acquiredOn: '2026-04-11' }))).toEqual({
      field: 'acquiredOn',
      message: 'must not be after the day it was sold (2026-04-10)',
    });
    expect(problemOf(() => add({ ...KIT, bornOn: '2026-05', status: 'sold', soldOn: '2026-04-30' }))).toEqual({
      field: 'soldOn',
      message: 'must not be before it was born (2026-05)',
    });
  });

  it('changes an animal a server sent out of order, as it is, when the write does not touch those days', () => {
    const fromServer = { ...KIT, bornOn: '2026-05-03', acquiredOn: '2026-05-01' };
    expect(change(fromServer, { name: 'Kitty' })).toMatchObject({ name: 'Kitty', acquiredOn: '2026-05-01' });
  });

  it('every day a field comes after is a date of the animal, declared with words of its own', () => {
    for (const field of Object.values(ANIMAL_FIELDS) as PersonField[])
      for (const earlier of field.day?.notBefore ?? []) {
        const other = ANIMAL_FIELDS[earlier as keyof typeof ANIMAL_FIELDS] as PersonField;
        expect(other?.kind).toBe('date');
        expect(other.day?.event).toMatch(/^(it|the day it) /);
      }
  });

  it('any two days: accepted in order, refused out of order, whatever their precision', () => {
    const day = fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date(`${TODAY}T00:00:00Z`), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    const born = fc.tuple(day, fc.constantFrom(4, 7, 10)).map(([date, length]) => date.slice(0, length));
    fc.assert(
      fc.property(born, day, (bornOn, acquiredOn) => {
        const firstDayBorn = `${bornOn}-01-01`.slice(0, 10); // 2026 → 2026-01-01, 2026-05 → 2026-05-01
        const inOrder = acquiredOn >= firstDayBorn;
        const write = () => add({ ...KIT, bornOn, acquiredOn });
        if (inOrder) expect(write()).toMatchObject({ bornOn, acquiredOn });
        else expect(problemOf(write).field).toBe('acquiredOn');
      }),
    );
  });
});
