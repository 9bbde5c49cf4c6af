import { writeTransaction, type SqliteDatabase } from './database';

/** One row of an import: its key (the same file's same row always has the same key) and what to add. */
export interface RowToImport<T> {
  rowKey: string;
  animal: T;
}

/**
 * What an import added for each row key, in the database the animals are added to, in the same
 * transaction as the add: a row is added once, however often its file is imported, crash or not.
 */
export function createImportedRows(db: SqliteDatabase, now: () => number = Date.now) {
  const has = db.prepare<[string], number>('SELECT 1 FROM imported_rows WHERE row_key = ?').pluck();
  const record = db.prepare<[string, bigint, number]>(
    'INSERT INTO imported_rows (row_key, added_id, imported_at) VALUES (?, ?, ?)',
  );
  const importAll = writeTransaction(
    db,
    (rows: readonly RowToImport<unknown>[], add: (row: RowToImport<unknown>) => string) => {
      let added = 0;
      for (const row of rows) {
        if (has.get(row.rowKey) !== undefined) continue;
        record.run(row.rowKey, BigInt(add(row)), now());
        added++;
      }
      return { added, skipped: rows.length - added };
    },
  );
  return {
    wasImported: (rowKey: string): boolean => has.get(rowKey) !== undefined,

    /** Adds each row not imported before (with `add`, which answers the id it added under), all in one transaction. */
    importAll: <T>(rows: readonly RowToImport<T>[], add: (row: RowToImport<T>) => string) =>
      importAll(rows, add as (row: RowToImport<unknown>) => string),
  };
}
