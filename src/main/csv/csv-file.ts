import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { ApiError } from '../../shared/contract';
import { CSV_MAX_CHARS } from './spreadsheet-csv';

/** The most bytes read from a chosen file: no more than the characters a CSV may hold, as UTF-8 never has fewer bytes. */
export const CSV_MAX_BYTES = CSV_MAX_CHARS;

const tooLarge = () =>
  new ApiError('payload_too_large', `The file is larger than ${CSV_MAX_BYTES / 1024 / 1024} MB; split it.`);

const UTF8 = new TextDecoder('utf-8', { fatal: true });
/** Bytes as text; bytes that are not UTF-8 read as U+FFFD, which readCsv refuses with how to save the file. */
export function csvText(bytes: Uint8Array): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    return '\uFFFD';
  }
}

/**
 * A CSV file a person named (the open dialog, the command line), read without ever holding more
 * than CSV_MAX_BYTES + 1 of it: a file too large is refused by its size before a byte is read, one
 * that grows while read is refused when it passes the bound, and what is not a file (a device, a
 * pipe) is refused at once rather than read for ever.
 */
export async function readCsvFile(path: string): Promise<{ name: string; text: string }> {
  let handle;
  try {
    // Non-blocking: opening a named pipe with no writer would otherwise wait for one for ever. What
    // was opened is then looked at before a byte is read (a path swapped meanwhile is seen too).
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ApiError(
      'not_found',
      code === 'ENOENT' ? `There is no file ${path}.` : `The file ${path} could not be opened (${code ?? 'error'}).`,
    );
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new ApiError('invalid_body', `${path} is not a file: choose a CSV file.`);
    if (stats.size > CSV_MAX_BYTES) throw tooLarge();
    const buffer = Buffer.alloc(CSV_MAX_BYTES + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > CSV_MAX_BYTES) throw tooLarge();
    }
    return { name: basename(path), text: csvText(buffer.subarray(0, length)) };
  } finally {
    await handle.close();
  }
}
