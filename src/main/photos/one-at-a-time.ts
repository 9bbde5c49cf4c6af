/**
 * How many photos are prepared at once; the rest wait their turn. Each holds its decode (up to
 * PHOTO_MAX_SIDE² pixels, and the decoder's own buffers) while it runs, and each takes one of
 * libuv's four threads, which file reads and hashing share: a burst of photos (a person choosing
 * twenty) neither grows memory with their number nor stalls the rest of the app.
 */
export const PHOTOS_AT_ONCE = 2;

let running = 0;
const waiting: Array<() => void> = [];

export async function inTurn<T>(job: () => Promise<T>): Promise<T> {
  if (running < PHOTOS_AT_ONCE) running++;
  // A finished job hands its place to the next waiting, so `running` stays as it was.
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await job();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}
