import { etagOf, type EnvironmentName, type IfMatch, type Pet } from '../../shared/contract';
import type { PhotoBytes } from '../../shared/contract/photos';
import type { PetPhotos, PhotoSize } from '../database/pet-photos';
import { readPhotoFile } from '../photos/photo-file';
import type { PreparedPhoto } from '../photos/prepare-photo';
import { preparePhotoLazily, thumbnailAsPngLazily } from '../photos/prepare-lazily';
import type { CoreParts } from './core-parts';
import type { PetstoreCore } from './petstore-core';
import type { GuardedWrites, ProductionQuestion } from './write-guard';

export type { PhotoSize } from '../database/pet-photos';

/** The animal as this computer's window last showed it: its revision (absent: whatever it is now). */
const ifMatchOf = (revision: number | undefined): IfMatch =>
  revision === undefined ? '*' : { tags: [etagOf(revision)] };

/**
 * An animal's photo (our extension): from a file (main's dialog, or a path), from bytes (a file
 * dropped on the window), removed, and read back. Every write is prepared by preparePhoto (only
 * the photo's own pixels are kept, as WebP); in the local store it is made under the revision the
 * person saw, on a server's it is a change sent as any other (see Inventory.photos).
 */
export function createPhotoUseCases(
  { events, openFile, inventory }: CoreParts,
  { keepForPaper }: { keepForPaper?: (photo: PreparedPhoto) => Promise<unknown> } = {},
) {
  const photosOf = (environment: EnvironmentName): PetPhotos => inventory(environment).photos();

  /** `photo` as bytes, or already prepared (a command prepares it before it writes anything else). */
  async function setPhotoFromBytes(
    environment: EnvironmentName,
    petId: string,
    photo: Uint8Array | PreparedPhoto,
    revision?: number,
  ): Promise<Pet> {
    const photos = photosOf(environment);
    const prepared = photo instanceof Uint8Array ? await preparePhotoLazily(photo) : photo;
    const pet = photos.setPhoto(petId, prepared, ifMatchOf(revision));
    events.emit('dataChanged', { environment });
    // Made for paper from the pixels decoded to prepare it, and kept: its first printing decodes no photo.
    void keepForPaper?.(prepared).catch(() => undefined);
    return pet;
  }

  async function setPhotoFromFile(
    environment: EnvironmentName,
    petId: string,
    path: string,
    revision?: number,
  ): Promise<Pet> {
    return setPhotoFromBytes(environment, petId, await readPhotoFile(path), revision);
  }

  /** The path of a photo a person chooses in main's dialog for an animal that can have one; null when they chose none. */
  async function choosePhotoFile(environment: EnvironmentName, petId: string): Promise<string | null> {
    // Nobody is asked to choose a photo for an animal that is not there.
    await inventory(environment).getPet(petId);
    return openFile('photo');
  }

  return {
    setPhotoFromBytes,
    setPhotoFromFile,
    choosePhotoFile,

    /** A photo a person chooses in main's dialog: the animal with it, or null when they chose none. */
    async choosePhoto(environment: EnvironmentName, petId: string, revision?: number): Promise<Pet | null> {
      const path = await choosePhotoFile(environment, petId);
      return path === null ? null : setPhotoFromFile(environment, petId, path, revision);
    },

    removePhoto(environment: EnvironmentName, petId: string, revision?: number): Pet {
      const pet = photosOf(environment).removePhoto(petId, ifMatchOf(revision));
      events.emit('dataChanged', { environment });
      return pet;
    },

    /** The animal's thumbnail as PNG, for a question main asks about it (the OS's dialogs show no WebP); null when none. */
    async questionThumbnail(environment: EnvironmentName, petId: string): Promise<Buffer | null> {
      const thumbnail = photosOf(environment).photo(petId, 'thumbnail');
      return thumbnail === undefined ? null : thumbnailAsPngLazily(thumbnail.bytes);
    },

    /** The animal's photo (or its thumbnail), or null when it has none. */
    photoBytes(environment: EnvironmentName, petId: string, size: PhotoSize, digest?: string): PhotoBytes | null {
      return photosOf(environment).photo(petId, size, digest) ?? null;
    },
  };
}

/**
 * The photo writes from outside main (the window), through main's guard as every write: for the
 * active environment only, and for production (while confirmations are on) asked first. What an
 * environment cannot keep is refused before anything is asked; a file is chosen before the question.
 */
export function guardPhotoWrites(core: PetstoreCore, writes: Pick<GuardedWrites, 'mustBeAllowed' | 'permit'>) {
  function question(environment: EnvironmentName, petId: string, change: 'set' | 'remove'): ProductionQuestion {
    const shown = core.shownPet(environment, petId);
    const whose = shown ? `${shown.name}'s` : `animal ${petId}'s`;
    const animal = { environment, petId };
    return change === 'set'
      ? {
          message: `Set ${whose} photo in PRODUCTION?`,
          detail: "The live shop's server will show the photo you chose.",
          confirmLabel: 'Set the photo',
          animal,
        }
      : {
          message: `Remove ${whose} photo in PRODUCTION?`,
          detail: "The live shop's server will show no photo for it.",
          confirmLabel: 'Remove the photo',
          animal,
        };
  }
  async function permit(environment: EnvironmentName, petId: string, change: 'set' | 'remove'): Promise<void> {
    await writes.permit(environment, () => question(environment, petId, change));
  }

  return {
    async choosePhoto(environment: EnvironmentName, petId: string, revision?: number): Promise<Pet | null> {
      // No dialog for a write that would be refused: the environment is checked before it opens.
      writes.mustBeAllowed(environment);
      const path = await core.choosePhotoFile(environment, petId);
      if (path === null) return null;
      await permit(environment, petId, 'set');
      return core.setPhotoFromFile(environment, petId, path, revision);
    },

    async setPhotoFromBytes(
      environment: EnvironmentName,
      petId: string,
      photo: Uint8Array | PreparedPhoto,
      revision?: number,
    ) {
      await permit(environment, petId, 'set');
      return core.setPhotoFromBytes(environment, petId, photo, revision);
    },

    async removePhoto(environment: EnvironmentName, petId: string, revision?: number) {
      await permit(environment, petId, 'remove');
      return core.removePhoto(environment, petId, revision);
    },
  };
}
