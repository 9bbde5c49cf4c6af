import { ApiError, refuseUnlessStill, parseOrThrow, petIdSchema, type IfMatch, type Pet } from '../../shared/contract';
import type { PreparedPhoto } from '../photos/prepare-photo';
import { ANIMAL_COLUMNS, animalFromRow, type AnimalSqlRow } from './animal-columns';
import { writeTransaction, type SqliteDatabase } from './database';

/** The photo as kept (WebP), or its thumbnail. */
export type PhotoSize = 'image' | 'thumbnail';

export interface StoredPhoto {
  bytes: Buffer;
  /** The digest of the image (the animal's `photo`), whichever size was asked for. */
  digest: string;
}

/**
 * An animal's photo in the local store (our extension): the prepared image and its thumbnail in
 * `pet_photos`, and the image's digest in the animal's `photo`, written together. A change of the
 * photo is a change of the animal, made under If-Match like changePet's; its revision moves.
 */
export interface PetPhotos {
  /** The animal with this photo, if it is still what `ifMatch` names (else precondition_failed, with the animal as it is now). */
  setPhoto(petId: string, photo: PreparedPhoto, ifMatch: IfMatch): Pet;
  /** The animal without its photo, under the same precondition; one without a photo is answered as it is. */
  removePhoto(petId: string, ifMatch: IfMatch): Pet;
  /**
   * The animal's photo (or its thumbnail), or undefined when it has none; with `digest`, that
   * photo of the animal's if it is kept here (the local store keeps only the one it shows).
   */
  photo(petId: string, size: PhotoSize, digest?: string): StoredPhoto | undefined;
  /** Moves at each write of ours, so a cache of the animals (whose `photo` and revision change) knows to empty. */
  changeStamp(): string;
}

/**
 * Refused as a photo write would be (not_found; precondition_failed, with the animal as it is now)
 * unless the animal is there and still what `ifMatch` names: asked before the photo's bytes are read.
 */
export function photoPrecondition(db: SqliteDatabase): (petId: string, ifMatch: IfMatch) => void {
  const selectPet = db.prepare<[bigint], AnimalSqlRow>(`SELECT ${ANIMAL_COLUMNS} FROM pets WHERE pets.id = ?`);
  return (petId, ifMatch) => {
    const row = selectPet.get(BigInt(petId));
    if (row === undefined) throw new ApiError('not_found', `No animal has id ${petId}.`);
    refuseUnlessStill(animalFromRow(row), ifMatch, 'photo');
  };
}

export function createPetPhotos(db: SqliteDatabase): PetPhotos {
  const selectPet = db.prepare<[bigint], AnimalSqlRow>(`SELECT ${ANIMAL_COLUMNS} FROM pets WHERE pets.id = ?`);
  const keepPhoto = db.prepare<{
    id: bigint;
    digest: string;
    width: number;
    height: number;
    image: Buffer;
    thumbnail: Buffer;
  }>(
    `INSERT INTO pet_photos (pet_id, digest, width, height, image, thumbnail)
     VALUES (@id, @digest, @width, @height, @image, @thumbnail)
     ON CONFLICT (pet_id) DO UPDATE SET digest = excluded.digest, width = excluded.width,
       height = excluded.height, image = excluded.image, thumbnail = excluded.thumbnail`,
  );
  const dropPhoto = db.prepare<[bigint]>('DELETE FROM pet_photos WHERE pet_id = ?');
  const namePhoto = db.prepare<[string | null, bigint], AnimalSqlRow>(
    `UPDATE pets SET photo = ?, revision = revision + 1 WHERE id = ? RETURNING ${ANIMAL_COLUMNS}`,
  );
  // Only the photo the animal names: a row left behind by anything else is never served as its photo.
  const readPhoto = (column: 'image' | 'thumbnail') =>
    db.prepare<[bigint], { bytes: Buffer; digest: string }>(
      `SELECT pet_photos.${column} AS bytes, pet_photos.digest AS digest FROM pet_photos
       JOIN pets ON pets.id = pet_photos.pet_id AND pets.photo = pet_photos.digest WHERE pet_photos.pet_id = ?`,
    );
  const reads: Record<PhotoSize, ReturnType<typeof readPhoto>> = {
    image: readPhoto('image'),
    thumbnail: readPhoto('thumbnail'),
  };
  let writes = 0;

  /** The animal as it is, if `ifMatch` still names it. */
  function animalUnder(id: bigint, ifMatch: IfMatch): Pet {
    const row = selectPet.get(id);
    if (row === undefined) throw new ApiError('not_found', `No animal has id ${id}.`);
    const current = animalFromRow(row);
    refuseUnlessStill(current, ifMatch, 'photo');
    return current;
  }

  const set = writeTransaction(db, (id: bigint, photo: PreparedPhoto, ifMatch: IfMatch): Pet => {
    const current = animalUnder(id, ifMatch);
    if (current.photo === photo.digest) return current;
    const { digest, width, height, image, thumbnail } = photo;
    keepPhoto.run({ id, digest, width, height, image, thumbnail });
    writes++;
    return animalFromRow(namePhoto.get(digest, id)!);
  });

  const remove = writeTransaction(db, (id: bigint, ifMatch: IfMatch): Pet => {
    const current = animalUnder(id, ifMatch);
    if (current.photo === undefined) return current;
    dropPhoto.run(id);
    writes++;
    return animalFromRow(namePhoto.get(null, id)!);
  });

  const idOf = (petId: string) => BigInt(parseOrThrow(petIdSchema, petId, 'invalid_parameter', 'petId'));

  return {
    setPhoto: (petId, photo, ifMatch) => set(idOf(petId), photo, ifMatch),
    removePhoto: (petId, ifMatch) => remove(idOf(petId), ifMatch),
    photo(petId, size, digest) {
      const photo = reads[size].get(idOf(petId));
      return digest === undefined || photo?.digest === digest ? photo : undefined;
    },
    changeStamp: () => String(writes),
  };
}
