// The stock list never breaks a word: short columns (sex, age, status, price, code) stay on one
// line, and long text wraps at spaces or is shortened with an ellipsis. Read back from the PDF.
import { describe, expect, it } from 'vitest';
import { textOfPdf } from '../../helpers/paper-reading';
import { useTestCore } from '../core/test-core';
import { addAnimal } from './paper-animals';

describe('the stock list’s words', () => {
  const { open } = useTestCore();

  it('keeps Female, Available and Pending whole beside a long name, breed and price', async () => {
    const core = open({ now: () => Date.parse('2026-11-27T09:00:00Z') });
    const long = {
      species: 'Domestic guinea pig of the Peruvian kind',
      breed: 'Peruvian long-haired show guinea pig with rosettes',
      price: 99_999_999_99,
    };
    addAnimal(core, { name: 'Princess Buttercup of the Western Meadows and Hills Beyond', ...long });
    addAnimal(core, { name: 'Pendragon', status: 'pending', ...long });
    addAnimal(core, { name: 'Supercalifragilisticexpialidocious-Wigglebottom the Third', ...long });
    const text = await textOfPdf((await core.paperPdf({ kind: 'stock', environment: 'local' })).pdf);
    const words = text.split(/\s+/);
    expect(words.filter((word) => word === 'Female')).toHaveLength(3);
    expect(words.filter((word) => word === 'Available')).toHaveLength(2);
    expect(words.filter((word) => word === 'Pending')).toHaveLength(1);
    for (const word of ['Princess', 'Buttercup', 'Western', 'Meadows', 'Pendragon', 'Peruvian', 'rosettes'])
      expect(words, word).toContain(word);
    expect(text).toMatch(/Supercalifragilistic\S*…/); // a word too long for its column, shortened
    expect(text).not.toContain('Supercalifragilisticexpialidocious-Wigglebottom');
  });
});
