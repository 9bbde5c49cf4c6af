import { rename, rm, writeFile } from 'node:fs/promises';

/**
 * Writes a file under a partial name beside it and renames it once whole: whoever opens the path
 * finds the whole file or none, never half of one (a full disk, a crash, a kill mid-write).
 */
export async function writeFileWhole(
  path: string,
  contents: string | Uint8Array,
  { mode }: { mode?: number } = {},
): Promise<void> {
  const partial = `${path}.${process.pid}.partial`;
  try {
    await writeFile(partial, contents, { flush: true, ...(mode === undefined ? {} : { mode }) });
    await rename(partial, path);
  } finally {
    await rm(partial, { force: true });
  }
}
