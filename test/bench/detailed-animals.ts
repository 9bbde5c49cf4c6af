// Every detail of the i-th animal, as a shop would have filled them in: what the details benchmarks
// (the store, the screen in Chromium, a replica) give each of their 100,000 detailed animals.
import type { Pet, PetStatus } from '../../src/shared/contract';

const KINDS: ReadonlyArray<readonly [species: string, breed: string, lowestPrice: number]> = [
  ['Dog', 'Labrador Retriever', 60_000],
  ['Dog', 'Border Collie', 55_000],
  ['Dog', 'Dachshund', 45_000],
  ['Cat', 'Maine Coon', 40_000],
  ['Cat', 'Siamese', 35_000],
  ['Rabbit', 'Holland Lop', 4_500],
  ['Rabbit', 'Netherland Dwarf', 3_500],
  ['Guinea pig', 'Abyssinian', 2_500],
  ['Bird', 'Budgerigar', 1_800],
  ['Fish', 'Goldfish', 350],
];
const SUPPLIERS = ['Greenfield Kennels', 'Hillside Cattery', 'Bunny Barn', 'Aqua World Ltd', 'Feather & Fin'];
const TREATMENTS = [
  'Ear drops twice a day until the 30th',
  'Worming tablets, second dose due next week',
  'Antibiotics for a skin infection; recheck in 10 days',
];
const NOTES = [
  'Friendly; eats twice a day.',
  'Shy with children at first. Used to other animals.',
  'House-trained. Likes long walks and a quiet corner to sleep in.',
];
// Before any day these benchmarks run: no date is after today.
const LAST_DAY = Date.UTC(2026, 10, 1);
const DAY_MS = 86_400_000;
const MANUFACTURERS = ['985', '981', '941', '826', '276'];

/** The same i, the same spread of numbers: Knuth's multiplicative hash. */
const spread = (i: number, salt: number) => (Math.imul(i + salt * 7919, 2654435761) >>> 0) / 2 ** 32;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The details of the i-th animal of `status`: a price; both sexes (a few unknown); a date of birth
 * to the day, the month or the year; a species and breed from ten; a unique valid microchip; when
 * and from whom it was acquired; notes; about one in nine of those not sold under treatment; a date sold
 * for the sold.
 */
export function animalDetails(i: number, status: PetStatus | undefined): Omit<Pet, 'id' | 'name' | 'categoryId'> {
  const [species, breed, lowestPrice] = KINDS[i % KINDS.length]!;
  const born = LAST_DAY - Math.floor(60 + spread(i, 1) * 3600) * DAY_MS;
  const acquired = Math.min(LAST_DAY, born + Math.floor(56 + spread(i, 2) * 300) * DAY_MS);
  const precision = spread(i, 3);
  return {
    ...(status === undefined ? {} : { status }),
    price: lowestPrice + Math.floor((spread(i, 4) * lowestPrice) / 50) * 50,
    sex: i % 23 === 0 ? 'unknown' : i % 2 === 0 ? 'female' : 'male',
    bornOn: precision < 0.7 ? day(born) : precision < 0.9 ? day(born).slice(0, 7) : day(born).slice(0, 4),
    species,
    breed,
    microchip: `${MANUFACTURERS[i % MANUFACTURERS.length]}${String(i).padStart(12, '0')}`,
    acquiredOn: day(acquired),
    supplier: SUPPLIERS[i % SUPPLIERS.length]!,
    ...(status !== 'sold' && spread(i, 5) < 0.11 ? { treatment: TREATMENTS[i % TREATMENTS.length]! } : {}),
    ...(status === 'sold' ? { soldOn: day(Math.min(LAST_DAY, acquired + 30 * DAY_MS)) } : {}),
    notes: NOTES[i % NOTES.length]!,
  };
}
