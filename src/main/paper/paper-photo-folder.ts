import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sniffPhotoType } from '../photos/photo-type';
import { PAPER_MOST_ANIMALS } from '../../shared/contract';

/** The folder of the data folder the photos made for paper are kept in. */
export const PAPER_PHOTO_FOLDER_NAME = 'paper-photos';
/** Photos kept at most (about 35 KB each): two of the largest printings; the least lately printed go first. */
export const PAPER_PHOTOS_KEPT = 2 * PAPER_MOST_ANIMALS;
/** A photo made for paper is a 600 px JPEG: a file larger than this is none of ours. */
const LARGEST = 1024 * 1024;

/**
 * Photos made for paper, kept between printings and between the app and the command line: one
 * JPEG file each, named by the SHA-256 (hex) of the kept photo it was made from, so no name a
 * person or a server chose reaches the path. Written whole or not at all (a file renamed into place).
 */
export interface PaperPhotoFolder {
  /** The photo made of the kept photo `digest` names, if it is here (and is a JPEG). */
  read(digest: string): Promise<Uint8Array | undefined>;
  /** Whether a photo made of the kept photo `digest` is here (its size checked, not read). */
  has(digest: string): Promise<boolean>;
  keep(digest: string, jpeg: Uint8Array): Promise<void>;
  /** Removes the least lately printed photos beyond PAPER_PHOTOS_KEPT. */
  prune(): Promise<void>;
}

const DIGEST = /^[0-9a-f]{64}$/;

export function paperPhotoFolder(folder: string): PaperPhotoFolder {
  const fileOf = (digest: string) => {
    if (!DIGEST.test(digest)) throw new Error(`not a SHA-256 digest: ${digest.slice(0, 80)}`);
    return join(folder, `${digest}.jpg`);
  };
  let made: Promise<unknown> | undefined;

  return {
    async read(digest) {
      const file = fileOf(digest);
      try {
        if ((await stat(file)).size > LARGEST) return undefined;
        const jpeg = new Uint8Array(await readFile(file));
        if (sniffPhotoType(jpeg) !== 'jpeg') return undefined;
        const now = new Date();
        void utimes(file, now, now).catch(() => undefined); // printed now: the last to be pruned
        return jpeg;
      } catch {
        return undefined; // not made yet, or gone since: made again
      }
    },
    async has(digest) {
      const size = await stat(fileOf(digest)).then(
        (found) => found.size,
        () => 0,
      );
      return size > 0 && size <= LARGEST;
    },
    async keep(digest, jpeg) {
      const file = fileOf(digest);
      const writing = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
      try {
        // Only within the data folder as it is: never made again after a test or a restore removed it.
        await (made ??= mkdir(folder).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') throw error;
        }));
        await writeFile(writing, jpeg);
        await rename(writing, file);
      } catch {
        await unlink(writing).catch(() => undefined); // a photo not kept is made again next time
      }
    },
    async prune() {
      const names = await readdir(folder).catch(() => [] as string[]);
      if (names.length <= PAPER_PHOTOS_KEPT) return;
      const files = await Promise.all(
        names.map(async (name) => ({
          name,
          at: (await stat(join(folder, name)).catch(() => undefined))?.mtimeMs ?? 0,
        })),
      );
      files.sort((a, b) => a.at - b.at);
      const oldest = files.slice(0, files.length - PAPER_PHOTOS_KEPT);
      await Promise.all(oldest.map(({ name }) => unlink(join(folder, name)).catch(() => undefined)));
    },
  };
}
