import { statSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { UsageError } from './cli-args';

/**
 * The PDF a paper command writes, checked before anything is printed: a .pdf name (the file is a
 * PDF whatever it is called) in a folder that is there, and not a folder itself.
 */
export function outOption(given: unknown): string {
  if (typeof given !== 'string' || given.trim() === '') throw new UsageError('give the PDF to write: --out F.pdf');
  const out = resolve(given);
  if (statSync(out, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(
      `--out ${given} is a folder: give the PDF's file name in it (${given.replace(/\/?$/, '/')}F.pdf)`,
    );
  if (extname(out).toLowerCase() !== '.pdf')
    throw new UsageError(`--out ${given} does not end in .pdf: this command writes a PDF (--out F.pdf)`);
  const folder = statSync(dirname(out), { throwIfNoEntry: false });
  if (folder === undefined) throw new UsageError(`--out ${given}: the folder ${dirname(out)} is not there`);
  if (!folder.isDirectory()) throw new UsageError(`--out ${given}: ${dirname(out)} is a file, not a folder`);
  return given;
}
