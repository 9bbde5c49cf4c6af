import { ApiError, type ErrorCode } from '../../shared/contract';
import { PHOTO_INPUT_MAX_BYTES } from '../../shared/contract/photos';

/** The longest side of a prepared photo, in pixels. */
export const PHOTO_MAX_SIDE = 1600;
/** The most bytes a prepared photo takes. */
export const PHOTO_MAX_BYTES = 300 * 1024;
/** A thumbnail fits in a square of this side, in pixels. */
export const THUMBNAIL_SIDE = 160;
/** The most bytes of a thumbnail taken from a server: a 160 px WebP is a few KB. */
export const THUMBNAIL_MAX_BYTES = 64 * 1024;

export { PHOTO_INPUT_MAX_BYTES } from '../../shared/contract/photos';
/** The most pixels of a photo taken in: a 50-megapixel phone photo passes, a decompression bomb does not. */
export const PHOTO_INPUT_MAX_PIXELS = 100_000_000;

/**
 * A problem with the photo a person chose, as the field `photo` (the words follow the field's name on a form)
 * and as a sentence about `subject` (the file, or its path).
 */
export function photoProblem(code: ErrorCode, message: string, subject = 'The file'): ApiError {
  return new ApiError(code, `${subject} ${message}.`, [{ field: 'photo', message }]);
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;

export function tooManyBytes(bytes: number, subject?: string): ApiError {
  const most = megabytes(PHOTO_INPUT_MAX_BYTES);
  // Just over the bound rounds to the bound itself: "is 30 MB; at most 30 MB" would read as a contradiction.
  const size = megabytes(bytes) === most ? `over ${most}` : megabytes(bytes);
  return photoProblem(
    'payload_too_large',
    `is ${size}; at most ${most} is taken: choose a smaller photo, or save a smaller copy of it`,
    subject,
  );
}
