// Property-based: any animals, with any of their details, exported to CSV and imported into an
// empty store come back the same: money exact in the environment's currency (none, two or three
// decimals), every sex, dates to the day, the month or the year, microchips as a reader shows
// them, how and when an animal left, and text with commas, quotes, formula signs, line breaks and characters beyond ASCII.
// Real cores over real SQLite files, a fresh pair for each run.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { openPetstoreCore, type PetstoreCore } from '../../../src/main/core/petstore-core';
import { createKeychain } from '../../../src/main/secrets/keychain';
import {
  ANIMAL_FIELDS,
  INT64_MAX,
  INT64_MIN,
  LEAVING_WAYS,
  microchipProblem,
  PET_STATUSES,
  PRICE_MAX_MINOR,
  SEXES,
  type NewPet,
  type PersonFieldName,
} from '../../../src/shared/contract';
import { useTempDir } from '../../helpers/temp-dir';

const tempDir = useTempDir();

/** Only what a person could give the field: the field's own rules decide (they trim, so the store's copy is compared). */
const accepted = (name: PersonFieldName) => (text: string) => ANIMAL_FIELDS[name].accept('app').safeParse(text).success;

// Pieces of text a spreadsheet or a CSV reader could trip on: separators, quotes, formula signs
// (full-width too), a mark of ours, letters beyond ASCII, an emoji.
const PIECES = [
  'a',
  'Rex',
  'é',
  'ß',
  'Ünï',
  '日本',
  '🐹',
  ' ',
  ',',
  '"',
  "'",
  '=',
  '+',
  '-',
  '@',
  ';',
  '|',
  '＝',
  '1',
  '.',
];
const textOf = (name: PersonFieldName, { lines = false, most = 12 } = {}) =>
  fc
    .array(fc.constantFrom(...PIECES, ...(lines ? ['\n', '\r\n', '\n=1+1'] : [])), { minLength: 1, maxLength: most })
    .map((pieces) => pieces.join(''))
    .filter(accepted(name));

const DAY_MS = 86_400_000;
/** A day from the earliest the app takes to two days ago (never after today, in any time zone). */
const day = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date(Date.now() - 2 * DAY_MS), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const anyPrecision = fc.oneof(
  day,
  day.map((text) => text.slice(0, 7)),
  day.map((text) => text.slice(0, 4)),
);

