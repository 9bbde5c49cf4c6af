import { describe, expect, it } from 'vitest';
import {
  columnsOffered,
  DEFAULT_COLUMNS,
  DETAIL_COLUMNS,
  GIVE_WAY_ORDER,
  useChosenColumns,
  type TextColumn,
} from '../../src/renderer/src/list-columns';
import { personFieldsTakenBy, type Pet } from '../../src/shared/contract';

const cell = (id: string, pet: Partial<Pet>, currency = 'GBP') =>
  (DETAIL_COLUMNS.find((column) => column.id === id) as TextColumn).cell(
    { id: '1', name: 'Rex', categoryId: '1', ...pet },
    {
      currency,
      locale: 'en-GB',
      today: '2026-11-25',
    },
  );

describe('the list’s detail columns', () => {
  it('are offered only where the environment takes their fields, the photo everywhere; price and age at first', () => {
    expect(columnsOffered('local').map((column) => column.id)).toEqual([
      'photo',
      'price',
      'age',
      'sex',
      'breed',
      'microchip',
    ]);
    for (const server of ['production', 'staging'] as const) {
      const offered = columnsOffered(server).map((column) => column.id);
      expect(offered).toContain('photo');
      for (const column of DETAIL_COLUMNS)
        if (column.kind === 'text')
          expect(offered.includes(column.id)).toBe(personFieldsTakenBy(server).includes(column.field));
    }
    expect(useChosenColumns.getState().chosen).toEqual(DEFAULT_COLUMNS);
  });

  it('give way where the list has no room, each chosen one in an order of its own', () => {
    expect([...GIVE_WAY_ORDER].sort()).toEqual(DETAIL_COLUMNS.map((column) => column.id).sort());
  });

  it('say a price in the currency and the locale, an age in words with the birth date on hover', () => {
    expect(cell('price', { price: 123456 })).toEqual({ text: '£1,234.56' });
    expect(cell('price', { price: 1250 }, 'JPY')).toEqual({ text: 'JP¥1,250' }); // en-GB names the yen apart from the yuan;
    expect(cell('age', { bornOn: '2026-05' })).toEqual({ text: 'about 6 months', title: 'Born May 2026' });
    expect(cell('age', {})).toEqual({ text: '' });
    expect(cell('sex', { sex: 'unknown' })).toEqual({ text: 'Unknown' });
  });
});
