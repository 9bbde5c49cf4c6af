import { madeIntoFolder } from './paper-photo';
import type { PaperPhotoFolder } from './paper-photo-folder';

/** After the app opens, or after a change, this long before photos are made in the background. */
export const IDLE_AFTER_MS = 30_000;
/** A pause after each photo made: one decode at a time, then the cores left to the window and sync. */
const PAUSE_MS = 100;
/** While a printing runs (it makes its own photos), the background looks again this often. */
const WHILE_PRINTING_MS = 1_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Photos kept before the app made them for paper as they were set (an earlier version's, or a
 * server's brought here) made for paper in the background, so that a first printing finds them
 * made: a pass a while after `soon()`, one photo at a time with a pause after each (a decode
 * runs in libuv's pool, off the main thread), none while a printing runs, each kept in the folder.
 */
export function paperPhotosAtIdle({
  photos,
  folder,
  printing,
}: {
  /** The kept photos most likely printed next, read one at a time as the pass reaches them. */
  photos: () => Iterable<Uint8Array>;
  folder: PaperPhotoFolder;
  /** Whether a printing is under way. */
  printing: () => boolean;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function pass(): Promise<void> {
    for (const image of photos()) {
      while (printing() && !stopped) await sleep(WHILE_PRINTING_MS);
      if (stopped) return;
      if (await madeIntoFolder(image, folder)) await sleep(PAUSE_MS);
    }
    await folder.prune();
  }

  function run(): void {
    timer = undefined;
    if (running !== undefined) {
      again = true; // a pass under way: one more after it, for what changed meanwhile
      return;
    }
    running = pass()
      .catch(() => undefined) // what was not made is made at its printing
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          soon();
        }
      });
  }

  /** A pass `afterMs` from now, unless one is already due. */
  function soon(afterMs = IDLE_AFTER_MS): void {
    if (stopped || timer !== undefined) return;
    timer = setTimeout(run, afterMs);
    timer.unref();
  }

  return {
    soon,
    /** Stops the background; a pass under way ends after its photo. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
