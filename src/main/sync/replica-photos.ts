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
 * The bytes are named by their digest alone, so one photo may be several animals' (a litter's); each
 * row is kept for one animal that refers to it (`pet_id`), handed to another when that one no longer
 * does, and dropped when none does (`tidy`).
 */
export function createReplicaPhotos(db: SqliteDatabase) {
  const insert = db.prepare<[string, bigint, Buffer, Buffer]>(
    'INSERT INTO pet_photos (digest, pet_id, image, thumbnail) VALUES (?, ?, ?, ?) ON CONFLICT (digest) DO NOTHING',
  );
  const readImage = db.prepare<[string], Buffer>('SELECT image FROM pet_photos WHERE digest = ?').pluck();
  const readThumbnail = db.prepare<[string], Buffer>('SELECT thumbnail FROM pet_photos WHERE digest = ?').pluck();
  const copy = db.prepare<{ to: string; from: string; id: bigint }>(
    `INSERT INTO pet_photos (digest, pet_id, image, thumbnail)
       SELECT @to, @id, image, thumbnail FROM pet_photos WHERE digest = @from
     ON CONFLICT (digest) DO NOTHING`,
  );
  // What refers to a photo: an animal as shown, the server's version kept aside, and each open
  // change's own photo, the one it was made to and the one someone else set.
  const changePhotos = `SELECT pet_id AS id, value AS digest FROM pet_changes INDEXED BY pet_changes_open,
    json_each(json_array(json_extract(patch, '$.photo'), json_extract(base_pet, '$.photo'), json_extract(theirs, '$.photo')))
    WHERE state <> 'accepted' AND value IS NOT NULL`;
  const ofAnimal = `SELECT photo FROM pets WHERE id = @id AND photo IS NOT NULL
    UNION ALL SELECT photo FROM server_pets WHERE id = @id AND photo IS NOT NULL
    UNION ALL SELECT digest FROM (${changePhotos}) WHERE id = @id`;
  const otherReferrer = `SELECT id FROM pets INDEXED BY pets_by_photo WHERE photo = pet_photos.digest AND id <> @id
    UNION ALL SELECT id FROM server_pets INDEXED BY server_pets_by_photo WHERE photo = pet_photos.digest AND id <> @id
    UNION ALL SELECT id FROM (${changePhotos}) WHERE digest = pet_photos.digest AND id <> @id LIMIT 1`;
  const handOn = db.prepare<{ id: bigint }>(
    `UPDATE pet_photos SET pet_id = (${otherReferrer})
     WHERE pet_id = @id AND digest NOT IN (${ofAnimal}) AND EXISTS (${otherReferrer})`,
  );
  const dropUnreferred = db.prepare<{ id: bigint }>(
    `DELETE FROM pet_photos WHERE pet_id = @id AND digest NOT IN (${ofAnimal})`,
  );
  const tidy = writeTransaction(db, (id: bigint) => {
    handOn.run({ id });
    dropUnreferred.run({ id });
  });
  // The server's photo of each animal (its version kept aside while a change is on its way) that is
  // not held here, from what the triggers noted (replica migration 13); a photo kept here for a
  // server without the extension is the only one there is. Each noted row says whether it is still
  // what the animal is named with; one that is not is wanted for another animal named with it, or dropped.
  const noted = db.prepare<[number], { petId: string; digest: string; named: 0 | 1 }>(
    `SELECT CAST(photos_wanted.pet_id AS TEXT) AS petId, photos_wanted.digest AS digest,
       coalesce(photos_wanted.digest = coalesce(server_pets.photo, pets.photo) AND pets.photo_here = 0
         AND NOT EXISTS (SELECT 1 FROM pet_photos WHERE pet_photos.digest = photos_wanted.digest), 0) AS named
     FROM photos_wanted LEFT JOIN pets ON pets.id = photos_wanted.pet_id
       LEFT JOIN server_pets ON server_pets.id = photos_wanted.pet_id
     ORDER BY photos_wanted.rowid LIMIT ?`,
  );
  const drop = db.prepare<[string]>('DELETE FROM photos_wanted WHERE digest = ?');
  // Another animal named with a photo not held here, to want it for when the one noted no longer is.
  const otherNamed = db
    .prepare<{ digest: string; id: string }, bigint>(
      `SELECT named.id FROM (
         SELECT id FROM pets INDEXED BY pets_by_photo WHERE photo = @digest
         UNION SELECT id FROM server_pets INDEXED BY server_pets_by_photo WHERE photo = @digest) AS named
       JOIN pets ON pets.id = named.id LEFT JOIN server_pets ON server_pets.id = named.id
       WHERE coalesce(server_pets.photo, pets.photo) = @digest AND pets.photo_here = 0 AND named.id <> CAST(@id AS INTEGER)
         AND NOT EXISTS (SELECT 1 FROM pet_photos WHERE pet_photos.digest = @digest)
       LIMIT 1`,
    )
    .pluck()
    .safeIntegers();
  const wantFor = db.prepare<[bigint, string]>('UPDATE photos_wanted SET pet_id = ? WHERE digest = ?');
  const anyNoted = db.prepare<[], number>('SELECT EXISTS (SELECT 1 FROM photos_wanted)').pluck();
  /** Up to `limit` animals whose server's photo is not held here (those no longer named are dropped on the way). */
  const wanted = writeTransaction(db, (limit: number) => {
    for (;;) {
      const rows = noted.all(limit);
      const found: Array<{ petId: string; digest: string }> = [];
      let changed = false;
      for (const { petId, digest, named } of rows) {
        if (named === 1) {
          found.push({ petId, digest });
          continue;
        }
        const other = otherNamed.get({ digest, id: petId });
        if (other === undefined) drop.run(digest);
        else wantFor.run(other, digest);
        changed = true;
      }
      // Rows dropped or wanted for another animal: read again, for the rows behind them and those wanted anew.
      if (!changed) return found;
    }
  });

  return {
    keep(petId: bigint, { digest, image, thumbnail }: HeldPhoto): void {
      insert.run(digest, petId, image, thumbnail);
    },
    /** The image of this digest, if held here (the digest names the bytes, whichever animal's they are). */
    image: (_petId: bigint, digest: string): Buffer | undefined => readImage.get(digest),
    thumbnail: (_petId: bigint, digest: string): Buffer | undefined => readThumbnail.get(digest),
    /**
     * The server keeps what it was sent prepared again, under a digest of its own: this computer
     * shows its copy of the same picture under the server's digest rather than fetch it back.
     */
    renamed(petId: bigint, from: string, to: string): void {
      copy.run({ to, from, id: petId });
      tidy(petId); // the bytes under the old digest stay while another animal or change refers to them
    },
    tidy(petId: bigint): void {
      tidy(petId);
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
