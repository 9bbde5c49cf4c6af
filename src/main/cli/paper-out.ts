import { statSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { UsageError } from './cli-args';

/**
 * A file a command writes (`--out F`), checked before any work: not a folder, in a folder that is
 * there, and with the extension of what is written when there is one to keep (a PDF is a PDF
 * whatever it is called).
 */
export function outFileOption(given: unknown, what: 'PDF' | 'CSV', extension?: string): string {
  const example = `--out F.${(extension ?? `.${what}`).slice(1).toLowerCase()}`;
  if (typeof given !== 'string' || given.trim() === '') throw new UsageError(`give the ${what} to write: ${example}`);
  const out = resolve(given);
  if (statSync(out, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`--out ${given} is a folder: give the file's name in it (${given.replace(/\/?$/, '/')}F)`);
  if (extension !== undefined && extname(out).toLowerCase() !== extension)
    throw new UsageError(`--out ${given} does not end in ${extension}: this command writes a ${what} (${example})`);
  if (what === 'CSV' && extname(out).toLowerCase() === '.pdf')
    throw new UsageError(`--out ${given} ends in .pdf, but this command writes a CSV: give a name ending in .csv`);
  const folder = statSync(dirname(out), { throwIfNoEntry: false });
  if (folder === undefined) throw new UsageError(`--out ${given}: the folder ${dirname(out)} is not there`);
  if (!folder.isDirectory()) throw new UsageError(`--out ${given}: ${dirname(out)} is a file, not a folder`);
  return given;
}

/** The PDF a paper command writes: checked before anything is printed. */
export const outOption = (given: unknown): string => outFileOption(given, 'PDF', '.pdf');

/** A CSV a command writes, when `--out` is given (else it goes to standard output). */
export const csvOutOption = (given: unknown): string | undefined =>
  given === undefined ? undefined : outFileOption(given, 'CSV');
