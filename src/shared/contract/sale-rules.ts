import { ApiError } from './errors';
import type { PetStatus } from './animal-values';

/** What the sale rules read of an animal: its name, status, treatment and date sold. */
interface SaleFacts {
  name?: string;
  status?: PetStatus;
  treatment?: string;
  soldOn?: string;
}

/** What a write gave (an add, or a change as a merge patch: null removes). */
type Given = Partial<Record<keyof SaleFacts, unknown>>;

const quoted = (text: string) => `"${text.length > 60 ? `${text.slice(0, 59)}…` : text}"`;

/**
 * The animal after a write (`before` is undefined for an add), with its date sold kept with its
 * status: a change's sale is today unless the write gives a day; an animal that is not sold has none. Refused: a date sold given for an animal the write leaves unsold, and a sale, or a
 * treatment of a sold animal, while it is under veterinary treatment.
 */
export function settleSale<A extends SaleFacts>(
  before: SaleFacts | undefined,
  after: A,
  given: Given,
  today: string,
): A {
  const settled = { ...after };
  if (settled.status !== 'sold') {
    if (given.soldOn !== undefined && given.soldOn !== null) {
      throw ApiError.fromFields('invalid_body', [
        {
          field: 'soldOn',
          message: `can only be given for a sold animal: set status to sold with it, or leave it out`,
        },
      ]);
    }
    delete settled.soldOn;
    return settled;
  }
  // A change that sells the animal sells it today. An animal added as sold was sold on a day the
  // add may give (a seed client's add gets nothing it did not send); one sold before dates sold
  // were kept keeps none: its sale was not today.
  if (settled.soldOn === undefined && before !== undefined && before.status !== 'sold') settled.soldOn = today;
  // A treatment given to an animal sold before this write: it is not the shop's to treat.
  if (
    settled.treatment !== undefined &&
    given.treatment !== undefined &&
    before?.status === 'sold' &&
    given.status === undefined
  ) {
    const sold = settled.soldOn === undefined ? '' : ` on ${settled.soldOn}`;
    throw ApiError.fromFields('invalid_body', [
      { field: 'treatment', message: `cannot be given to an animal sold${sold}: it is no longer the shop's to treat` },
    ]);
  }
  const touchesSale = given.status !== undefined || given.treatment !== undefined;
  if (settled.treatment !== undefined && touchesSale) {
    const who = settled.name === undefined ? 'This animal' : settled.name;
    const message = `${who} is under veterinary treatment (${quoted(settled.treatment)}): an animal under treatment cannot be sold. When the treatment is over, empty its Treatment, then mark it sold.`;
    throw new ApiError('under_treatment', message, [
      { field: 'status', message: `cannot be sold while under treatment` },
    ]);
  }
  return settled;
}
