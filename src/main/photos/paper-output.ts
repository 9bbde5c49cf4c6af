import type { Sharp } from 'sharp';

/**
 * The longest side a card's photo is printed at: 600 px is about 240 ppi across an A6 card's photo
 * (64 × 48 mm for a 4:3 photo) and 170 on an A5's, plenty for a cage card, and a third of the kept
 * photo's bytes or less, so a batch of 500 cards stays a page Chromium prints in seconds. As JPEG:
 * the quickest to make, and Chromium puts a JPEG in the PDF as it is, where it would encode a WebP
 * again.
 */
export const PAPER_PHOTO_SIDE = 600;

/** An image (the kept photo, or the pixels it is made from as it is set) as the JPEG paper prints. */
export const asPaperJpeg = (image: Sharp): Promise<Buffer> =>
  image
    .resize({ width: PAPER_PHOTO_SIDE, height: PAPER_PHOTO_SIDE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
