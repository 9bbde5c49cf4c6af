import { sniffPhotoType } from '../photos/photo-type';
import { PHOTO_MAX_SIDE } from '../photos/photo-rules';

/**
 * The longest side a card's photo is printed at: 600 px is about 160 dpi across an A6 card's photo
 * and 115 on an A5's, plenty for a cage card, and a third of the kept photo's bytes or less, so a
 * batch of 500 cards stays a page Chromium loads in seconds. As JPEG: the quickest to make here,
 * and Chromium puts a JPEG in the PDF as it is, where it would encode a WebP again.
 */
export const PAPER_PHOTO_SIDE = 600;
/** Photos made smaller at a time: sharp's threads do them side by side. */
const AT_A_TIME = 8;

/** A kept photo (ours, or a server's as this computer has it) as the JPEG paper needs; undefined when it is not a photo. */
async function photoForPaper(image: Uint8Array): Promise<Uint8Array | undefined> {
  if (sniffPhotoType(image) !== 'webp') return undefined;
  const { default: sharp } = await import('sharp'); // loaded on the first card with a photo only
  try {
    return await sharp(image, { failOn: 'error', limitInputPixels: PHOTO_MAX_SIDE * PHOTO_MAX_SIDE })
      .resize({ width: PAPER_PHOTO_SIDE, height: PAPER_PHOTO_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch {
    return undefined; // a card without its photo rather than no card
  }
}

/** Each photo given, made the size paper needs, in order; `onDone` after each group, with how many are done. */
export async function photosForPaper(
  images: ReadonlyArray<Uint8Array | undefined>,
  onDone: (done: number) => void,
): Promise<Array<Uint8Array | undefined>> {
  const made: Array<Uint8Array | undefined> = [];
  for (let start = 0; start < images.length; start += AT_A_TIME) {
    const group = images.slice(start, start + AT_A_TIME);
    made.push(...(await Promise.all(group.map((image) => (image === undefined ? undefined : photoForPaper(image))))));
    onDone(made.length);
  }
  return made;
}
