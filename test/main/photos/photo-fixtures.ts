import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** 4000 × 3000: a 12-megapixel phone photo. */
export const TWELVE_MP = { width: 4000, height: 3000 } as const;
/** 8660 × 5774: a 50-megapixel phone photo (50.0 million pixels). */
export const FIFTY_MP = { width: 8660, height: 5774 } as const;

/**
 * A JPEG that compresses like a photo: soft shapes (random colours far apart, smoothly between) with
 * grain on every pixel, at a camera's quality. A 12 MP one is about 4 MB, a 50 MP one about 15 MB.
 */
export async function photoLikeJpeg(width: number, height: number, quality = 88): Promise<Buffer> {
  const coarse = { width: Math.ceil(width / 64), height: Math.ceil(height / 64), channels: 3 as const };
  const pixels = await sharp(randomBytes(coarse.width * coarse.height * 3), { raw: coarse })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const grain = randomBytes(pixels.length);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (pixels[i]! >> 1) + (pixels[i]! >> 2) + (grain[i]! & 31);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/** Pixels no encoder can make small: a different random colour at every one. */
export function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a PNG of a few dozen bytes whose header (with a valid CRC) says
 * `side` × `side` RGB pixels, 30 GB for 100000, followed by a few bytes of image data.
 */
export function pngBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(16))),
  ]);
}
