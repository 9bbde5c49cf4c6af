// Photos kept before the app made them for paper as they were set (written here by a second
// connection, as an earlier version or a server's photos left them) are made for paper in the
// background once started: the available animals' photos, not a sold one's, each the JPEG the
// card's PDF then holds. Real SQLite files, sharp and Chromium.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DATABASE_FILE_NAME } from '../../../src/main/config/data-dir';
import { openDatabase } from '../../../src/main/database/database';
import { createPetPhotos } from '../../../src/main/database/pet-photos';
import { PAPER_PHOTO_FOLDER_NAME } from '../../../src/main/paper/paper-photo-folder';
import { preparePhoto } from '../../../src/main/photos/prepare-photo';
import { useTestCore } from '../core/test-core';
import { photoLikeJpeg } from '../photos/photo-fixtures';
import { addAnimal } from './paper-animals';

describe('photos made for paper in the background', () => {
  const { open, tempDir } = useTestCore();

  it("makes the available animals' photos kept before, and the cards print those", async () => {
    const dataDir = tempDir();
    const core = open({ dataDir });
    const available = ['Biscuit', 'Pepper'].map((name) => addAnimal(core, { name }));
    const sold = addAnimal(core, { name: 'Gone Gus', status: 'sold' });
    const db = openDatabase(join(dataDir, DATABASE_FILE_NAME));
    const digests = new Map<string, string>();
    for (const pet of [...available, sold]) {
      const prepared = await preparePhoto(await photoLikeJpeg(800, 600));
      createPetPhotos(db).setPhoto(pet.id, prepared, '*');
      digests.set(pet.id, prepared.digest);
    }
    db.close();
    const madeFor = (id: string) => join(dataDir, PAPER_PHOTO_FOLDER_NAME, `${digests.get(id)}.jpg`);
    expect(available.some((pet) => existsSync(madeFor(pet.id)))).toBe(false);

    core.startPaperPhotos({ afterMs: 0 });
    await vi.waitFor(() => expect(available.every((pet) => existsSync(madeFor(pet.id)))).toBe(true), {
      timeout: 30_000,
      interval: 50,
    });
    expect(existsSync(madeFor(sold.id))).toBe(false);
    const ids = available.map((pet) => pet.id);
    const { pdf } = await core.paperPdf({ kind: 'cards', environment: 'local', animals: { ids }, layout: 'a6' });
    for (const id of ids) expect(Buffer.from(pdf).includes(readFileSync(madeFor(id)))).toBe(true);
  });
});
