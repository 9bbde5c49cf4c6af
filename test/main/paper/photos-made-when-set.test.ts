// A photo set through the app is made for paper as it is prepared, from the pixels decoded then, and
// kept in the data folder's paper-photos/ under the kept photo's digest: the animal's first printing puts that very
// JPEG in the PDF (Chromium takes a JPEG as it is). Real SQLite files, sharp and Chromium.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { PAPER_PHOTO_FOLDER_NAME } from '../../../src/main/paper/paper-photo-folder';
import { preparePhoto } from '../../../src/main/photos/prepare-photo';
import { useTestCore } from '../core/test-core';
import { photoLikeJpeg } from '../photos/photo-fixtures';
import { addAnimal } from './paper-animals';

describe('a photo made for paper when it is set', () => {
  const { open, tempDir } = useTestCore();

  it('is kept in paper-photos/ by its digest, and is what the card prints', async () => {
    const dataDir = tempDir();
    const core = open({ dataDir });
    const { id } = addAnimal(core, { name: 'Biscuit' });
    const chosen = await photoLikeJpeg(1200, 900);
    const pet = await core.setPhotoFromBytes('local', id, chosen);
    const kept = join(dataDir, PAPER_PHOTO_FOLDER_NAME, `${pet.photo}.jpg`);
    await vi.waitFor(() => expect(existsSync(kept)).toBe(true), { timeout: 30_000, interval: 50 });
    // Made from the pixels decoded to prepare the photo, not by decoding the kept WebP again.
    expect(readFileSync(kept).equals((await preparePhoto(chosen)).paper)).toBe(true);
    const { pdf } = await core.paperPdf({ kind: 'cards', environment: 'local', animals: { ids: [id] }, layout: 'a6' });
    expect(Buffer.from(pdf).includes(readFileSync(kept))).toBe(true);
  });
});
