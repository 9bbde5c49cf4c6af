// Every layout printed with names in every script, drawn as a printer would (pdftoppm), each
// picture's codes read back, and the first page of each (every page of the four-up cards) kept in
// docs/screenshots/ for docs/paper.md.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { idFromLabelCode, type PaperRequest } from '../../../src/shared/contract';
import { codesInPdf, pdfToPngs } from '../../helpers/paper-reading';
import { photoLikeJpeg } from '../photos/photo-fixtures';
import { useTestCore } from '../core/test-core';
import { addAnimal, NAMES_IN_EVERY_SCRIPT } from './paper-animals';

const SCREENSHOTS = join(import.meta.dirname, '../../../docs/screenshots');

describe('paper as printed', () => {
  const { open } = useTestCore();

  it('draws every layout with every script, each code its animal, and keeps a picture of each', async () => {
    const core = open({ now: () => Date.parse('2026-11-27T09:00:00Z') });
    core.setCurrency({ environment: 'local', currency: 'GBP' });
    const pets = NAMES_IN_EVERY_SCRIPT.map((name, index) =>
      addAnimal(core, { name, sex: index % 2 === 0 ? 'female' : 'male', bornOn: `2026-0${1 + (index % 9)}-10` }),
    );
    for (const pet of pets.slice(0, 4)) await core.setPhotoFromBytes('local', pet.id, await photoLikeJpeg(1200, 900));
    const ids = pets.map((pet) => pet.id);
    const layouts: Array<[string, PaperRequest]> = [
      ['card-a6', { kind: 'cards', environment: 'local', animals: { ids }, layout: 'a6' }],
      ['card-a5', { kind: 'cards', environment: 'local', animals: { ids }, layout: 'a5' }],
      ['cards-a4-four', { kind: 'cards', environment: 'local', animals: { ids }, layout: 'a4-four' }],
      ['label-62mm', { kind: 'labels', environment: 'local', animals: { ids }, layout: '62mm' }],
      ['labels-a4-3x8', { kind: 'labels', environment: 'local', animals: { ids }, layout: 'a4-3x8' }],
      ['stock-list', { kind: 'stock', environment: 'local' }],
    ];
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const [name, request] of layouts) {
      const { pdf } = await core.paperPdf(request);
      if (request.kind !== 'stock') {
        const reads = await codesInPdf(pdf, request.kind === 'labels' ? 300 : 150);
        const read = [...new Set(reads.filter((r) => r.format === 'QRCode').map((r) => idFromLabelCode(r.text)))];
        expect({ name, read: read.sort() }).toEqual({ name, read: [...ids].sort() });
      }
      const { pages, remove } = await pdfToPngs(pdf, name.startsWith('label-') ? 200 : 100);
      try {
        // The four-up sheets keep every page: between them, a card of each script.
        const kept = name === 'cards-a4-four' ? pages : pages.slice(0, 1);
        expect({ name, pages: kept.length }).toEqual({ name, pages: name === 'cards-a4-four' ? 2 : 1 });
        for (const [index, page] of kept.entries())
          copyFileSync(page, join(SCREENSHOTS, `paper-${name}${index === 0 ? '' : `-${index + 1}`}.png`));
      } finally {
        remove();
      }
    }
  });
});
