import { createHash } from 'node:crypto';
import type { Pet } from '../../shared/contract';
import { writeTransaction, type SqliteDatabase } from '../database/database';
import type { PetPhotos } from '../database/pet-photos';
import type { PetsTable } from '../database/pets-table';
import { PHOTO_MAX_BYTES, THUMBNAIL_MAX_BYTES } from '../photos/photo-rules';
import { sniffPhotoType } from '../photos/photo-type';
import type { PetChanges } from './pet-changes';

/** A photo's bytes as this computer keeps them: the image and its thumbnail, both WebP, named by the image's digest. */
export interface HeldPhoto {
  digest: string;
  image: Buffer;
  thumbnail: Buffer;
}

/**
 * The photos of a replica's animals, by digest (`pet_photos`), read by no list: the photo an animal
 * shows here, the server's version of it (a conflict shows both), and one a change waits to send.
 * Bytes nothing refers to any more are dropped (`tidy`).
 */
export function createReplicaPhotos(db: SqliteDatabase) {
  const insert = db.prepare<[string, bigint, Buffer, Buffer]>(
    'INSERT INTO pet_photos (digest, pet_id, image, thumbnail) VALUES (?, ?, ?, ?) ON CONFLICT (digest) DO NOTHING',
  );
  const readImage = db
    .prepare<[string, bigint], Buffer>('SELECT image FROM pet_photos WHERE digest = ? AND pet_id = ?')
    .pluck();
  const readThumbnail = db
    .prepare<[string, bigint], Buffer>('SELECT thumbnail FROM pet_photos WHERE digest = ? AND pet_id = ?')
    .pluck();
  const rename = db.prepare<{ to: string; from: string; id: bigint }>(
    `UPDATE pet_photos SET digest = @to WHERE digest = @from AND pet_id = @id
       AND NOT EXISTS (SELECT 1 FROM pet_photos AS held WHERE held.digest = @to)`,
  );
  // What still refers to a photo of the animal: the animal as shown, the server's version kept
  // aside, and each open change's own photo, the one it was made to and the one someone else set.
  const tidy = db.prepare<{ id: bigint }>(
    `DELETE FROM pet_photos WHERE pet_id = @id AND digest NOT IN (
       SELECT photo FROM pets WHERE id = @id AND photo IS NOT NULL
       UNION ALL SELECT photo FROM server_pets WHERE id = @id AND photo IS NOT NULL
       UNION ALL SELECT value FROM pet_changes INDEXED BY pet_changes_open,
         json_each(json_array(json_extract(patch, '$.photo'), json_extract(base_pet, '$.photo'), json_extract(theirs, '$.photo')))
         WHERE pet_id = @id AND state <> 'accepted' AND value IS NOT NULL)`,
  );
  // The server's photo of each animal (its version kept aside while a change is on its way) that is
  // not held here, from what the triggers noted (replica migration 13); a photo kept here for a
  // server without the extension is the only one there is. Each noted row says whether it is still
  // what the animal is named with; one that is not is dropped.
  const noted = db.prepare<[number], { petId: string; digest: string; named: 0 | 1 }>(
    `SELECT CAST(photos_wanted.pet_id AS TEXT) AS petId, photos_wanted.digest AS digest,
       coalesce(photos_wanted.digest = coalesce(server_pets.photo, pets.photo) AND pets.photo_here = 0
         AND NOT EXISTS (SELECT 1 FROM pet_photos WHERE pet_photos.digest = photos_wanted.digest), 0) AS named
     FROM photos_wanted LEFT JOIN pets ON pets.id = photos_wanted.pet_id
       LEFT JOIN server_pets ON server_pets.id = photos_wanted.pet_id
     ORDER BY photos_wanted.rowid LIMIT ?`,
  );
  const drop = db.prepare<[string]>('DELETE FROM photos_wanted WHERE digest = ?');
  const anyNoted = db.prepare<[], number>('SELECT EXISTS (SELECT 1 FROM photos_wanted)').pluck();
  /** Up to `limit` animals whose server's photo is not held here (those no longer named are dropped on the way). */
  const wanted = writeTransaction(db, (limit: number) => {
    const found: Array<{ petId: string; digest: string }> = [];
    for (;;) {
      const rows = noted.all(limit);
      for (const { petId, digest, named } of rows) {
        if (named === 1) found.push({ petId, digest });
        else drop.run(digest);
      }
      if (found.length > 0 || rows.length < limit || rows.every((row) => row.named === 1)) return found;
    }
  });

  return {
    keep(petId: bigint, { digest, image, thumbnail }: HeldPhoto): void {
      insert.run(digest, petId, image, thumbnail);
    },
    /** The image of this digest, if it is the animal's and held here. */
    image: (petId: bigint, digest: string): Buffer | undefined => readImage.get(digest, petId),
    thumbnail: (petId: bigint, digest: string): Buffer | undefined => readThumbnail.get(digest, petId),
    /**
     * The server keeps what it was sent prepared again, under a digest of its own: this computer
     * shows its copy of the same picture under the server's digest rather than fetch it back.
     */
    renamed(petId: bigint, from: string, to: string): void {
      rename.run({ to, from, id: petId });
    },
    tidy(petId: bigint): void {
      tidy.run({ id: petId });
    },
    /** Up to `limit` animals whose server's photo is not held here. */
    wanted: (limit: number): Array<{ petId: string; digest: string }> => wanted(limit),
    /** Whether any photo may be wanted (cheap: what the triggers noted, not yet read). */
    anyWanted: (): boolean => anyNoted.get() === 1,
  };
}

export type ReplicaPhotos = ReturnType<typeof createReplicaPhotos>;

/**
 * A server's photo as this computer takes it: WebP bytes (never decoded here: only the sandboxed
 * window shows them), bounded, and the image exactly what its digest names. Anything else is
 * refused (undefined) and never kept.
 */
export function checkedServerPhoto(digest: string, image: Buffer, thumbnail: Buffer): HeldPhoto | undefined {
  const webp = (bytes: Buffer) => sniffPhotoType(bytes) === 'webp';
  if (image.length > PHOTO_MAX_BYTES || thumbnail.length > THUMBNAIL_MAX_BYTES) return undefined;
  if (!webp(image) || !webp(thumbnail)) return undefined;
  if (createHash('sha256').update(image).digest('hex') !== digest) return undefined;
  return { digest, image, thumbnail };
}

/**
 * The animals' photos of a server's environment, as the core's use cases see every environment's
 * (PetPhotos): a photo set or removed is shown at once and sent as a change (pet-changes.ts's
 * changePhoto), or kept here for a server without photos. What the person saw is not checked
 * here: the change is made to the server's version, under If-Match, as any change.
 */
export function photosOfReplica(deps: {
  changes: PetChanges;
  pets: PetsTable;
  /** The environment's address (throws when none is set). */
  baseUrl: () => string;
  /** Something waits: the status, the window and the engine hear of it. */
  nudge(): void;
}): PetPhotos {
  const { changes, pets } = deps;
  const change = (petId: string, photo: HeldPhoto | null): Pet => {
    changes.changePhoto(petId, photo, deps.baseUrl());
    deps.nudge();
    return pets.getPet(petId);
  };
  return {
    setPhoto: (petId, photo) => change(petId, photo),
    removePhoto: (petId) => change(petId, null),
    photo: (petId, size, digest) => changes.photo(petId, size, digest),
    changeStamp: () => pets.changeStamp(),
  };
}
