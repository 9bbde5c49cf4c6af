// The shop's register of a period, through the core and the IPC router as the window calls it:
// every animal held at some time in the period (sold ones included, those that left otherwise until
// the day they left, those whose days are not kept too), none gone before it or taken in after it,
// money exact in the environment's currency, adds still waiting for a server included; a period
// that is not two days in order refused on its field before any file is asked for. Real SQLite files.
import { describe, expect, it } from 'vitest';
import type { PetstoreCore } from '../../../src/main/core/petstore-core';
import { heldIn, REGISTER_COLUMNS } from '../../../src/main/csv/register-csv';
import { readCsv } from '../../../src/main/csv/spreadsheet-csv';
import { createIpcRouter } from '../../../src/main/ipc/router';
import { ageInWords, localToday, PRICE_MAX_MINOR, type NewPet } from '../../../src/shared/contract';
import { addDays } from '../../../src/shared/contract/week-at-a-glance';
import { itWithKeyring } from '../../helpers/keyring';
import { freePort } from '../../helpers/processes';
import { useTestCore } from './test-core';

const FIRST_HALF_OF_2025 = { from: '2025-01-01', to: '2025-06-30' };

/** The register's rows as records of its columns, by name. */
function rowsOf(csv: string): Array<Record<(typeof REGISTER_COLUMNS)[number], string>> {
  const [header, ...rows] = readCsv(csv).map((record) => record.cells);
  expect(header).toEqual([...REGISTER_COLUMNS]);
  return rows.map((cells) => Object.fromEntries(REGISTER_COLUMNS.map((column, i) => [column, cells[i]!])) as never);
}