/** A real microchip number, as a reader may show it: 15 digits, or in groups. */
const microchip = fc
  .tuple(fc.integer({ min: 1, max: 998 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 12 }))
  .map(([code, digits]) => `${String(code).padStart(3, '0')}${digits.join('')}`)
  .filter((number) => microchipProblem(number) === null)
  .chain((number) =>
    fc.constantFrom(
      number,
      number.replace(/^(\d{3})(\d{3})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4 $5'),
      `${number.slice(0, 3)}-${number.slice(3)}`,
    ),
  );

const price = fc.oneof(
  fc.constantFrom(0, 1, 5, 10, 99, 100, 1250, 123_456, PRICE_MAX_MINOR),
  fc.integer({ min: 0, max: PRICE_MAX_MINOR }),
);
const categoryId = fc.oneof(
  fc.constantFrom('0', '1', '2', String(INT64_MAX), String(INT64_MIN)),
  fc.bigInt({ min: INT64_MIN, max: INT64_MAX }).map(String),
);

const animal: fc.Arbitrary<NewPet> = fc
  .record(
    {
      name: textOf('name', { most: 20 }),
      categoryId,
      status: fc.constantFrom(...PET_STATUSES),
      price,
      sex: fc.constantFrom(...SEXES),
      bornOn: anyPrecision,
      species: textOf('species'),
      breed: textOf('breed'),
      microchip,
      acquiredOn: day,
      supplier: textOf('supplier'),
      treatment: textOf('treatment', { lines: true }),
      soldOn: day,
      left: fc.record({ leftOn: day, leftHow: fc.constantFrom(...LEAVING_WAYS) }),
      notes: textOf('notes', { lines: true, most: 30 }),
    },
    { requiredKeys: ['name', 'categoryId'] },
  )
  // The store's rules across fields: its days in order (born, acquired, then sold or left); a date
  // sold only for a sold animal, and none sold under treatment; how and when it left together,
  // only for one neither for sale nor sold.
  .map(({ soldOn, treatment, left, acquiredOn, ...pet }) => {
    const bornFrom = `${pet.bornOn ?? ''}-01-01`.slice(0, 10); // a birth known to the year starts on its first day
    const acquired = acquiredOn !== undefined && acquiredOn >= bornFrom ? acquiredOn : undefined;
    const inOrder = (day: string): boolean => day >= bornFrom && day >= (acquired ?? '');
    return {
      ...pet,
      ...(acquired === undefined ? {} : { acquiredOn: acquired }),
      ...(pet.status === 'sold'
        ? soldOn === undefined || !inOrder(soldOn)
          ? {}
          : { soldOn }
        : treatment === undefined
          ? {}
          : { treatment }),
      ...(left !== undefined && (pet.status === undefined || pet.status === 'pending') && inOrder(left.leftOn)
        ? left
        : {}),
    };
  });

/** A microchip number belongs to one animal: the animals of a run have different ones. */
const animals = fc.uniqueArray(animal, {
  minLength: 1,
  maxLength: 8,
  selector: (pet) => pet.microchip?.replace(/\D/g, '') ?? Symbol('no microchip'),
});

/** Every animal of the local store, oldest first, without what the store gave it (its id). */
function everyAnimal(core: PetstoreCore) {
  return core
    .animals('local', { sort: 'oldest', limit: 500 })
    .rows.flatMap((row) => (row.kind === 'pet' ? [row.pet] : []))
    .map(({ id: _id, ...pet }) => pet);
}

// Every sex, each precision of a date, and every kind of text at least once, whatever is generated.
const EVERY_DETAIL: NewPet[] = [
  {
    name: '=Rex, "the" ; dog',
    categoryId: String(INT64_MAX),
    status: 'sold',
    price: 1250,
    sex: 'female',
    bornOn: '2019-02-28',
    species: 'Dog',
    breed: 'Beagle, "show" line',
    microchip: '985 112 345 678 903',
    acquiredOn: '2020-01-31',
    supplier: 'Müller & Söhne 🐶',
    soldOn: '2024-12-31',
    notes: 'Line one,\r\n=SUM(A1)\n"quoted" \'kept\'',
  },
  { name: 'Mia', categoryId: '0', status: 'available', sex: 'male', bornOn: '2021-06', price: 0 },
  { name: 'Kit', categoryId: String(INT64_MIN), sex: 'unknown', bornOn: '2022', treatment: 'Drops\n-twice a day' },
  {
    name: 'Goldie',
    categoryId: '4',
    bornOn: '2023-05',
    acquiredOn: '2023-06-01',
    leftOn: '2024-02-29',
    leftHow: 'died',
  },
  { name: 'Nibbles', categoryId: '5', status: 'pending', leftOn: '2024-03-01', leftHow: 'returned' },
];

it('any animals with any details, exported to CSV and imported into an empty store, come back the same', async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.constantFrom('USD', 'EUR', 'JPY', 'KWD'), animals, async (currency, given) => {
      run++;
      const [source, target] = ['source', 'target'].map((side) =>
        openPetstoreCore({
          dataDir: join(tempDir(), `run-${run}`, side),
          env: {},
          keychain: createKeychain(`Petstore Desk test ${randomUUID()}`),
        }),
      ) as [PetstoreCore, PetstoreCore];
      try {
        for (const core of [source, target]) core.setCurrency({ environment: 'local', currency });
        source.nameCategory('local', { categoryId: '2', name: 'Cats, "small" =1' });
        // The same name twice in a category is added all the same, as a person answering yes would.
        for (const pet of given) source.addPet('local', pet, { anyway: true });

        const { csv, rows } = source.exportAnimals('local', { sort: 'oldest' });
        expect(rows).toBe(given.length);
        const preview = target.previewImport('local', 'animals.csv', csv);
        expect(preview.rows.filter((row) => row.state === 'invalid')).toEqual([]);
        // The same name twice in a category asks first, as the form would: yes to every one.
        await target.importAnimals('local', preview.importId, { lookAlikesToo: true });
        expect(everyAnimal(target)).toEqual(everyAnimal(source));
      } finally {
        await Promise.all([source.close(), target.close()]);
      }
    }),
    {
      numRuns: 60,
      examples: [
        ['JPY', EVERY_DETAIL],
        ['KWD', EVERY_DETAIL],
        ['USD', EVERY_DETAIL],
      ],
    },
  );
});
