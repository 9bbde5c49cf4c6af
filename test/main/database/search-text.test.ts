// An animal's text as search sees it: ASCII takes a shorter road (lower case alone), which must
// fold every ASCII text exactly as the whole road (compatibility forms, marks, ß) would.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchText } from '../../../src/main/database/search-text';

const wholeRoad = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .normalize('NFC');

describe('search text', () => {
  it('folds any ASCII text as the whole road does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii' }), (text) => {
        expect(searchText(text)).toBe(wholeRoad(text));
      }),
    );
  });

  it('still folds what is not ASCII: marks, compatibility forms, ß', () => {
    expect(searchText('Café ÖZIL')).toBe('cafe ozil');
    expect(searchText('ﬁsh Ｆｉｓｈ')).toBe('fish fish');
    expect(searchText('Straße')).toBe('strasse');
    expect(searchText('Cafe\u0301')).toBe('cafe');
  });
});
