import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { ApiError } from '../../shared/contract';

/** The largest file read (a few MB holds far more animals than a shop keeps). */
export const CSV_MAX_CHARS = 8 * 1024 * 1024;
/** The most rows read from one file. */
export const CSV_MAX_ROWS = 20_000;

// What a spreadsheet would run as a formula (OWASP "CSV injection"): a cell that starts with a
// formula sign, full-width ones too; and, since a spreadsheet whose list separator is ; (de-DE,
// fr-FR), a tab or | splits a cell there, any part of one that starts with one after such a
// separator (spaces between ignored). A ' of ours goes before each such sign, and before a ' of
// the person's standing there, so that taking ours away again on import is never ambiguous.
const SEPARATOR = '[,;|\\t\\r\\n]';
const FORMULA_SIGN = "[=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20']";
const PART_START = new RegExp(`(^|${SEPARATOR})([ \\u3000]*)(?=${FORMULA_SIGN})`, 'g');
const OUR_MARK = new RegExp(`(^|${SEPARATOR})([ \\u3000]*)'(?=${FORMULA_SIGN})`, 'g');
// A tab or carriage return that starts a cell is run by some spreadsheets too.
const CONTROL_START = /^[\t\r]/;

/** A text cell as written: each part a spreadsheet in any locale could take for a formula is kept text with a leading '. */
export const guardCell = (text: string) => {
  const guarded = text.replace(PART_START, "$1$2'");
  return CONTROL_START.test(guarded) ? `'${guarded}` : guarded;
};

/** A text cell as read: the ' marks guardCell put are taken away, and nothing else. */
export const unguardCell = (text: string) => {
  const unmarked = text.startsWith("'") && CONTROL_START.test(text.slice(1)) ? text.slice(1) : text;
  return unmarked.replace(OUR_MARK, '$1$2');
};

/**
 * RFC 4180 text as spreadsheets open it: UTF-8 with a byte order mark, CRLF between records,
 * every field quoted (quotes doubled): a spreadsheet splitting on another separator still sees one cell.
 */
export function writeCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `\uFEFF${stringify([header as string[], ...(rows as string[][])], { record_delimiter: 'windows', quoted: true, quoted_empty: true })}`;
}

export interface CsvRecord {
  /** The file's line the record starts on (1 is the header). */
  line: number;
  cells: string[];
}

/** A file's records: a byte order mark, CRLF or LF, quoted fields with line breaks; blank lines skipped. */
export function readCsv(text: string): CsvRecord[] {
  if (text.length > CSV_MAX_CHARS)
    throw new ApiError('payload_too_large', `The file is larger than ${CSV_MAX_CHARS / 1024 / 1024} MB; split it.`);
  if (text.includes('\uFFFD'))
    throw new ApiError(
      'invalid_body',
      'The file is not UTF-8 text (some characters could not be read): save it from the spreadsheet as "CSV UTF-8".',
    );
  let records: { record: string[]; info: { lines: number; empty_lines: number } }[];
  try {
    // Line breaks made one (CRLF, LF and CR mixed in one file are read alike, and counted once each).
    records = parse(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      record_delimiter: '\n',

      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      to: CSV_MAX_ROWS + 2,
    }) as never;
  } catch (error) {
    const { message, lines } = error as { message: string; lines?: number };
    throw new ApiError(
      'invalid_body',
      `The file is not CSV${lines ? ` (line ${lines})` : ''}: ${message.replace(/^Invalid [^:]*: /, '').slice(0, 200)}`,
    );
  }
  if (records.length > CSV_MAX_ROWS + 1)
    throw new ApiError('payload_too_large', `The file has more than ${CSV_MAX_ROWS} rows; split it.`);
  // csv-parse counts the line a record ends on: it starts after the previous one, and the blank lines between.
  let previousEnd = 0;
  let blankBefore = 0;
  return records.map(({ record, info }) => {
    const line = previousEnd + 1 + (info.empty_lines - blankBefore);
    previousEnd = info.lines;
    blankBefore = info.empty_lines;
    return { line, cells: record };
  });
}

/** A header cell as matched: "Category ID", "category_id" and "categoryId" are one column. */
export const headerKey = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
