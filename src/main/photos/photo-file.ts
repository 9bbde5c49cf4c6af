import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { ApiError } from '../../shared/contract';
import { PHOTO_INPUT_MAX_BYTES, photoProblem, tooManyBytes } from './photo-rules';

const CHUNK_BYTES = 1024 * 1024;

/**
 * The bytes of a photo file a person chose, never holding more than PHOTO_INPUT_MAX_BYTES + 1 of it:
 * a file too large is refused by its size before a byte is read, one that grows while read is refused
 * when it passes the bound, and what is not a file (a folder, a device, a pipe) is refused at once.
 */
export async function readPhotoFile(path: string): Promise<Uint8Array> {
  let handle;
  try {
    // Non-blocking: opening a named pipe with no writer would otherwise wait for one for ever.
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      throw photoProblem('invalid_body', 'does not exist: check the name, or choose the photo again', path);
    if (code === 'EISDIR') throw photoProblem('invalid_body', 'is a folder: choose a photo file in it', path);
    throw photoProblem('invalid_body', `could not be opened (${code ?? 'error'}): check that you may read it`, path);
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw photoProblem('invalid_body', 'is a folder: choose a photo file in it', path);
    if (!stats.isFile()) throw photoProblem('invalid_body', 'is not a file: choose a photo file', path);
    if (stats.size > PHOTO_INPUT_MAX_BYTES) throw tooManyBytes(stats.size, path);
    const chunks: Buffer[] = [];
    let length = 0;
    // The size stat gave, plus one byte to see the end at once; more only if the file grew meanwhile.
    let want = stats.size + 1;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(want, PHOTO_INPUT_MAX_BYTES + 1 - length));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      length += bytesRead;
      if (length > PHOTO_INPUT_MAX_BYTES) throw tooManyBytes(length, path);
      want = CHUNK_BYTES;
    }
    return Buffer.concat(chunks, length);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw photoProblem(
      'invalid_body',
      `could not be read (${code ?? 'error'}): copy it to this computer and choose it again`,
      path,
    );
  } finally {
    await handle.close();
  }
}
