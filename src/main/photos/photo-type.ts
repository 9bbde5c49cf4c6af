import { photoProblem } from './photo-rules';

export type PhotoType = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/** Each kind of file as a person names it, with its article ("read as a JPEG"). */
export const PHOTO_TYPE_NAMES: Record<PhotoType, string> = {
  jpeg: 'a JPEG',
  png: 'a PNG',
  webp: 'a WebP',
  gif: 'a GIF',
  avif: 'an AVIF',
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

/** An ISO-BMFF file whose `ftyp` box names AVIF among its brands (major or compatible). */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
  const end = Math.min(boxSize, bytes.length);
  // The major brand (8..12), then the minor version (12..16), then the compatible brands.
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands.some((brand) => brand === 'avif' || brand === 'avis');
}

/**
 * The kind of photo the bytes are, by their first bytes alone; null for anything else (SVG, HTML, PDF,
 * TIFF, HEIC, text, nothing), which is never handed to a decoder.
 */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  const head = ascii(bytes, 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(bytes)) return 'avif';
  return null;
}

const CHOOSE = 'choose a JPEG, PNG, WebP, GIF or AVIF file';

/** The bytes' kind of photo, or the refusal a person reads. */
export function photoTypeOf(bytes: Uint8Array): PhotoType {
  const type = sniffPhotoType(bytes);
  if (type) return type;
  throw photoProblem(
    'unsupported_media_type',
    bytes.length === 0 ? `is empty: ${CHOOSE}` : `is not a photo this app takes: ${CHOOSE}`,
  );
}
