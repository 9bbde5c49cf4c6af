import {
  ApiError,
  changesNothing,
  etagOf,
  ifMatchHolds,
  petPatchSchema,
  type IfMatch,
  listPetsQuerySchema,
  newPetSchema,
  parseOrThrow,
  petIdSchema,
  type NewPet,
  type Pet,
  type PetStatus,
  type StatusCounts,
  type ValidAnimalsQuery,
} from '../../shared/contract';
import { writeTransaction, rawStatements, type SqliteDatabase } from './database';
import { ORDER_BY, petsFilter, toCounts } from './name-search';
import { searchText } from './search-text';

/** The three operations of the interface, plus the bulk upsert a replica needs. */
/** A page of listPets and, when more animals follow it, the id its next page starts after. */
export interface PetPage {
  pets: Pet[];
  nextAfter: string | null;
}

export interface PetStore {
  listPets(query?: unknown): Pet[];
  /** listPets with our extension: `cursor` for a later page, and where the next one starts. */
  listPage(query?: unknown): PetPage;

  createPet(newPet: NewPet): Pet;
  getPet(petId: string): Pet;
  /** The animal of that id, or undefined (an id that is not one, too). */
  findPet(petId: string): Pet | undefined;
  /**
   * Our extension: a merge patch of one animal, made only if it is still what `ifMatch` names
   * (else precondition_failed, with the animal as it is now). A patch that changes nothing leaves
   * the revision as it is.
   */
  updatePet(petId: string, patch: unknown, ifMatch: IfMatch): Pet;
  /** Inserts or replaces animals by id, all in one transaction. Input must already be valid. */
  upsertPets(pets: readonly Pet[]): void;
  /** The animals screen's window: a status, a search by any part of the name, an order, a range. */
  browse(query: Pick<ValidAnimalsQuery, 'status' | 'search' | 'sort'>, offset: number, limit: number): Pet[];
  /** How many animals match `search` under each status choice. */
  countByStatus(search: string | undefined): StatusCounts;
  /** Up to `limit` animals of this name (as search reads it: "cafe" is "Café") in this category. */
  lookAlikes(name: string, categoryId: string, limit: number): Pet[];
  /**
   * Changes whenever the animals may have changed: by this store's writes, or by another
   * connection (another process on the same file) committing. Lets callers cache reads safely.
   */
  changeStamp(): string;
}

/** A row as [id, name, categoryId, status, revision]: arrays cost better-sqlite3 far less than row objects. */
type PetRow = [id: string, name: string, categoryId: string, status: PetStatus | null, revision: number | null];

// int64 columns leave SQLite as decimal text: exact at any size, and no BigInt on the hot path.
const PET_COLUMNS = `CAST(pets.id AS TEXT), pets.name, CAST(pets.category_id AS TEXT), pets.status, pets.revision`;

/**
 * An upsert's guard: a version of an animal older than the one held (a page read before a change
 * was accepted, answered after it) does not replace it. Without revisions (a server that sends
 * none), the last one read wins, as before.
 */
export const OLDER_THAN_HELD = `(excluded.revision IS NOT NULL AND pets.revision IS NOT NULL AND excluded.revision < pets.revision)`;
const NOT_OLDER = `WHERE NOT ${OLDER_THAN_HELD}`;

/** OLDER_THAN_HELD for a statement given the version as @revision. */
export const OLDER_THAN_GIVEN = `(@revision IS NOT NULL AND revision IS NOT NULL AND @revision < revision)`;

/** A server's animal as named parameters (@id, @name, ...) of a statement. */
export interface PetParams {
  id: bigint;
  name: string;
  categoryId: bigint;
  status: string | null;
  revision: number | null;
}

export const petParams = (pet: Pet, revisionIfNone: number | null): PetParams => ({
  id: BigInt(pet.id),
  name: pet.name,
  categoryId: BigInt(pet.categoryId),
  status: pet.status ?? null,
  revision: pet.revision ?? revisionIfNone,
});

