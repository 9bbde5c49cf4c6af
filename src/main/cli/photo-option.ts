import type { EnvironmentName, Pet } from '../../shared/contract';
import { guardPhotoWrites } from '../core/photo-use-cases';
import { readPhotoFile } from '../photos/photo-file';
import { preparePhotoLazily } from '../photos/prepare-lazily';
import type { PreparedPhoto } from '../photos/prepare-photo';
import { UsageError, type Parsed, type WritingCommand } from './cli-args';

/** `--photo FILE` and `--no-photo` of `pets add` and `pets edit`. */
export const PHOTO_OPTIONS = { photo: { type: 'string' as const }, 'no-photo': { type: 'boolean' as const } };

/** What the photo options ask: a file to set, a removal, or nothing. */
export function photoAsked(values: Parsed['values']): { set: string } | 'remove' | null {
  const file = values['photo'];
  const remove = values['no-photo'] === true;
  if (typeof file === 'string' && remove) throw new UsageError('give --photo or --no-photo, not both');
  if (typeof file === 'string') {
    if (file.trim() === '') throw new UsageError('--photo needs a file: a JPEG, PNG, WebP, GIF or AVIF');
    return { set: file };
  }
  return remove ? 'remove' : null;
}

/**
 * Refused before anything is written: a photo for an animal being added to a server, which has no
 * id there until the server has taken it.
 */
export function refusePhotoOfAWaitingAdd(asked: ReturnType<typeof photoAsked>, environment: EnvironmentName) {
  if (asked !== null && environment !== 'local')
    throw new UsageError(
      `an animal added to ${environment} gets its photo once ${environment} has it: add it, then petstore pets edit <id> --photo FILE --env ${environment}`,
    );
}

/** The photo asked for, its file read and prepared: a photo that will not do is refused before anything is written. */
export type ReadyPhoto = { set: PreparedPhoto } | 'remove' | null;
export async function readyPhoto(asked: ReturnType<typeof photoAsked>): Promise<ReadyPhoto> {
  if (asked === null || asked === 'remove') return asked;
  return { set: await preparePhotoLazily(await readPhotoFile(asked.set)) };
}

/** The photo asked for, set or removed through main's guard (as the window's): the animal after it. */
export async function applyPhoto(
  ready: ReadyPhoto,
  environment: EnvironmentName,
  petId: string,
  { core, writes }: WritingCommand,
): Promise<Pet | null> {
  if (ready === null) return null;
  const photos = guardPhotoWrites(core, writes);
  if (ready === 'remove') return photos.removePhoto(environment, petId);
  return photos.setPhotoFromBytes(environment, petId, ready.set);
}
