import type { PreparedPhoto } from './prepare-photo';

/**
 * preparePhoto, with sharp (a native module, and libvips behind it) loaded on the first photo
 * only: the command line and the service start without it, and run without it until a photo comes.
 */
export async function preparePhotoLazily(bytes: Uint8Array): Promise<PreparedPhoto> {
  const { preparePhoto } = await import('./prepare-photo');
  return preparePhoto(bytes);
}

/** thumbnailAsPng, with sharp loaded on first use as above. */
export async function thumbnailAsPngLazily(thumbnail: Uint8Array): Promise<Buffer | null> {
  const { thumbnailAsPng } = await import('./prepare-photo');
  return thumbnailAsPng(thumbnail);
}