export function toPet([id, name, categoryId, status, revision]: PetRow): Pet {
  const pet: Pet = status === null ? { id, name, categoryId } : { id, name, categoryId, status };
  if (revision !== null) pet.revision = revision;
  return pet;
}

/**
 * Every argument is validated here, whatever typed it: a call from the IPC bridge, the HTTP
 * service or a script gets an ApiError for bad input and leaves nothing half-written.
 */
export function createPetStore(db: SqliteDatabase): PetStore {
  const rows = <P extends unknown[]>(sql: string) => db.prepare<P, PetRow>(sql).raw(true);
  // Ascending id, after a given id (the keyset of a cursor; the smallest int64 for the first page).
  // One more row than the page is read, to know whether a next page exists.
  const listAll = rows<[bigint | number, number]>(
    `SELECT ${PET_COLUMNS} FROM pets WHERE pets.id > ? ORDER BY pets.id LIMIT ?`,
  );
  const listByStatus = rows<[string, bigint | number, number]>(
    `SELECT ${PET_COLUMNS} FROM pets WHERE pets.status = ? AND pets.id > ? ORDER BY pets.id LIMIT ?`,
  );

  const selectById = rows<[bigint]>(`SELECT ${PET_COLUMNS} FROM pets WHERE pets.id = ?`);
  const sameNameAndCategory = rows<[string, bigint, number]>(
    `SELECT ${PET_COLUMNS} FROM pets INDEXED BY pets_by_search_text WHERE pets.search_text = ? AND pets.category_id = ? ORDER BY pets.id LIMIT ?`,
  );
  const insert = rows<[string, bigint, string | null, string]>(
    `INSERT INTO pets (name, category_id, status, search_text) VALUES (?, ?, ?, ?) RETURNING ${PET_COLUMNS}`,
  );
  const upsert = db.prepare<[bigint, string, bigint, string | null, string, number | null]>(
    `INSERT INTO pets (id, name, category_id, status, search_text, revision) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, category_id = excluded.category_id, status = excluded.status,
       search_text = excluded.search_text, revision = excluded.revision
     ${NOT_OLDER}`,
  );
  // The local store counts revisions itself (1 for an animal it is given without one); a replica
  // keeps the server's, or none.
  const ownRevisions =
    db.prepare<[], number>(`SELECT "notnull" FROM pragma_table_info('pets') WHERE name = 'revision'`).pluck().get() ===
    1;
  // A page's or an answer's usual animal keeps its name (see changeKeepingName); else the upsert.
  const refreshKeepingName = db.prepare<PetParams>(
    `UPDATE pets SET category_id = @categoryId, status = @status, revision = @revision
     WHERE id = @id AND name = @name AND NOT ${OLDER_THAN_GIVEN}`,
  );
  const upsertAll = writeTransaction(db, (pets: readonly Pet[]) => {
    for (const pet of pets) {
      const row = petParams(pet, ownRevisions ? 1 : null);
      if (refreshKeepingName.run(row).changes === 0)
        upsert.run(row.id, row.name, row.categoryId, row.status, searchText(row.name), row.revision);
    }
  });
  // SQLite rewrites an index entry whenever an UPDATE names its column, whatever the value: a write
  // that keeps the name leaves name and search_text out, and pets_by_search_text untouched.
  const changeKeepingName = rows<[bigint, string | null, bigint]>(
    `UPDATE pets SET category_id = ?, status = ?, revision = revision + 1 WHERE id = ? RETURNING ${PET_COLUMNS}`,
  );
  const changeAndRename = rows<[string, bigint, string | null, string, bigint]>(
    `UPDATE pets SET name = ?, category_id = ?, status = ?, search_text = ?, revision = revision + 1
     WHERE id = ? RETURNING ${PET_COLUMNS}`,
  );
  const updatePet = writeTransaction(db, (id: string, patch: unknown, ifMatch: IfMatch): Pet => {
    const valid = parseOrThrow(petPatchSchema('app'), patch, 'invalid_body', 'body');
    const row = selectById.get(BigInt(id));
    if (row === undefined) throw new ApiError('not_found', `No animal has id ${id}.`);
    const current = toPet(row);
    const tag = etagOf(current.revision ?? 1);
    if (!ifMatchHolds(ifMatch, tag)) {
      throw new ApiError(
        'precondition_failed',
        `Animal ${id} was changed since the version this change was made to: it is now revision ${current.revision}. Look at it again, and send the change with If-Match: ${tag} if it still applies.`,
        undefined,
        current,
      );
    }
    if (changesNothing(current, valid)) return current;
    const categoryId = BigInt(valid.categoryId ?? current.categoryId);
    const status = valid.status === undefined ? (current.status ?? null) : valid.status;
    ownWrites++;
    const changed =
      valid.name === undefined || valid.name === current.name
        ? changeKeepingName.get(categoryId, status, BigInt(id))
        : changeAndRename.get(valid.name, categoryId, status, searchText(valid.name), BigInt(id));
    return toPet(changed!);
  });
  // One statement per shape of query (status or not, index or scan, order), prepared on first use.
  const statement = rawStatements(db);
  // data_version moves only for other connections' commits; our own writes bump `ownWrites`.
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  let ownWrites = 0;

  return {
    listPets(query = {}) {
      return this.listPage(query).pets;
    },

    listPage(query = {}) {
      const { limit, status, after } = parseOrThrow(listPetsQuerySchema, query, 'invalid_parameter', 'query');
      const from = after === undefined ? -Infinity : BigInt(after); // -Infinity: before every int64

      const rows = status === undefined ? listAll.all(from, limit + 1) : listByStatus.all(status, from, limit + 1);
      const more = rows.length > limit;
      const pets = (more ? rows.slice(0, limit) : rows).map(toPet);
      return { pets, nextAfter: more ? pets.at(-1)!.id : null };
    },

    createPet(newPet) {
      const valid = parseOrThrow(newPetSchema('app'), newPet, 'invalid_body', 'body');
      ownWrites++;
      return toPet(insert.get(valid.name, BigInt(valid.categoryId), valid.status ?? null, searchText(valid.name))!);
    },

    updatePet(petId, patch, ifMatch) {
      const id = parseOrThrow(petIdSchema, petId, 'invalid_parameter', 'petId');
      return updatePet(id, patch, ifMatch);
    },

    getPet(petId) {
      const id = parseOrThrow(petIdSchema, petId, 'invalid_parameter', 'petId');
      const row = selectById.get(BigInt(id));
      if (row === undefined) throw new ApiError('not_found', `No animal has id ${id}.`);
      return toPet(row);
    },

    findPet(petId) {
      const id = petIdSchema.safeParse(petId);
      const row = id.success ? selectById.get(BigInt(id.data)) : undefined;
      return row === undefined ? undefined : toPet(row);
    },

    browse({ status, search, sort }, offset, limit) {
      const filter = petsFilter(status, search);
      const sql = `SELECT ${PET_COLUMNS} FROM pets WHERE ${filter.sql} ORDER BY ${ORDER_BY[sort]} LIMIT ? OFFSET ?`;
      return (statement(sql).all(...filter.params, limit, offset) as PetRow[]).map(toPet);
    },

    countByStatus(search) {
      const filter = petsFilter(undefined, search);
      const sql = `SELECT status, count(*) FROM pets WHERE ${filter.sql} GROUP BY status`;
      return toCounts(statement(sql).all(...filter.params) as Array<[PetStatus | null, number]>);
    },

    lookAlikes(name, categoryId, limit) {
      return sameNameAndCategory.all(searchText(name.trim()), BigInt(categoryId), limit).map(toPet);
    },

    upsertPets(pets) {
      ownWrites++;
      upsertAll(pets);
    },

    changeStamp() {
      return `${ownWrites}.${dataVersion.get()}`;
    },
  };
}
