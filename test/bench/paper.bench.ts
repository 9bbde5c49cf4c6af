// Printing a batch of 500 cage cards (every one with a photo) to PDF through the core's one road,
// against printing one card at a time (what 500 separate printings would cost), both in this run.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE_NAME } from '../../src/main/config/data-dir';
import { openPetstoreCore } from '../../src/main/core/petstore-core';
import { openDatabase } from '../../src/main/database/database';
import { createPetPhotos } from '../../src/main/database/pet-photos';
import { preparePhoto } from '../../src/main/photos/prepare-photo';
import { createKeychain } from '../../src/main/secrets/keychain';
import type { CardLayout } from '../../src/shared/contract';
import { addAnimal } from '../main/paper/paper-animals';
import { photoLikeJpeg } from '../main/photos/photo-fixtures';
import { fmt, summarize } from './stats';

const BATCH = 500;
const ALONE_RUNS = 10;
const PHOTOS = 25;
const PHOTO = { width: 2000, height: 1500 };

export async function benchPaper(dir: string): Promise<string[]> {
  const dataDir = mkdtempSync(join(dir, 'paper-'));
  const core = openPetstoreCore({ dataDir, env: {}, keychain: createKeychain(`Petstore Desk bench ${randomUUID()}`) });
  try {
    const ids = Array.from({ length: BATCH }, (_, n) => addAnimal(core, { name: `Animal ${n + 1}` }).id);
    // Phones' photos, prepared as the app keeps them, on every animal (written by a second connection,
    // as fast as it goes): each different from the next, so the PDF cannot keep one for several cards.
    const kept = [];
    for (let n = 0; n < PHOTOS; n++) kept.push(await preparePhoto(await photoLikeJpeg(PHOTO.width, PHOTO.height)));
    const photo = kept[0]!;
    const db = openDatabase(join(dataDir, DATABASE_FILE_NAME));
    const photos = createPetPhotos(db);
    for (const [n, id] of ids.entries()) photos.setPhoto(id, kept[n % PHOTOS]!, '*');
    db.close();

    const lines = [
      `${BATCH} animals, each with a ${photo.width} × ${photo.height} photo of about ${fmt(photo.image.length / 1024, 0)} KB (${PHOTOS} different ones in turn); the headless Chromium started before timing.`,
      '',
      '| Layout | One card alone, median of 10 (ms) | 500 cards in one printing (s) | Per card in the batch (ms) | Batch ÷ (500 × one alone) | PDF (MB) |',
      '|---|---:|---:|---:|---:|---:|',
    ];
    await core.paperPdf({ kind: 'cards', environment: 'local', animals: { ids: [ids[0]!] }, layout: 'a6' });
    for (const layout of ['a6', 'a4-four'] as CardLayout[]) {
      const alone: number[] = [];
      for (let run = 0; run < ALONE_RUNS; run++) {
        const started = performance.now();
        await core.paperPdf({ kind: 'cards', environment: 'local', animals: { ids: [ids[run]!] }, layout });
        alone.push(performance.now() - started);
      }
      const started = performance.now();
      const { pdf } = await core.paperPdf({ kind: 'cards', environment: 'local', animals: { ids }, layout });
      const batch = performance.now() - started;
      const one = summarize(alone).median;
      lines.push(
        `| ${layout} | ${fmt(one, 0)} | ${fmt(batch / 1000)} | ${fmt(batch / BATCH)} | ${fmt(batch / (BATCH * one), 2)} | ${fmt(pdf.length / 1024 / 1024)} |`,
      );
    }
    return lines;
  } finally {
    await core.close();
  }
}
