// Labels (a 62 mm tape and a 3 × 8 A4 sticker sheet) and the stock list through the core: each
// label's codes decoded back to its animal; the stock list holds the animals in stock and no other.
import { describe, expect, it } from 'vitest';
import { idFromLabelCode } from '../../../src/shared/contract';
import { codesInPdf, pagesOfPdf, textOfPdf } from '../../helpers/paper-reading';
import { useTestCore } from '../core/test-core';
import { addAnimal } from './paper-animals';

describe('labels and the stock list', () => {
  const { open } = useTestCore();

  it('prints one label a page on 62 mm tape, each code its animal', async () => {
    const core = open();
    const pets = ['Nemo', 'Dory 🐟'].map((name) => addAnimal(core, { name }));
    const { pdf } = await core.paperPdf({
      kind: 'labels',
      environment: 'local',
      animals: { ids: pets.map((pet) => pet.id) },
      layout: '62mm',
    });
    const { pages, size } = await pagesOfPdf(pdf);
    expect(pages).toBe(2);
    expect(size).toMatch(/^175\.\d+ x 82\.\d+ pts/); // 62 × 29 mm
    const reads = await codesInPdf(pdf, 300);
    for (const [index, pet] of pets.entries()) {
      const onPage = reads.filter((read) => read.page === index + 1);
      expect(onPage.map((read) => read.format).sort()).toEqual(['Code128', 'QRCode']);
      expect(onPage.map((read) => idFromLabelCode(read.text))).toEqual([pet.id, pet.id]);
    }
  });

  it('fills an A4 sheet with 24 stickers and starts the next, every code read back', async () => {
    const core = open();
    const pets = Array.from({ length: 26 }, (_, index) => addAnimal(core, { name: `Guppy ${index + 1}` }));
    const { pdf } = await core.paperPdf({
      kind: 'labels',
      environment: 'local',
      animals: { view: { search: 'guppy', sort: 'oldest' } },
      layout: 'a4-3x8',
    });
    expect(await pagesOfPdf(pdf)).toEqual({ pages: 2, size: expect.stringContaining('(A4)') });
    const reads = await codesInPdf(pdf, 300);
    const ids = pets.map((pet) => pet.id).sort();
    const read = (format: string) =>
      [...new Set(reads.filter((r) => r.format === format).map((r) => idFromLabelCode(r.text)))].sort();
    expect(read('QRCode')).toEqual(ids);
    expect(read('Code128')).toEqual(ids);
    expect(reads.filter((r) => r.page === 1 && r.format === 'QRCode')).toHaveLength(24);
  });

  it('lists the animals in stock by name, with their codes, and none sold or gone', async () => {
    const core = open({ now: () => Date.parse('2026-11-27T09:00:00Z') });
    core.setCurrency({ environment: 'local', currency: 'EUR' });
    const inStock = [
      addAnimal(core, { name: 'Basil', price: 1_999 }),
      addAnimal(core, { name: 'Anise', status: 'pending' }),
    ];
    addAnimal(core, { name: 'Gone Gus', status: 'sold' });
    addAnimal(core, { name: 'Left Lou', status: undefined, leftOn: '2026-11-01', leftHow: 'rehomed' });
    const { pdf, animals } = await core.paperPdf({ kind: 'stock', environment: 'local' });
    expect(animals).toBe(2);
    const text = await textOfPdf(pdf);
    expect(text).toContain('Stock in local');
    expect(text).toContain('2 animals on 27 November 2026');
    expect(text.indexOf('Anise')).toBeLessThan(text.indexOf('Basil'));
    for (const pet of inStock) expect(text).toContain(`PSD-${pet.id}`);
    expect(text).toMatch(/€19\.99|19,99/);
    expect(text).not.toContain('Gone Gus');
    expect(text).not.toContain('Left Lou');
    expect(text).toMatch(/1\s*\/\s*1/); // the page's number, of how many
  });
});
