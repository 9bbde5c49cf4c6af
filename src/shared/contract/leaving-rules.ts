import { LEAVING_WAY_WORDS, NOT_WHILE_LEFT, type LeavingWay } from './animal-details';
import type { PetStatus } from './animal-values';
import { ApiError, type FieldProblem } from './errors';

/** What the leaving rules read of an animal: its name, status, days and how it left. */
interface LeavingFacts {
  name?: string;
  status?: PetStatus;
  bornOn?: string;
  acquiredOn?: string;
  soldOn?: string;
  leftOn?: string;
  leftHow?: LeavingWay;
}

/** What a write gave (an add, or a change as a merge patch: null removes). */
type Given = Partial<Record<keyof LeavingFacts, unknown>>;

const touches = (given: Given, ...names: Array<keyof LeavingFacts>) => names.some((name) => given[name] !== undefined);

/** "2026-05-03 (died)": when and how an animal left, in a sentence. */
const leftInWords = (leftOn: string, leftHow: LeavingWay | undefined) =>
  leftHow === undefined ? leftOn : `${leftOn} (${LEAVING_WAY_WORDS[leftHow].toLowerCase()})`;

const isNotWhileLeft = (status: PetStatus | undefined): status is (typeof NOT_WHILE_LEFT)[number] =>
  (NOT_WHILE_LEFT as readonly string[]).includes(status ?? '');

/**
 * The first leaving rule the animal after a write breaks, on the field to fix; only rules about
 * the fields the write gives are checked (an animal as a server sent it is changed as it is).
 */
function leavingProblem(after: LeavingFacts, given: Given): FieldProblem | undefined {
  const { leftOn, leftHow, status, soldOn } = after;
  const givesLeaving = touches(given, 'leftOn', 'leftHow');
  if (givesLeaving && leftOn === undefined && leftHow !== undefined) {
    const message = `must be given with how it left (${LEAVING_WAY_WORDS[leftHow].toLowerCase()}): the day it left, such as 2026-05-03; or remove both`;
    return { field: 'leftOn', message };
  }
  if (givesLeaving && leftOn !== undefined && leftHow === undefined) {
    const ways = Object.keys(LEAVING_WAY_WORDS).join(', ');
    return { field: 'leftHow', message: `must be given with the day it left (${leftOn}): ${ways}; or remove both` };
  }
  if (leftOn === undefined) return undefined;
  if (isNotWhileLeft(status) && touches(given, 'status', 'leftOn', 'leftHow', 'soldOn')) {
    if (!givesLeaving) {
      const who = after.name ?? 'This animal';
      const message = `cannot be ${status}: ${who} left the shop on ${leftInWords(leftOn, leftHow)}, and an animal that has left is neither for sale nor sold. If it has not left, remove Left on and How it left too`;
      return { field: 'status', message };
    }
    const field = given.leftOn !== undefined ? 'leftOn' : 'leftHow';
    if (status === 'sold') {
      const sold = soldOn === undefined ? '' : ` on ${soldOn}`;
      return { field, message: `cannot be given for an animal sold${sold}: it left by its sale` };
    }
    const message = `cannot be given for an available animal: one that has left is not for sale; give it no status (or pending) with it`;
    return { field, message };
  }
  if (soldOn !== undefined && touches(given, 'soldOn', 'leftOn', 'leftHow')) {
    const field = given.leftOn !== undefined ? 'leftOn' : 'soldOn';
    return { field, message: `cannot be given with a day sold and a day left: an animal leaves once, sold or not` };
  }
  return undefined;
}

/**
 * Refused (400 invalid_body, on the field to fix): a day left without how, or how without a day; an
 * animal that has left marked available or sold, or one that is either given a day left; a day sold
 * and a day left together. A day left in the future is refused by its own rule (dateSchema), one
 * before the animal was acquired or born by the day order (day-order-rules.ts).
 */
export function refuseBrokenLeaving(after: LeavingFacts, given: Given): void {
  const problem = leavingProblem(after, given);
  if (problem !== undefined) throw ApiError.fromFields('invalid_body', [problem]);
}
