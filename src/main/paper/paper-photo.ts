import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { sniffPhotoType } from '../photos/photo-type';
import { PHOTO_MAX_SIDE } from '../photos/photo-rules';
import type { PaperPhotoFolder } from './paper-photo-folder';

export { PAPER_PHOTO_SIDE } from '../photos/paper-output';
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

const digestOf = (image: Uint8Array) => createHash('sha256').update(image).digest('hex');

/** The kept photo (a WebP) made the JPEG paper needs, by decoding it; undefined when it cannot be read. */
async function decodedForPaper(image: Uint8Array): Promise<Uint8Array | undefined> {
  // Loaded on the first card with a photo only.
  const [{ default: sharp }, { asPaperJpeg }] = await Promise.all([import('sharp'), import('../photos/paper-output')]);
  try {
    return await asPaperJpeg(sharp(image, { failOn: 'error', limitInputPixels: PHOTO_MAX_SIDE * PHOTO_MAX_SIDE }));
  } catch {
    return undefined; // a card without its photo rather than no card
  }
}

/**
 * A kept photo (ours, or a server's as this computer has it) as the JPEG paper needs: made before
 * (in memory, else in `folder`), or made now and kept in both; undefined when it is not a photo.
 */
export async function photoForPaper(
  image: Uint8Array,
  folder: PaperPhotoFolder | undefined,
): Promise<Uint8Array | undefined> {
  if (sniffPhotoType(image) !== 'webp') return undefined;
  const digest = digestOf(image);
  const known = made.get(digest) ?? (await folder?.read(digest));
  if (known !== undefined) {
    made.set(digest, known);
    return known;
  }
  const jpeg = await decodedForPaper(image);
  if (jpeg === undefined) return undefined;
  made.set(digest, jpeg);
  await folder?.keep(digest, jpeg);
  return jpeg;
}

/**
 * A kept photo made for paper into `folder` unless it is there already, holding nothing of it in
 * memory (for the background: paper-photos-at-idle.ts); whether one was made.
 */
export async function madeIntoFolder(image: Uint8Array, folder: PaperPhotoFolder): Promise<boolean> {
  if (sniffPhotoType(image) !== 'webp') return false;
  const digest = digestOf(image);
  if (made.has(digest) || (await folder.has(digest))) return false;
  const jpeg = await decodedForPaper(image);
  if (jpeg !== undefined) await folder.keep(digest, jpeg);
  return jpeg !== undefined;
}

/**
 * The JPEG made for paper as the photo was set (PreparedPhoto's `paper`), kept for the kept photo
 * whose SHA-256 is `digest`: its first printing decodes nothing.
 */
export async function keepForPaper(digest: string, jpeg: Uint8Array, folder: PaperPhotoFolder): Promise<void> {
  made.set(digest, jpeg);
  await folder.keep(digest, jpeg);
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
