import type { SqliteDatabase } from '../database/database';
import { writeTransaction } from '../database/database';
import { PHOTO_MAX_BYTES, THUMBNAIL_MAX_BYTES } from '../photos/photo-rules';
import type { RemoteClient } from '../remote/remote-client';
import { RemoteError } from '../remote/remote-error';
import { checkedServerPhoto, type HeldPhoto, type ReplicaPhotos } from './replica-photos';
import type { ServerExtensions } from './server-extensions';

/** The server's photos fetched in one pass at the most: a first sync of a shop full of photos spreads over passes. */
export const PHOTOS_FETCHED_PER_PASS = 200;
/** Photos fetched at once (two requests each: the thumbnail, then the image). */
const FETCHES_IN_FLIGHT = 4;
/** A photo a server sent that was not what its digest names is not asked for again before this long. */
export const REFUSED_PHOTO_AGAIN_MS = 60 * 60_000;

/**
 * Brings the server's photos of its animals to this computer, after a pass has sent what waited:
 * those the server names (their digest in its list) that are not held here, each checked before it
 * is kept (see checkedServerPhoto). A server that sends something else for an animal's digest is
 * not asked for it again for a while, so it cannot make every pass fetch the same bytes.
 */
export function createPhotoFetch(db: SqliteDatabase, photos: ReplicaPhotos, extensions: ServerExtensions) {
  // By animal and digest: one animal's answer (a photo changed since its list was read) never keeps
  // another animal named with the same photo from having it.
  const refused = new Map<string, number>();
  const refusal = (petId: string, digest: string) => `${petId} ${digest}`;
  const keep = writeTransaction(db, (petId: bigint, photo: HeldPhoto) => {
    photos.keep(petId, photo);
    photos.tidy(petId);
  });

  /** How many photos it brought (0 for a server without the photos extension); stops when `signal` does. */
  return async function fetchPhotos(client: RemoteClient, signal: AbortSignal, now: number): Promise<number> {
    if (!extensions.takesPhotos(client.baseUrl)) return 0;
    for (const [key, at] of refused) if (now - at >= REFUSED_PHOTO_AGAIN_MS || now < at) refused.delete(key);
    const wanted = photos
      .wanted(PHOTOS_FETCHED_PER_PASS + refused.size)
      .filter(({ petId, digest }) => !refused.has(refusal(petId, digest)))
      .slice(0, PHOTOS_FETCHED_PER_PASS);
    let fetched = 0;
    let next = 0;
    async function fetchSome(): Promise<void> {
      while (next < wanted.length && !signal.aborted) {
        const { petId, digest } = wanted[next++]!;
        let thumbnail: Buffer | null;
        let image: Buffer | null;
        try {
          thumbnail = await client.photoBytes(petId, 'thumbnail', { signal, maxBytes: THUMBNAIL_MAX_BYTES });
          image = thumbnail && (await client.photoBytes(petId, 'image', { signal, maxBytes: PHOTO_MAX_BYTES }));
        } catch (error) {
          // What is not a photo (too large, not the interface's answer) is refused; anything else
          // (the server gone, the key refused) ends the fetching: the next pass tries again.
          if (error instanceof RemoteError && error.kind === 'not_the_contract')
            refused.set(refusal(petId, digest), now);
          else next = wanted.length;
          continue;
        }
        // None now: the server's list will say so next time it is read.
        if (!thumbnail || !image) continue;
        const photo = checkedServerPhoto(digest, image, thumbnail);
        if (photo === undefined) refused.set(refusal(petId, digest), now);
        else {
          keep(BigInt(petId), photo);
          fetched++;
        }
      }
    }
    await Promise.all(Array.from({ length: FETCHES_IN_FLIGHT }, fetchSome));
    return fetched;
  };
}

export type PhotoFetch = ReturnType<typeof createPhotoFetch>;
