import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPetPhotos } from '../../../src/main/database/pet-photos';
import { openDatabase } from '../../../src/main/database/database';
import { createPetsTable } from '../../../src/main/database/pets-table';
import { preparePhoto, type PreparedPhoto } from '../../../src/main/photos/prepare-photo';
import { ApiError } from '../../../src/shared/contract';
import { thrown, useStore } from '../../helpers/store';

/** A small JPEG of one colour, prepared as the app keeps photos. */
async function preparedJpeg(colour: { r: number; g: number; b: number }): Promise<PreparedPhoto> {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return preparePhoto(jpeg);
}

function refusal(run: () => unknown): ApiError {
  const error = thrown(run);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

let red: PreparedPhoto;
let blue: PreparedPhoto;
beforeAll(async () => {
  [red, blue] = await Promise.all([preparedJpeg({ r: 200, g: 20, b: 20 }), preparedJpeg({ r: 20, g: 20, b: 200 })]);
});

describe("an animal's photo in the local store", () => {
  const open = useStore();
  const opened = () => {
    const { db, store, file } = open();
    return { db, store, file, photos: createPetPhotos(db) };
  };

  it('is kept with its thumbnail, and the animal names it by digest at its next revision', () => {
    const { store, photos } = opened();
    const pet = store.createPet({ name: 'Rex', categoryId: '3' });
    const after = photos.setPhoto(pet.id, red, { tags: ['"1"'] });
    expect(after).toEqual({ ...pet, photo: red.digest, revision: 2 });
    expect(store.getPet(pet.id)).toEqual(after);
    expect(photos.photo(pet.id, 'image')).toEqual({ bytes: red.image, digest: red.digest });
    expect(photos.photo(pet.id, 'thumbnail')).toEqual({ bytes: red.thumbnail, digest: red.digest });
  });

  it('is replaced by another photo, and the same photo again changes nothing', () => {
    const { store, photos } = opened();
    const pet = store.createPet({ name: 'Rex', categoryId: '3' });
    photos.setPhoto(pet.id, red, '*');
    const replaced = photos.setPhoto(pet.id, blue, { tags: ['"2"'] });
    expect([replaced.photo, replaced.revision]).toEqual([blue.digest, 3]);
    expect(photos.photo(pet.id, 'image')?.bytes).toEqual(blue.image);
    const stamp = photos.changeStamp();
    expect(photos.setPhoto(pet.id, blue, { tags: ['"3"'] })).toEqual(replaced);
    expect(photos.changeStamp()).toBe(stamp);
  });

  it('is removed with its thumbnail, and the revision moves; an animal without one is answered as it is', () => {
    const { db, store, photos } = opened();
    const pet = store.createPet({ name: 'Rex', categoryId: '3' });
    photos.setPhoto(pet.id, red, '*');
    const removed = photos.removePhoto(pet.id, { tags: ['"2"'] });
    expect(removed).toEqual({ ...pet, revision: 3 });
    expect(photos.photo(pet.id, 'image')).toBeUndefined();
    expect(photos.photo(pet.id, 'thumbnail')).toBeUndefined();
    expect(db.prepare('SELECT count(*) AS n FROM pet_photos').get()).toEqual({ n: 0 });
    expect(photos.removePhoto(pet.id, { tags: ['"3"'] })).toEqual(removed);
  });

  it('under a stale tag: precondition_failed with the animal as it is now, and nothing written', () => {
    const { store, photos } = opened();
    const pet = store.createPet({ name: 'Rex', categoryId: '3' });
    store.changePet(pet.id, { status: 'sold' }, '*');
    const stale = refusal(() => photos.setPhoto(pet.id, red, { tags: ['"1"'] }));
    expect(stale.code).toBe('precondition_failed');
    expect(stale.current).toEqual(store.getPet(pet.id));
    expect(stale.message).toMatch(/now revision 2.*If-Match: "2"/);
    expect(store.getPet(pet.id).photo).toBeUndefined();
    expect(photos.photo(pet.id, 'image')).toBeUndefined();

    photos.setPhoto(pet.id, red, { tags: ['"2"'] });
    expect(refusal(() => photos.removePhoto(pet.id, { tags: ['"2"'] })).code).toBe('precondition_failed');
    expect(photos.photo(pet.id, 'image')?.digest).toBe(red.digest);
  });

  it('of an animal that does not exist: not_found; of an id that is not one: invalid_parameter', () => {
    const { photos } = opened();
    expect(refusal(() => photos.setPhoto('42', red, '*')).code).toBe('not_found');
    expect(refusal(() => photos.removePhoto('42', '*')).code).toBe('not_found');
    expect(photos.photo('42', 'image')).toBeUndefined();
    expect(refusal(() => photos.photo('abc', 'image')).code).toBe('invalid_parameter');
  });

  it('is never served when the animal no longer names it', () => {
    const { db, store, photos } = opened();
    const pet = store.createPet({ name: 'Rex', categoryId: '3' });
    photos.setPhoto(pet.id, red, '*');
    db.prepare('UPDATE pets SET photo = NULL WHERE id = ?').run(BigInt(pet.id));
    expect(photos.photo(pet.id, 'image')).toBeUndefined();
  });

  it('one of two connections to the file wins under the same tag; the other sees the winner', () => {
    const { store, photos, file } = opened();
    const pet = store.createPet({ name: 'Rex', categoryId: '3' });
    const other = openDatabase(file);
    try {
      const otherPhotos = createPetPhotos(other);
      expect(otherPhotos.setPhoto(pet.id, blue, { tags: ['"1"'] }).photo).toBe(blue.digest);
      const lost = refusal(() => photos.setPhoto(pet.id, red, { tags: ['"1"'] }));
      expect(lost.current).toMatchObject({ photo: blue.digest, revision: 2 });
      expect(photos.photo(pet.id, 'image')?.bytes).toEqual(blue.image);
    } finally {
      other.close();
    }
  });

  it('no query of the list, the counts or a search reads the photos', () => {
    const { db, store, photos } = opened();
    const pet = store.createPet({ name: 'Rex', categoryId: '3' });
    photos.setPhoto(pet.id, red, '*');
    // Any statement that read pet_photos would now fail to prepare again.
    db.exec('ALTER TABLE pet_photos RENAME TO pet_photos_elsewhere');
    const fresh = createPetsTable(db);
    for (const pets of [store, fresh]) {
      expect(pets.listPets({}).map((p) => p.photo)).toEqual([red.digest]);
      expect(pets.listPage({ status: 'available' }).pets).toEqual([]);
      expect(pets.browse({ sort: 'name', search: 'Re' }, 0, 10)).toHaveLength(1);
      expect(pets.countByStatus('Rex').all).toBe(1);
      expect(pets.getPet(pet.id).photo).toBe(red.digest);
    }
  });
});
