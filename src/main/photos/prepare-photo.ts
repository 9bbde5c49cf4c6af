import { createHash } from 'node:crypto';
import sharp, { type SharpOptions } from 'sharp';
import { ApiError } from '../../shared/contract';
import {
  PHOTO_INPUT_MAX_BYTES,
  PHOTO_INPUT_MAX_PIXELS,
  PHOTO_MAX_SIDE,
  photoProblem,
  THUMBNAIL_SIDE,
  tooManyBytes,
} from './photo-rules';
import { PHOTO_TYPE_NAMES, photoTypeOf, sniffPhotoType, type PhotoType } from './photo-type';
import { inTurn } from './one-at-a-time';
import { asPaperJpeg } from './paper-output';
import { fittedWebp, thumbnailWebp, type Pixels } from './webp-output';

export * from './photo-rules';
export { sniffPhotoType, type PhotoType } from './photo-type';
export { readPhotoFile } from './photo-file';

export interface PreparedPhoto {
  /** WebP, its longest side at most PHOTO_MAX_SIDE, at most PHOTO_MAX_BYTES, with no metadata. */
  image: Buffer;
  /** WebP, within a THUMBNAIL_SIDE square, the image's aspect kept. */
  thumbnail: Buffer;
  /** Of `image`, upright. */
  width: number;
  height: number;
  /** Lower-case hex SHA-256 of `image`. */
  digest: string;
  /** JPEG, as a card prints it (paper-output.ts): made now from the pixels decoded, not later from `image`. */
  paper: Buffer;
}

// Settings for the whole process, once. The operation cache would keep decoded photos in memory
// between calls that never repeat. One libvips thread per photo: a shop's computer may have two
// cores, the window needs one, and measured, a second thread hardly speeds a photo up (the JPEG
// decode, most of the work, is serial). And only the decoders of the kinds taken can run at all:
// whatever the bytes claim, SVG (script, external references), PDF, TIFF and the rest never reach
// theirs. (Any other use of sharp in this process is bound by the same.)
sharp.cache(false);
sharp.concurrency(1);
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({
  operation: [
    'VipsForeignLoadJpeg',
    'VipsForeignLoadPng',
    'VipsForeignLoadWebp',
    'VipsForeignLoadNsgif',
    'VipsForeignLoadHeif',
  ],
});

const INPUT: SharpOptions = {
  // A truncated or corrupt photo is refused, rather than taken with its missing part grey;
  // 'warning' would also refuse the harmless quirks some cameras write.
  failOn: 'error',
  limitInputPixels: PHOTO_INPUT_MAX_PIXELS,
};

/**
 * A photo a person chose, made harmless to keep and show: checked by its first bytes before any
 * decoder sees it, bounded in bytes and pixels, decoded (the first frame only), turned upright,
 * and encoded anew as WebP with no metadata (no location, no camera, nothing appended to it).
 * Transparency is kept (WebP has it); where the photo is shown decides what shows through.
 * Refusals are ApiErrors with words about the field `photo`.
 */
export async function preparePhoto(bytes: Uint8Array): Promise<PreparedPhoto> {
  if (bytes.length > PHOTO_INPUT_MAX_BYTES) throw tooManyBytes(bytes.length);
  const type = photoTypeOf(bytes);
  return inTurn(async () => {
    const pixels = await decode(bytes, type);
    try {
      const image = await fittedWebp(pixels);
      const thumbnail = await thumbnailWebp(pixels);
      const { width, height, channels } = pixels.info;
      const paper = await asPaperJpeg(sharp(pixels.data, { raw: { width, height, channels: channels as 3 | 4 } }));
      const digest = createHash('sha256').update(image.data).digest('hex');
      return {
        image: image.data,
        thumbnail: thumbnail.data,
        width: image.info.width,
        height: image.info.height,
        digest,
        paper,
      };
    } catch (error) {
      throw new ApiError(
        'internal',
        `The photo was read, but could not be saved as WebP (${describe(error)}); try again, or choose another photo.`,
      );
    }
  });
}

/** The photo's pixels, upright and within PHOTO_MAX_SIDE, in sRGB. */
async function decode(bytes: Uint8Array, type: PhotoType): Promise<Pixels> {
  const damaged = () =>
    photoProblem(
      'invalid_body',
      `could not be read as ${PHOTO_TYPE_NAMES[type]}: the file is damaged or incomplete; choose another copy of the photo`,
    );
  try {
    const metadata = await sharp(bytes, INPUT).metadata();
    // What the first bytes said is what the decoder found (AVIF is HEIF with AV1 inside).
    const decoder = type === 'avif' ? 'heif' : type;
    if (metadata.format !== decoder || (type === 'avif' && metadata.compression !== 'av1')) throw damaged();
    return await sharp(bytes, INPUT)
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (describe(error).includes('pixel limit')) throw await tooManyPixels(bytes);
    throw damaged();
  }
}

/** Words for a photo over the pixel bound, with its size: its header alone is read for that, no pixel of it. */
async function tooManyPixels(bytes: Uint8Array): Promise<ApiError> {
  const most = `at most ${PHOTO_INPUT_MAX_PIXELS / 1_000_000} megapixels are taken: choose a smaller photo, or save a smaller copy of it`;
  try {
    const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    return photoProblem('payload_too_large', `is ${width} × ${height} pixels; ${most}`);
  } catch {
    return photoProblem('payload_too_large', `has too many pixels; ${most}`);
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A kept thumbnail (WebP, within THUMBNAIL_SIDE) as PNG, for the operating system's own dialogs,
 * which show PNG and JPEG alone; null when it is not one (a server's bytes are checked, never trusted).
 */
export async function thumbnailAsPng(thumbnail: Uint8Array): Promise<Buffer | null> {
  if (sniffPhotoType(thumbnail) !== 'webp') return null;
  try {
    return await sharp(thumbnail, { ...INPUT, limitInputPixels: THUMBNAIL_SIDE * THUMBNAIL_SIDE })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}
