/**
 * The most bytes of a photo taken in: a phone's largest JPEG, with room to spare. The window checks
 * a dropped file by it before reading it, the IPC contract bounds the bytes sent by it, and main
 * refuses a file over it before reading a byte (src/main/photos/photo-rules.ts).
 */
export const PHOTO_INPUT_MAX_BYTES = 30 * 1024 * 1024;

/** An animal's photo (or its thumbnail) as main gives it to the window: WebP bytes, and the digest that names them. */
export interface PhotoBytes {
  bytes: Uint8Array;
  digest: string;
}
