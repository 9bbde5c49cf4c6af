import { ANIMAL_FIELDS, type AnimalFieldName } from './animal-fields';
import { ApiError, type FieldProblem } from './errors';
import type { PersonField } from './field-facts';

/** Each pair of the animal's days that must come in order, from the fields' own `day` declarations. */
const DAYS_IN_ORDER = Object.entries(ANIMAL_FIELDS).flatMap(([later, field]) =>
  ((field as PersonField).day?.notBefore ?? []).map((earlier) => ({
    earlier: earlier as AnimalFieldName,
    later: later as AnimalFieldName,
  })),
);

const eventOf = (name: AnimalFieldName) => (ANIMAL_FIELDS[name] as PersonField).day?.event ?? name;

/**
 * The first pair of days out of order in the animal after a write (acquired before it was born,
 * sold or left before it was acquired), on the field the write gave; only pairs the write touches
 * are checked, so an animal as a server sent it is changed as it is. A date known to the month or
 * the year starts on its first day: an animal born in 2026-05 may be acquired on 2026-05-01.
 */
function dayOrderProblem(after: Record<string, unknown>, given: Record<string, unknown>): FieldProblem | undefined {
  for (const { earlier, later } of DAYS_IN_ORDER) {
    if (given[earlier] === undefined && given[later] === undefined) continue;
    const first = after[earlier];
    const then = after[later];
    if (typeof first !== 'string' || typeof then !== 'string' || then.slice(0, first.length) >= first) continue;
    return given[later] !== undefined
      ? { field: later, message: `must not be before ${eventOf(earlier)} (${first})` }
      : { field: earlier, message: `must not be after ${eventOf(later)} (${then})` };
  }
  return undefined;
}

/** Refused (400 invalid_body, on the field to fix): two of the animal's days out of order. */
export function refuseDaysOutOfOrder(after: object, given: object): void {
  const problem = dayOrderProblem(after as Record<string, unknown>, given as Record<string, unknown>);
  if (problem !== undefined) throw ApiError.fromFields('invalid_body', [problem]);
}
