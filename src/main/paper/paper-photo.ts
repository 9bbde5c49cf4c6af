import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { sniffPhotoType } from '../photos/photo-type';
import { PHOTO_MAX_SIDE } from '../photos/photo-rules';
import type { PaperPhotoFolder } from './paper-photo-folder';

/**
 * The longest side a card's photo is printed at: 600 px is about 160 dpi across an A6 card's photo
 * and 115 on an A5's, plenty for a cage card, and a third of the kept photo's bytes or less, so a
 * batch of 500 cards stays a page Chromium loads in seconds. As JPEG: the quickest to make here,
 * and Chromium puts a JPEG in the PDF as it is, where it would encode a WebP again.
 */
export const PAPER_PHOTO_SIDE = 600;
/** Photos being made at once: sharp's threads take the next as soon as one is done. */
const AT_A_TIME = 8;

/**
 * Photos made for paper lately, by the SHA-256 of the kept bytes they were made from (computed
 * here: a server's word for a photo's digest is not trusted): decoding a kept photo is most of a
 * batch's time, and a second printing of the same cards needs none of it. About 35 KB each.
 */
const made = new LRUCache<string, Uint8Array>({
  maxSize: 96 * 1024 * 1024,
  sizeCalculation: (jpeg) => jpeg.length,
});

/**
 * A kept photo (ours, or a server's as this computer has it) as the JPEG paper needs: made before
 * (in memory, else in `folder`), or made now and kept in both; undefined when it is not a photo.
 */
export async function photoForPaper(
  image: Uint8Array,
  folder: PaperPhotoFolder | undefined,
): Promise<Uint8Array | undefined> {
  if (sniffPhotoType(image) !== 'webp') return undefined;
  const digest = createHash('sha256').update(image).digest('hex');
  const known = made.get(digest) ?? (await folder?.read(digest));
  if (known !== undefined) {
    made.set(digest, known);
    return known;
  }
  const { default: sharp } = await import('sharp'); // loaded on the first card with a photo only
  try {
    const jpeg = await sharp(image, { failOn: 'error', limitInputPixels: PHOTO_MAX_SIDE * PHOTO_MAX_SIDE })
      .resize({ width: PAPER_PHOTO_SIDE, height: PAPER_PHOTO_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
    made.set(digest, jpeg);
    await folder?.keep(digest, jpeg);
    return jpeg;
  } catch {
    return undefined; // a card without its photo rather than no card
  }
}

/**
 * Each photo given, made the size paper needs, in order; `onDone` as each is done, with how many
 * are. With a folder, the photos made are kept there for the next printing, the next process too.
 */
export async function photosForPaper(
  images: ReadonlyArray<Uint8Array | undefined>,
  onDone: (done: number) => void,
  folder?: PaperPhotoFolder,
): Promise<Array<Uint8Array | undefined>> {
  const photos: Array<Uint8Array | undefined> = new Array(images.length);
  let next = 0;
  let done = 0;
  const maker = async () => {
    for (let index = next++; index < images.length; index = next++) {
      const image = images[index];
      photos[index] = image === undefined ? undefined : await photoForPaper(image, folder);
      onDone(++done);
    }
  };
  await Promise.all(Array.from({ length: AT_A_TIME }, maker));
  await folder?.prune();
  return photos;
}
