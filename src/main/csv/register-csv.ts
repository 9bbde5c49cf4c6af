import { ageInWords, moneyText, type Pet } from '../../shared/contract';
import { guardCell, writeCsv } from './spreadsheet-csv';

/**
 * The register a licensed pet seller keeps (in England, The Animal Welfare (Licensing of Activities
 * Involving Animals) Regulations 2018, schedule 3, paragraph 2; Scotland adds the microchip): every
 * animal held at any time in a period, with its supplier, sex, age, date of birth or of
 * acquisition, veterinary treatment and date of sale; sold animals included.
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
  'price',
] as const;

/** A period of days, both ends included (YYYY-MM-DD; text compares as dates do). */
export interface Period {
  from: string;
  to: string;
}

/**
 * Whether the shop held the animal at some time in the period: taken in by its end (or on a day
 * not kept), and not sold before its start. An animal sold without a day kept is held, as far as
 * anyone can tell: a register leaves nothing out that it cannot rule out.
 */
export function heldIn(pet: Pet, { from, to }: Period): boolean {
  const takenIn = pet.acquiredOn ?? pet.bornOn;
  if (takenIn !== undefined && takenIn.slice(0, to.length) > to) return false;
  return pet.soldOn === undefined || pet.soldOn >= from;
}

/** The age the register gives: at the sale, or at the period's end for an animal still held. */
const ageAt = (pet: Pet, { to }: Period) => {
  if (pet.bornOn === undefined) return '';
  const day = pet.soldOn !== undefined && pet.soldOn < to ? pet.soldOn : to;
  return pet.bornOn.slice(0, day.length) > day ? '' : ageInWords(pet.bornOn, day);
};

/** One animal's row, text a spreadsheet could run kept text. */
function registerRow(pet: Pet, period: Period, currency: string): string[] {
  const cells: Record<(typeof REGISTER_COLUMNS)[number], string | undefined> = {
    id: pet.id,
    name: pet.name,
    species: pet.species,
    breed: pet.breed,
    sex: pet.sex,
    born_on: pet.bornOn,
    age: ageAt(pet, period),
    acquired_on: pet.acquiredOn,
    supplier: pet.supplier,
    microchip: pet.microchip,
    treatment: pet.treatment,
    status: pet.status,
    sold_on: pet.soldOn,
    price: pet.price === undefined ? undefined : moneyText(pet.price, currency),
  };
  return REGISTER_COLUMNS.map((column) => guardCell(cells[column] ?? ''));
}

/** The register of `animals` for the period: those held in it, by the day they were taken in, then id. */
export function registerCsv(animals: readonly Pet[], period: Period, currency: string): { csv: string; rows: number } {
  const held = animals.filter((pet) => heldIn(pet, period));
  const takenIn = (pet: Pet) => pet.acquiredOn ?? pet.bornOn ?? '';
  held.sort((a, b) => takenIn(a).localeCompare(takenIn(b)) || (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  return {
    csv: writeCsv(
      REGISTER_COLUMNS,
      held.map((pet) => registerRow(pet, period, currency)),
    ),
    rows: held.length,
  };
}
