import { open } from 'node:fs/promises';

/** At most this much of the log's end is read: the lines kept are far fewer, and a huge log costs nothing. */
const TAIL_BYTES = 512 * 1024;

/** The last `count` whole lines of a text file (none when there is no file). */
export async function lastLines(file: string, count: number): Promise<string[]> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return [];
    throw error;
  }
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - TAIL_BYTES);
    const buffer = Buffer.alloc(size - start);
    await handle.read(buffer, 0, buffer.length, start);
    const lines = buffer.toString('utf8').split('\n');
    if (start > 0) lines.shift(); // begun mid-line
    return lines.filter((line) => line.trim() !== '').slice(-count);
  } finally {
    await handle.close();
  }
}
