/**
 * A data file the app cannot use, in a sentence that names it, says what is wrong and what to do.
 * Raised where a file is opened (its name is known there); SQLite's own codes met later, in the
 * middle of a use case, are said without the name by `storageProblem`, and doctor names the file.
 */
export class UnusableFileError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
    this.name = 'UnusableFileError';
  }
}

const MOVE_ASIDE = 'Move it aside (the app then starts a new, empty one) or put back a copy you trust.';

/** What an SQLite (or file system) error code means for a person, without the file's name. */
function problemOf(code: string): { what: string; todo: string } | undefined {
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT'))
    return { what: 'is damaged or is not a Petstore Desk database', todo: MOVE_ASIDE };
  if (code === 'SQLITE_FULL' || code === 'ENOSPC')
    return {
      what: 'cannot be written: the disk is full',
      todo: 'Free some space, then try again. Nothing was changed.',
    };
  if (
    code.startsWith('SQLITE_READONLY') ||
    code.startsWith('SQLITE_CANTOPEN') ||
    code === 'SQLITE_PERM' ||
    code === 'EACCES' ||
    code === 'EPERM' ||
    code === 'EROFS'
  )
    return {
      what: 'cannot be opened or written: its folder or the file is read-only, or this account may not write there',
      todo: 'Let this account write to the folder (or choose another with PETSTORE_DATA_DIR), then try again.',
    };
  if (code.startsWith('SQLITE_IOERR') || code === 'EIO')
    return {
      what: 'could not be read or written (the disk answered with an error)',
      todo: 'Check the disk, then try again.',
    };
  return undefined;
}

const codeOf = (error: unknown) => String((error as { code?: unknown } | null)?.code ?? '');

/** The error as an UnusableFileError naming `file`, when it is one a person can act on; otherwise undefined. */
export function unusableFile(error: unknown, file: string): UnusableFileError | undefined {
  if (error instanceof UnusableFileError) return error;
  const problem = problemOf(codeOf(error));
  return problem && new UnusableFileError(file, `${file} ${problem.what}. ${problem.todo}`);
}

/** An SQLite error met in the middle of a use case, in words: the file is found by `petstore doctor`. */
export function storageProblem(error: unknown): string | undefined {
  const problem = problemOf(codeOf(error));
  return problem && `A data file of the app ${problem.what}. ${problem.todo} (petstore doctor names the file.)`;
}
