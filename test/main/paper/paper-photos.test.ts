// The photos a card prints: each kept photo made 600 px JPEG once, in the order given, whatever
// arrives first; a second printing of the same photo takes the one made before, and two photos
// are never taken for each other; kept in a folder, a photo made in one process serves the next. Real photos, prepared by the app and made smaller by sharp.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PAPER_PHOTOS_KEPT, paperPhotoFolder } from '../../../src/main/paper/paper-photo-folder';
import { PAPER_PHOTO_SIDE, photosForPaper } from '../../../src/main/paper/paper-photo';
import { preparePhoto } from '../../../src/main/photos/prepare-photo';
import { photoLikeJpeg } from '../photos/photo-fixtures';

const kept = async (width: number, height: number) => (await preparePhoto(await photoLikeJpeg(width, height))).image;

describe('photos for paper', () => {
  it('makes each kept photo a JPEG paper needs, in order, telling each one done', async () => {
    const [wide, tall] = [await kept(1600, 1200), await kept(900, 1200)];
    const told: number[] = [];
    const made = await photosForPaper([wide, undefined, tall, new Uint8Array([1, 2, 3])], (done) => told.push(done));
    expect(made[1]).toBeUndefined();
    expect(made[3]).toBeUndefined(); // not a photo: a card without one
    const sizes = await Promise.all([made[0]!, made[2]!].map((jpeg) => sharp(jpeg).metadata()));
    expect(sizes.map(({ format, width, height }) => ({ format, width, height }))).toEqual([
      { format: 'jpeg', width: PAPER_PHOTO_SIDE, height: 450 },
      { format: 'jpeg', width: 450, height: PAPER_PHOTO_SIDE },
    ]);
    expect(told).toEqual([1, 2, 3, 4]);
  });

  it('takes a photo made before for the same bytes, and never one of other bytes', async () => {
    const [first, second] = [await kept(800, 600), await kept(800, 600)];
    const [once] = await photosForPaper([first], () => undefined);
    const again = await photosForPaper([first, second, Uint8Array.from(first)], () => undefined);
    expect(again[0]).toBe(once);
    expect(again[2]).toBe(once); // the same bytes, wherever they were read from
    expect(again[1]).not.toBe(once);
    expect(Buffer.from(again[1]!).equals(Buffer.from(once!))).toBe(false);
  });

  it('keeps each photo made in the folder, and takes a JPEG found there for its digest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paper-photos-'));
    const folder = paperPhotoFolder(dir);
    const [first, second, third] = [await kept(800, 600), await kept(800, 600), await kept(800, 600)];
    const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    // Made by another process before: this one takes it as it is.
    const madeBefore = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    writeFileSync(join(dir, `${digest(second)}.jpg`), madeBefore);
    writeFileSync(join(dir, `${digest(third)}.jpg`), 'not a JPEG');
    const [madeNow, found, notTaken] = await photosForPaper([first, second, third], () => undefined, folder);
    expect(Buffer.from(found!).equals(madeBefore)).toBe(true);
    expect((await sharp(notTaken!).metadata()).width).toBe(PAPER_PHOTO_SIDE);
    expect(readFileSync(join(dir, `${digest(first)}.jpg`)).equals(Buffer.from(madeNow!))).toBe(true);
    expect(readdirSync(dir).filter((name) => !name.endsWith('.jpg'))).toEqual([]);
  });

  it('keeps no more photos than its bound, the least lately printed going first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paper-photos-'));
    const names = Array.from({ length: PAPER_PHOTOS_KEPT + 3 }, (_, n) => `${n.toString(16).padStart(64, '0')}.jpg`);
    for (const [n, name] of names.entries()) {
      writeFileSync(join(dir, name), 'x');
      utimesSync(join(dir, name), 1_000_000 + n, 1_000_000 + n);
    }
    await paperPhotoFolder(dir).prune();
    expect(readdirSync(dir).sort()).toEqual(names.slice(3).sort());
  });
});
