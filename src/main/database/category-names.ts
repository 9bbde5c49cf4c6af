import {
  ApiError,
  categoryNameKey,
  categoryNamingSchema,
  parseOrThrow,
  type CategoryName,
  type EnvironmentName,
} from '../../shared/contract';
import { writeTransaction, type SqliteDatabase } from './database';

/** At most this many categories are named per environment: a pick list a person can read. */
export const CATEGORY_NAMES_MAX = 5_000;

/**
 * The names a shop gives its category ids, per environment, kept on this computer (the interface
 * knows categories by id only). One name per id, one id per name as a person reads it.
 */
export function createCategoryNames(db: SqliteDatabase) {
  const list = db.prepare<[string], [string, string]>(
    'SELECT CAST(category_id AS TEXT), name FROM category_names WHERE environment = ? ORDER BY name_key, category_id',
  );
  const byKey = db
    .prepare<[string, string], string>(
      'SELECT CAST(category_id AS TEXT) FROM category_names WHERE environment = ? AND name_key = ?',
    )
    .pluck();
  const nameOf = db
    .prepare<[string, bigint], string>('SELECT name FROM category_names WHERE environment = ? AND category_id = ?')
    .pluck();
  const count = db.prepare<[string], number>('SELECT count(*) FROM category_names WHERE environment = ?').pluck();
  const upsert = db.prepare<[string, bigint, string, string]>(
    `INSERT INTO category_names (environment, category_id, name, name_key) VALUES (?, ?, ?, ?)
     ON CONFLICT (environment, category_id) DO UPDATE SET name = excluded.name, name_key = excluded.name_key`,
  );
  const remove = db.prepare<[string, bigint]>('DELETE FROM category_names WHERE environment = ? AND category_id = ?');

  const nameOne = (environment: EnvironmentName, naming: unknown): CategoryName | null => {
    const { categoryId, name } = parseOrThrow(categoryNamingSchema, naming, 'invalid_body', 'body');
    if (name === null) {
      remove.run(environment, BigInt(categoryId));
      return null;
    }
    const owner = byKey.get(environment, categoryNameKey(name));
    if (owner !== undefined && owner !== categoryId) {
      throw ApiError.fromFields('conflict', [
        { field: 'name', message: `"${name}" already names category ${owner}; give this one another name` },
      ]);
    }
    if (owner === undefined && count.get(environment)! >= CATEGORY_NAMES_MAX) {
      throw new ApiError('conflict', `At most ${CATEGORY_NAMES_MAX} categories can be named; take a name away first.`);
    }
    upsert.run(environment, BigInt(categoryId), name, categoryNameKey(name));
    return { categoryId, name };
  };

  return {
    list: (environment: EnvironmentName): CategoryName[] =>
      list
        .raw()
        .all(environment)
        .map(([categoryId, name]) => ({ categoryId, name })),

    nameOf: (environment: EnvironmentName, categoryId: string): string | undefined =>
      nameOf.get(environment, BigInt(categoryId)),

    /** The id a name stands for (as a person reads it), if any. */

    idOf: (environment: EnvironmentName, name: string): string | undefined =>
      byKey.get(environment, categoryNameKey(name)),

    /** Names one category (or takes its name away, with `name: null`); refused when another category has that name. */
    name: writeTransaction(db, nameOne),

    /** Several at once, all or none: the first refused stops them all, with its row in the message. */
    nameAll: writeTransaction(
      db,
      (environment: EnvironmentName, namings: readonly { line: number; naming: unknown }[]) => {
        for (const { line, naming } of namings) {
          try {
            nameOne(environment, naming);
          } catch (error) {
            if (error instanceof ApiError)
              throw new ApiError(error.code, `Line ${line}: ${error.message} Nothing was imported.`, error.fields);
            throw error;
          }
        }
      },
    ),
  };
}

export type CategoryNames = ReturnType<typeof createCategoryNames>;
