import {
  ANIMAL_FIELD_NAMES,
  ANIMAL_FIELDS,
  OPTIONAL_FIELD_NAMES,
  type AnimalFieldName,
  type Int64FieldName,
  type Pet,
} from '../../shared/contract';

/**
 * The animal's fields as SQL: every statement that reads or writes an animal lists its columns
 * with these, so that a field declared in animal-fields.ts is read and written everywhere.
 */

/**
 * A SELECT or RETURNING list of an animal's columns in `table`, each named as on the wire, so that
 * a row is already the animal: `CAST(pets.id AS TEXT) AS id, pets.name AS name, ...`. An int64
 * leaves SQLite as decimal text: exact at any size, and no BigInt on the hot path. Order by
 * `pets.id`, never a bare `id`: ORDER BY takes that for the alias, and sorts the text.
 */
export function animalColumns(table: string, names: readonly AnimalFieldName[] = ANIMAL_FIELD_NAMES): string {
  return names
    .map((name) => {
      const { column, kind } = ANIMAL_FIELDS[name];
      return `${kind === 'int64' ? `CAST(${table}.${column} AS TEXT)` : `${table}.${column}`} AS ${name}`;
    })
    .join(', ');
}

/** Every column of an animal in `pets`, named as on the wire. */
export const ANIMAL_COLUMNS = animalColumns('pets');

/** A row read with ANIMAL_COLUMNS: the animal, with null where it lacks a field. */
export type AnimalSqlRow = {
  [K in keyof Pet]-?: undefined extends Pet[K] ? Exclude<Pet[K], undefined> | null : Pet[K];
};

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * animalFromRow, made once from the declaration, as better-sqlite3 makes its row objects: a copy
 * written as an object literal costs a fifth of one built field by field in a loop, which a page
 * of a hundred rows, some without a status, would feel. The names are the declaration's own.
 */
function compileAnimalFromRow(names: readonly AnimalFieldName[]): (row: AnimalSqlRow) => Pet {
  const bad = names.find((name) => !IDENTIFIER.test(name));
  if (bad !== undefined) throw new Error(`The animal's field ${JSON.stringify(bad)} is not a JavaScript identifier.`);
  const optional = new Set<string>(OPTIONAL_FIELD_NAMES.filter((name) => names.includes(name)));
  if (optional.size === 0) return (row) => row as Pet;
  const firstOptional = names.findIndex((name) => optional.has(name));
  const leading = names.slice(0, firstOptional).map((name) => `${name}: row.${name}`);
  const rest = names
    .slice(firstOptional)
    .map((name) =>
      optional.has(name) ? `if (row.${name} !== null) animal.${name} = row.${name};` : `animal.${name} = row.${name};`,
    );
  const lacksAny = [...optional].map((name) => `row.${name} === null`).join(' || ');
  // A row that lacks no field is already the animal; one that does is copied without its nulls.
  const body = `if (!(${lacksAny})) return row; const animal = { ${leading.join(', ')} }; ${rest.join(' ')} return animal;`;
  return new Function('row', body) as (row: AnimalSqlRow) => Pet;
}

const readers = new Map<string, (row: AnimalSqlRow) => Pet>();

/**
 * The animalFromRow of rows of `animalColumns(table, names)`: of a table that holds only those
 * fields (a replica's hold REMOTE_FIELD_NAMES), made once for each list.
 */
export function animalFromRowOf(names: readonly AnimalFieldName[]): (row: AnimalSqlRow) => Pet {
  const key = names.join(',');
  const made = readers.get(key) ?? compileAnimalFromRow(names);
  readers.set(key, made);
  return made;
}

/** The animal a row of ANIMAL_COLUMNS holds: the row itself when it lacks no field (most do), else a copy without its nulls. */
export const animalFromRow = animalFromRowOf(ANIMAL_FIELD_NAMES);

/** An animal's fields (those in `N`) as a statement's named parameters: int64s as bigints, a field it lacks as null. */
export type AnimalParams<N extends AnimalFieldName = AnimalFieldName> = {
  [K in N]: K extends Int64FieldName ? bigint : undefined extends Pet[K] ? Exclude<Pet[K], undefined> | null : Pet[K];
};

/** The named parameters (@id, @name, @categoryId ...) of the fields `names` of an animal, a new one or a server's. */
export function animalParams<N extends AnimalFieldName>(
  animal: Partial<Record<N, unknown>>,
  names: readonly N[],
): AnimalParams<N> {
  const params: Record<string, unknown> = {};
  for (const name of names) params[name] = columnValue(name, animal[name]);
  return params as AnimalParams<N>;
}

/**
 * The same values, in the order of `names`, as positional parameters (see placeholdersOf): a
 * statement run for every animal of a walk binds them faster than by name.
 */
export function animalValues<N extends AnimalFieldName>(animal: Partial<Record<N, unknown>>, names: readonly N[]) {
  return names.map((name) => columnValue(name, animal[name]));
}

const columnValue = (name: AnimalFieldName, value: unknown) =>
  value === undefined ? null : ANIMAL_FIELDS[name].kind === 'int64' ? BigInt(value as string) : value;

/** `name, category_id, status`: the columns of `names`, for an INSERT. */
export const columnsOf = (names: readonly AnimalFieldName[]): string =>
  names.map((name) => ANIMAL_FIELDS[name].column).join(', ');

/** `@name, @categoryId, @status`: their named parameters, for the VALUES of an INSERT. */
export const paramsOf = (names: readonly AnimalFieldName[]): string => names.map((name) => `@${name}`).join(', ');

/** `?, ?, ?`: their positional parameters, for the VALUES of an INSERT run with animalValues. */
export const placeholdersOf = (names: readonly AnimalFieldName[]): string => names.map(() => '?').join(', ');

/**
 * `name = @name, category_id = @categoryId`: each column of `names` set, for an UPDATE or an
 * upsert's DO UPDATE; `valueOf` gives another value (`excluded.status`, a CASE) from the column and the name.
 */
export const setEach = (
  names: readonly AnimalFieldName[],
  valueOf: (column: string, name: AnimalFieldName) => string = (_column, name) => `@${name}`,
): string =>
  names
    .map((name) => {
      const { column } = ANIMAL_FIELDS[name];
      return `${column} = ${valueOf(column, name)}`;
    })
    .join(', ');

/** The animals rows of ANIMAL_COLUMNS (or those `fromRow` reads) hold, in the same array: each row that lacks no field is its own animal. */
export function animalsFromRows(rows: AnimalSqlRow[], fromRow = animalFromRow): Pet[] {
  const animals = rows as unknown as Pet[];
  for (let index = 0; index < rows.length; index++) animals[index] = fromRow(rows[index]!);
  return animals;
}
