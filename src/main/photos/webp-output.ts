import sharp, { type OutputInfo } from 'sharp';
import { PHOTO_MAX_BYTES, THUMBNAIL_SIDE } from './photo-rules';

/** Tried in turn until the image fits in PHOTO_MAX_BYTES; then the last, at fewer pixels. */
const QUALITIES = [80, 65, 50] as const;
const LOWEST = QUALITIES[QUALITIES.length - 1]!;
const THUMBNAIL_QUALITY = 70;

/** Decoded pixels (raw, sRGB, 3 or 4 channels), or an encoded image, with what sharp says of them. */
export interface Pixels {
  data: Buffer;
  info: OutputInfo;
}

function webp({ data, info }: Pixels, quality: number, side: number): Promise<Pixels> {
  const { width, height, channels } = info;
  return sharp(data, { raw: { width, height, channels: channels as 3 | 4 } })
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
}

/** The pixels as WebP at the best quality that fits in PHOTO_MAX_BYTES; fewer of them, if even the lowest does not. */
export async function fittedWebp(pixels: Pixels): Promise<Pixels> {
  let side = Math.max(pixels.info.width, pixels.info.height);
  let image = await webp(pixels, QUALITIES[0], side);
  for (const quality of QUALITIES.slice(1)) {
    if (image.data.length <= PHOTO_MAX_BYTES) return image;
    image = await webp(pixels, quality, side);
  }
  while (image.data.length > PHOTO_MAX_BYTES) {
    // Bytes go roughly with pixels: aim just under at once, and at least a tenth smaller a side each time.
    side = Math.floor(side * Math.min(0.9, 0.95 * Math.sqrt(PHOTO_MAX_BYTES / image.data.length)));
    // A thumbnail's square is a few KB at any quality: never reached.
    if (side < THUMBNAIL_SIDE) throw new Error(`even ${side} pixels a side is over ${PHOTO_MAX_BYTES} bytes`);
    image = await webp(pixels, LOWEST, side);
  }
  return image;
}

export const thumbnailWebp = (pixels: Pixels) => webp(pixels, THUMBNAIL_QUALITY, THUMBNAIL_SIDE);