describe('the register of a period', () => {
  const { open } = useTestCore();
  /** A core whose save dialog is answered with a path, keeping what was saved. */
  function openSaving() {
    const saved: Array<{ suggestedName: string; contents: string }> = [];
    const core = open({
      saveFile: async (suggestedName, contents) => {
        saved.push({ suggestedName, contents });
        return `/chosen/${suggestedName}`;
      },
    });
    return { core, saved };
  }
  const add = (core: PetstoreCore, pet: NewPet) => {
    const added = core.addPet('local', pet, { anyway: true });
    if (!('pet' in added)) throw new Error('the local store adds at once');
    return added.pet;
  };

  it('holds every animal held in the period, sold ones too, by the day taken in; money exact in the currency', async () => {
    const { core, saved } = openSaving();
    core.setCurrency({ environment: 'local', currency: 'BHD' }); // three decimals
    const soldWithin = add(core, {
      name: 'Sold in March',
      categoryId: '1',
      status: 'sold',
      species: 'Dog',
      bornOn: '2024-09-01',
      acquiredOn: '2024-11-02',
      supplier: 'Hillside Kennels',
      soldOn: '2025-03-15',
      price: 1_234_567,
    });
    add(core, { name: 'Sold before', categoryId: '1', status: 'sold', acquiredOn: '2024-05-01', soldOn: '2024-12-31' });
    add(core, { name: 'Acquired after', categoryId: '1', status: 'available', acquiredOn: '2025-07-01' });
    add(core, { name: 'Born after', categoryId: '1', status: 'available', bornOn: '2025-07' });
    const unknownDays = add(core, { name: 'Days not kept', categoryId: '1', status: 'sold' });
    const soldOnFirstDay = add(core, {
      name: 'Sold on the first day',
      categoryId: '1',
      status: 'sold',
      acquiredOn: '2024-12-24',
      soldOn: '2025-01-01',
      price: PRICE_MAX_MINOR,
    });
    const takenInOnLastDay = add(core, {
      name: 'Taken in on the last day',
      categoryId: '1',
      status: 'available',
      bornOn: '2025',
      acquiredOn: '2025-06-30',
      price: 5,
    });
    const soldAfter = add(core, {
      name: 'Sold after',
      categoryId: '1',
      status: 'sold',
      bornOn: '2023-06',
      acquiredOn: '2024-12-01',
      soldOn: '2025-08-01',
    });

    const router = createIpcRouter(core);
    const outcome = await router.dispatch('exportRegisterToFile', { environment: 'local', ...FIRST_HALF_OF_2025 });
    expect(outcome).toEqual({
      ok: true,
      value: { rows: 5, path: '/chosen/register-local-2025-01-01-to-2025-06-30.csv' },
    });
    expect(saved).toHaveLength(1);
    const rows = rowsOf(saved[0]!.contents);
    // By the day taken in (a day not kept first), then by id.
    expect(rows.map((row) => row.name)).toEqual([
      'Days not kept',
      'Sold in March',
      'Sold after',
      'Sold on the first day',
      'Taken in on the last day',
    ]);
    expect(rows.map((row) => row.id)).toEqual(
      [unknownDays, soldWithin, soldAfter, soldOnFirstDay, takenInOnLastDay].map((pet) => pet.id),
    );
    expect(rows[1]).toEqual({
      id: soldWithin.id,
      name: 'Sold in March',
      species: 'Dog',
      breed: '',
      sex: '',
      born_on: '2024-09-01',
      age: '6 months', // at the sale
      acquired_on: '2024-11-02',
      supplier: 'Hillside Kennels',
      microchip: '',
      treatment: '',
      status: 'sold',
      sold_on: '2025-03-15',
      left_on: '',
      left_how: '',
      price: '1234.567',
    });
    expect(rows[0]).toMatchObject({ status: 'sold', sold_on: '', acquired_on: '', born_on: '', age: '' });
    expect(rows[2]).toMatchObject({ sold_on: '2025-08-01', age: 'about 2 years' }); // still held at the period's end
    expect(rows[3]).toMatchObject({ sold_on: '2025-01-01', price: '1000000000.000' });
    expect(rows[4]).toMatchObject({ price: '0.005', age: 'under a year' });
    // The CLI's road: the same register, as text.
    expect(core.register('local', FIRST_HALF_OF_2025.from, FIRST_HALF_OF_2025.to)).toEqual({
      csv: saved[0]!.contents,
      rows: 5,
    });
  });

  it('holds an animal that died until the day it left, with how and when, and not in a period after it', () => {
    const { core } = openSaving();
    const died = add(core, {
      name: 'Goldie',
      categoryId: '4',
      species: 'Goldfish',
      bornOn: '2024-10',
      acquiredOn: '2024-12-01',
      supplier: 'Aqua Supplies',
      leftOn: '2025-03-10',
      leftHow: 'died',
    });
    const returned = add(core, {
      name: 'Nibbles',
      categoryId: '5',
      status: 'pending',
      acquiredOn: '2025-06-30',
      leftOn: '2025-07-02',
      leftHow: 'returned',
    });
    const [goldie, nibbles] = rowsOf(core.register('local', FIRST_HALF_OF_2025.from, FIRST_HALF_OF_2025.to).csv);
    expect(goldie).toEqual({
      id: died.id,
      name: 'Goldie',
      species: 'Goldfish',
      breed: '',
      sex: '',
      born_on: '2024-10',
      age: 'about 5 months', // when it left (born in a month)
      acquired_on: '2024-12-01',
      supplier: 'Aqua Supplies',
      microchip: '',
      treatment: '',
      status: '',
      sold_on: '',
      left_on: '2025-03-10',
      left_how: 'died',
      price: '',
    });
    expect(nibbles).toMatchObject({ id: returned.id, left_on: '2025-07-02', left_how: 'returned to its supplier' });
    // Held on the day it left, and not after it.
    expect(rowsOf(core.register('local', '2025-03-10', '2025-12-31').csv).map((row) => row.name)).toEqual([
      'Goldie',
      'Nibbles',
    ]);
    expect(rowsOf(core.register('local', '2025-03-11', '2025-12-31').csv).map((row) => row.name)).toEqual(['Nibbles']);
    expect(core.register('local', '2025-07-03', '2025-12-31').rows).toBe(0);
  });

  it('gives an animal still held its age today, not at the end of a period that runs on past today', () => {
    const { core } = openSaving();
    const today = localToday();
    const bornOn = addDays(today, -100);
    add(core, { name: 'Pip', categoryId: '1', status: 'available', bornOn, acquiredOn: bornOn });
    const to = `${Number(today.slice(0, 4)) + 1}-12-31`;
    const [pip] = rowsOf(core.register('local', today, to).csv);
    expect(ageInWords(bornOn, to)).not.toBe(ageInWords(bornOn, today)); // the two ages differ
    expect(pip).toMatchObject({ name: 'Pip', age: ageInWords(bornOn, today) });
  });

  it('a period that is not two days in order is refused on its field, and no file is asked for', async () => {
    const { core, saved } = openSaving();
    const router = createIpcRouter(core);
    const dispatch = (from: unknown, to: unknown) =>
      router.dispatch('exportRegisterToFile', { environment: 'local', from, to });
    expect(await dispatch('2025-06-30', '2025-01-01')).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'invalid_parameter',
        fields: [
          {
            field: 'from',
            message: 'must not be after to (2025-01-01): the period runs from one day to a later one',
          },
        ],
      }),
    });
    expect(await dispatch('2025-02-30', '2025-03')).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_parameter',
        fields: [
          { field: 'from', message: expect.stringMatching(/^must be a real date/) },
          // Its example is a day a person would write: today.
          { field: 'to', message: `must be a date like ${localToday()}, got "2025-03"` },
        ],
      },
    });
    expect(await dispatch(20250101, '2025-03-01')).toMatchObject({
      ok: false,
      error: { code: 'invalid_parameter', fields: [{ field: 'from' }] },
    });
    expect(saved).toEqual([]);
    // One day is a period; one on past today too (a month's, asked for on its first day).
    expect(await dispatch('2025-01-01', '2025-01-01')).toMatchObject({ ok: true, value: { rows: 0 } });
    expect(await dispatch('2025-01-01', '9999-12-31')).toMatchObject({ ok: true, value: { rows: 0 } });
  });

  it('leaves in an animal whose day sold or left, sent by a server, is only a month or a year the period touches', () => {
    const period = { from: '2025-03-15', to: '2025-06-30' };
    const animal = { name: 'Rex', categoryId: '1', status: 'sold' as const };
    expect(heldIn({ ...animal, soldOn: '2025-03' }, period)).toBe(true);
    expect(heldIn({ ...animal, soldOn: '2025' }, period)).toBe(true);
    expect(heldIn({ ...animal, soldOn: '2025-02' }, period)).toBe(false);
    expect(heldIn({ ...animal, soldOn: '2024' }, period)).toBe(false);
    expect(heldIn({ ...animal, acquiredOn: '2025-06' }, period)).toBe(true);
    expect(heldIn({ ...animal, acquiredOn: '2025-07' }, period)).toBe(false);
    const left = { name: 'Goldie', categoryId: '1', leftHow: 'died' as const };
    expect(heldIn({ ...left, leftOn: '2025-03' }, period)).toBe(true);
    expect(heldIn({ ...left, leftOn: '2025-03-14' }, period)).toBe(false);
  });

  itWithKeyring('for a server, holds the adds made here that it does not have yet, with no id yet', async () => {
    const { core, saved } = openSaving();
    await core.setBaseUrl('staging', `http://127.0.0.1:${await freePort()}/v1`); // nothing listens there
    core.setCurrency({ environment: 'staging', currency: 'JPY' }); // no decimals
    const waiting = core.addPet('staging', {
      name: 'Waiting Bubbles',
      categoryId: '2',
      status: 'available',
      acquiredOn: '2025-02-03',
      price: 1500,
    });
    expect(waiting).toHaveProperty('entry');
    core.addPet('staging', { name: 'Waiting, taken in later', categoryId: '2', acquiredOn: '2025-07-01' });
    expect(await core.exportRegisterToFile('staging', FIRST_HALF_OF_2025.from, FIRST_HALF_OF_2025.to)).toEqual({
      rows: 1,
      path: '/chosen/register-staging-2025-01-01-to-2025-06-30.csv',
    });
    expect(rowsOf(saved[0]!.contents)).toEqual([
      expect.objectContaining({ id: '', name: 'Waiting Bubbles', acquired_on: '2025-02-03', price: '1500' }),
    ]);
  });
});
