// How and when an animal left the shop other than by a sale: the store's rules across fields
// (src/shared/contract/leaving-rules.ts, run with the sale's by settleAnimal), each refusal in the
// Error shape on the field to fix, with a message that says what to do.
import { describe, expect, it } from 'vitest';
import { newPetSchema, petPatchSchema, refuseBrokenLeaving, type NewPet } from '../../src/shared/contract';
import { problemOf, writesOn } from '../helpers/animal-rules';

const TODAY = '2026-06-01';
const DIED = { leftOn: '2026-05-10', leftHow: 'died' } as const;
const REX: NewPet = { name: 'Rex', categoryId: '1', acquiredOn: '2026-03-02', bornOn: '2026-01' };

const { add, change } = writesOn(TODAY);

describe('how and when an animal left', () => {
  it('an animal with no status or pending may leave, by a day and a way given together', () => {
    expect(add({ ...REX, ...DIED })).toEqual({ ...REX, ...DIED });
    expect(add({ ...REX, status: 'pending', leftOn: '2026-03-02', leftHow: 'returned' })).toMatchObject({
      leftHow: 'returned',
    });
    const left = change(REX, { leftOn: '2026-05-10', leftHow: 'rehomed' });
    expect(left).toMatchObject({ leftOn: '2026-05-10', leftHow: 'rehomed' });
    // Both removed together: it is back, and may be for sale again.
    expect(change(left, { leftOn: null, leftHow: null, status: 'available' })).toEqual({ ...REX, status: 'available' });
  });

  it('refuses a day without a way, or a way without a day, on the one missing, saying what to give', () => {
    expect(problemOf(() => add({ ...REX, leftOn: '2026-05-10' }))).toEqual({
      field: 'leftHow',
      message: 'must be given with the day it left (2026-05-10): died, returned, rehomed, other; or remove both',
    });
    expect(problemOf(() => add({ ...REX, leftHow: 'returned' }))).toEqual({
      field: 'leftOn',
      message:
        'must be given with how it left (returned to its supplier): the day it left, such as 2026-05-03; or remove both',
    });
    const left = add({ ...REX, ...DIED });
    expect(problemOf(() => change(left, { leftOn: null })).field).toBe('leftOn');
    expect(problemOf(() => change(left, { leftHow: null })).field).toBe('leftHow');
  });

  it('refuses a day left before the animal was acquired or born, on the field the write gave', () => {
    expect(problemOf(() => add({ ...REX, leftOn: '2026-03-01', leftHow: 'died' }))).toEqual({
      field: 'leftOn',
      message: 'must not be before the day it was acquired (2026-03-02)',
    });
    // A birth known to the month starts on its first day: the last day of the month before is refused.
    const bornInMay = { name: 'Kit', categoryId: '1', bornOn: '2026-05' };
    expect(add({ ...bornInMay, leftOn: '2026-05-01', leftHow: 'died' })).toMatchObject({ leftOn: '2026-05-01' });
    expect(problemOf(() => add({ ...bornInMay, leftOn: '2026-04-30', leftHow: 'died' }))).toEqual({
      field: 'leftOn',
      message: 'must not be before it was born (2026-05)',
    });
    const left = add({ ...REX, ...DIED });
    expect(problemOf(() => change(left, { acquiredOn: '2026-05-11' }))).toEqual({
      field: 'acquiredOn',
      message: 'must not be after the day it left (2026-05-10)',
    });
    expect(problemOf(() => change(left, { bornOn: '2026-06' })).field).toBe('bornOn');
  });

  it('refuses marking an animal that has left available or sold, saying when and how it left', () => {
    const left = add({ ...REX, ...DIED });
    for (const status of ['available', 'sold'] as const) {
      expect(problemOf(() => change(left, { status }))).toEqual({
        field: 'status',
        message: `cannot be ${status}: Rex left the shop on 2026-05-10 (died), and an animal that has left is neither for sale nor sold. If it has not left, remove Left on and How it left too`,
      });
    }
    expect(change(left, { status: 'pending' })).toMatchObject({ status: 'pending', leftOn: '2026-05-10' });
  });

  it('refuses a day left for an animal for sale or sold: one leaves once, and a sold one left by its sale', () => {
    expect(problemOf(() => add({ ...REX, status: 'available', ...DIED }))).toEqual({
      field: 'leftOn',
      message:
        'cannot be given for an available animal: one that has left is not for sale; give it no status (or pending) with it',
    });
    const sold = change({ ...REX, status: 'available' }, { status: 'sold' });
    expect(sold.soldOn).toBe(TODAY);
    expect(problemOf(() => change(sold, DIED))).toEqual({
      field: 'leftOn',
      message: `cannot be given for an animal sold on ${TODAY}: it left by its sale`,
    });
    // Sold and left on two days, together: refused, never both kept (a day sold without a sale is
    // taken away by the sale's rule; the leaving rule alone refuses it too).
    expect(problemOf(() => add({ ...REX, status: 'sold', soldOn: '2026-05-01', ...DIED })).field).toBe('leftOn');
    expect(problemOf(() => refuseBrokenLeaving({ ...REX, soldOn: '2026-05-01', ...DIED }, DIED))).toEqual({
      field: 'leftOn',
      message: 'cannot be given with a day sold and a day left: an animal leaves once, sold or not',
    });
  });

  it('checks only what a write gives: an animal as a server sent it is changed as it is', () => {
    const asSent = { ...REX, status: 'available' as const, leftOn: '2026-05-10' };
    expect(change(asSent, { name: 'Rexy' })).toMatchObject({ name: 'Rexy', leftOn: '2026-05-10' });
  });

  it('takes a day left in the form of a day, not in the future, and one of the ways, by the field’s own rules', () => {
    const parse = (pet: object) => newPetSchema('app').safeParse({ name: 'Rex', categoryId: '1', ...pet });
    expect(parse({ leftOn: ' 2026-05-10 ', leftHow: 'died' }).data).toMatchObject({ leftOn: '2026-05-10' });
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(parse({ leftOn: tomorrow }).error?.issues[0]?.message).toMatch(/future/);
    expect(parse({ leftOn: '2026-05' }).success).toBe(false);
    expect(parse({ leftHow: 'escaped' }).error?.issues[0]?.message).toBe(
      'must be one of died, returned, rehomed, other, got "escaped"',
    );
    expect(petPatchSchema('app').parse({ leftOn: null, leftHow: null })).toEqual({ leftOn: null, leftHow: null });
  });
});
