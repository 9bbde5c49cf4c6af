import { describe, expect, it } from 'vitest';
import { columnsOffered, DEFAULT_COLUMNS, DETAIL_COLUMNS, useChosenColumns } from '../../src/renderer/src/list-columns';
import type { Pet } from '../../src/shared/contract';

const cell = (id: string, pet: Partial<Pet>, currency = 'GBP') =>
  DETAIL_COLUMNS.find((column) => column.id === id)!.cell(
    { id: '1', name: 'Rex', categoryId: '1', ...pet },
    {
      currency,
      locale: 'en-GB',
      today: '2026-11-25',
    },
  );

describe('the list’s detail columns', () => {
  it('are offered only where the environment takes their fields, price and age at first', () => {
    expect(columnsOffered('local').map((column) => column.id)).toEqual(['price', 'age', 'sex', 'breed', 'microchip']);
    expect(columnsOffered('production')).toEqual([]);
    expect(useChosenColumns.getState().chosen).toEqual(DEFAULT_COLUMNS);
  });

  it('say a price in the currency and the locale, an age in words with the birth date on hover', () => {
    expect(cell('price', { price: 123456 })).toEqual({ text: '£1,234.56' });
    expect(cell('price', { price: 1250 }, 'JPY')).toEqual({ text: 'JP¥1,250' }); // en-GB names the yen apart from the yuan;
    expect(cell('age', { bornOn: '2026-05' })).toEqual({ text: 'about 6 months', title: 'Born May 2026' });
    expect(cell('age', {})).toEqual({ text: '' });
    expect(cell('sex', { sex: 'unknown' })).toEqual({ text: 'Unknown' });
  });
});
