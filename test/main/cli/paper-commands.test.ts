// Cards, labels and the stock list from the real command line (the built `petstore`, a real SQLite
// file, the system's Chromium): each PDF read back, its codes decoded to the animals asked for.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { idFromLabelCode } from '../../../src/shared/contract';
import { useCli } from '../../helpers/cli';
import { codesInPdf, pagesOfPdf, textOfPdf } from '../../helpers/paper-reading';

const idsIn = (reads: Array<{ format: string; text: string }>, format: string) =>
  reads
    .filter((read) => read.format === format)
    .map((read) => idFromLabelCode(read.text))
    .sort();

describe('paper on the command line', () => {
  const { run, dataDir } = useCli();
  const GBP = { LANG: 'en_GB.UTF-8', LC_ALL: 'en_GB.UTF-8' };
  async function add(name: string, status: string): Promise<string> {
    const added = await run(
      [
        'pets',
        'add',
        '--name',
        name,
        '--category',
        '1',
        '--status',
        status,
        '--price',
        '12.50',
        '--species',
        'Cat',
        '--json',
      ],
      { env: GBP },
    );
    expect(added.code).toBe(0);
    return String((JSON.parse(added.out) as { id: number }).id);
  }

  it('writes cage cards, labels of a view and the stock list, each code the animal it names', async () => {
    const luna = await add('Luna', 'available');
    const miso = await add('ミソ', 'pending');
    const sold = await add('Sold Sam', 'sold');
    const out = (name: string) => join(dataDir(), name);

    const cards = await run(['pets', 'card', luna, `PSD-${miso}`, '--size', 'a5', '--out', out('cards.pdf')]);
    expect(cards).toMatchObject({ code: 0, out: `Wrote ${out('cards.pdf')}: 2 animals (A5, one card a page).` });
    const cardPdf = readFileSync(out('cards.pdf'));
    expect(await pagesOfPdf(cardPdf)).toEqual({ pages: 2, size: expect.stringContaining('(A5)') });
    const cardCodes = await codesInPdf(cardPdf, 150);
    expect(idsIn(cardCodes, 'QRCode')).toEqual([luna, miso].sort());
    expect(idsIn(cardCodes, 'Code128')).toEqual([luna, miso].sort());

    const labels = await run(['pets', 'labels', '--status', 'pending', '--layout', '62mm', '--out', out('labels.pdf')]);
    expect(labels.code).toBe(0);
    const labelCodes = await codesInPdf(readFileSync(out('labels.pdf')), 300);
    expect(idsIn(labelCodes, 'QRCode')).toEqual([miso]);
    expect(idsIn(labelCodes, 'Code128')).toEqual([miso]);

    const stock = await run(['report', 'stock', '--out', out('stock.pdf')], { env: GBP });
    expect(stock.code).toBe(0);
    const text = await textOfPdf(readFileSync(out('stock.pdf')));
    expect(text).toContain('Luna');
    expect(text).toContain('ミソ');
    expect(text).toContain(`PSD-${luna}`);
    expect(text).toContain('£12.50');
    expect(text).not.toContain('Sold Sam');
    expect(text).not.toContain(`PSD-${sold}`);
  });

  it('says what to fix, and writes no file, for a missing --out, a wrong size or an animal it does not have', async () => {
    const luna = await add('Luna', 'available');
    const out = join(dataDir(), 'never.pdf');
    const noOut = await run(['pets', 'card', luna]);
    expect(noOut).toMatchObject({ code: 2, err: expect.stringContaining('give the PDF to write: --out F.pdf') });
    const wrongSize = await run(['pets', 'card', luna, '--size', 'a7', '--out', out]);
    expect(wrongSize).toMatchObject({ code: 2, err: expect.stringContaining('--size takes a6, a5, a4-four, got a7') });
    const notAnId = await run(['pets', 'card', luna, 'luna', '--out', out]);
    expect(notAnId).toMatchObject({
      code: 2,
      err: expect.stringContaining("luna is not an animal's id or label code"),
    });
    const unknown = await run(['pets', 'card', luna, '404', '--out', out]);
    expect(unknown.err).toBe('No animal has id 404 in local.');
    expect(unknown.code).not.toBe(0);
    const noneInView = await run(['pets', 'labels', '--status', 'sold', '--out', out]);
    expect(noneInView.err).toBe('There is no animal to print in this view of local.');
    expect(existsSync(out)).toBe(false);
  });
});
