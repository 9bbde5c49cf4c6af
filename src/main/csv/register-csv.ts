import { ageInWords, LEAVING_WAY_WORDS, moneyText, type NewPet } from '../../shared/contract';
import { guardCell, writeCsv } from './spreadsheet-csv';

/**
 * The register a licensed pet seller keeps (in England, The Animal Welfare (Licensing of Activities
 * Involving Animals) Regulations 2018, schedule 3, paragraph 2; Scotland adds the microchip): every
 * animal held at any time in a period, with its supplier, sex, age, date of birth or of
 * acquisition, veterinary treatment and date of sale; sold and left animals included: one that
 * died, went back to its supplier or was rehomed has how and when it left (the date of disposal).
 */
export const REGISTER_COLUMNS = [
  'id',
  'name',
  'species',
  'breed',
  'sex',
  'born_on',
  'age',
  'acquired_on',
  'supplier',
  'microchip',
  'treatment',
  'status',
  'sold_on',
  'left_on',
  'left_how',
  'price',
] as const;

/**
 * An animal of the register: one of the environment's, or one added on this computer that its
 * server does not have yet, which has no id until the server gives it one.
 */
export type RegisterAnimal = NewPet & { id?: string };

/** A period of days, both ends included (YYYY-MM-DD; text compares as dates do). */
export interface Period {
  from: string;
  to: string;
}

/** The day the animal left the shop, if one is kept: sold on, or else left on (it died, was rehomed ...). */
const goneOn = (pet: RegisterAnimal) => pet.soldOn ?? pet.leftOn;

/**
 * Whether the shop held the animal at some time in the period: taken in by its end (or on a day
 * not kept), and not sold, nor gone otherwise, before its start. An animal sold without a day kept
 * is held, as far as anyone can tell: a register leaves nothing out that it cannot rule out. So is
 * one whose day is only a month or a year (a server may send one) that the period touches:
 * "2026-03" is before 2026-03-15 as text, but the animal may have been sold on the 20th.
 */
export function heldIn(pet: RegisterAnimal, { from, to }: Period): boolean {
  const takenIn = pet.acquiredOn ?? pet.bornOn;
  if (takenIn !== undefined && takenIn > to.slice(0, takenIn.length)) return false;
  const gone = goneOn(pet);
  return gone === undefined || gone >= from.slice(0, gone.length);
}

/**
 * The age the register gives: when it left (sold or otherwise), or, for an animal still held, at
 * the period's end or today, whichever comes first (a period may run on past today).
 */
const ageAt = (pet: RegisterAnimal, { to }: Period, today: string) => {
  if (pet.bornOn === undefined) return '';
  const end = to < today ? to : today;
  const gone = goneOn(pet);
  const day = gone !== undefined && gone < end ? gone : end;
  return pet.bornOn.slice(0, day.length) > day ? '' : ageInWords(pet.bornOn, day);
};

/** One animal's row, text a spreadsheet could run kept text. */
function registerRow(pet: RegisterAnimal, period: Period, currency: string, today: string): string[] {
  const cells: Record<(typeof REGISTER_COLUMNS)[number], string | undefined> = {
    id: pet.id,
    name: pet.name,
    species: pet.species,
    breed: pet.breed,
    sex: pet.sex,
    born_on: pet.bornOn,
    age: ageAt(pet, period, today),
    acquired_on: pet.acquiredOn,
    supplier: pet.supplier,
    microchip: pet.microchip,
    treatment: pet.treatment,
    status: pet.status,
    sold_on: pet.soldOn,
    left_on: pet.leftOn,
    left_how: pet.leftHow === undefined ? undefined : LEAVING_WAY_WORDS[pet.leftHow].toLowerCase(),
    price: pet.price === undefined ? undefined : moneyText(pet.price, currency),
  };
  return REGISTER_COLUMNS.map((column) => guardCell(cells[column] ?? ''));
}

/** Animals with ids by their ids, then those waiting for one in the order given. */
function byId(a: RegisterAnimal, b: RegisterAnimal): number {
  if (a.id === undefined || b.id === undefined) return Number(a.id === undefined) - Number(b.id === undefined);
  const [x, y] = [BigInt(a.id), BigInt(b.id)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The register of `animals` for the period: those held in it, by the day they were taken in, then
 * by id (those waiting for an id last, in the order given).
 */
export function registerCsv(
  animals: readonly RegisterAnimal[],
  period: Period,
  currency: string,
  today: string,
): { csv: string; rows: number } {
  const held = animals.filter((pet) => heldIn(pet, period));
  const takenIn = (pet: RegisterAnimal) => pet.acquiredOn ?? pet.bornOn ?? '';
  held.sort((a, b) => takenIn(a).localeCompare(takenIn(b)) || byId(a, b));
  return {
    csv: writeCsv(
      REGISTER_COLUMNS,
      held.map((pet) => registerRow(pet, period, currency, today)),
    ),
    rows: held.length,
  };
}
