import { createCountsCache } from './counts-cache';
import {
  ANIMAL_FIELD_NAMES,
  ANIMAL_FIELDS,
  ApiError,
  applyPetPatch,
  changesNothing,
  refuseUnlessStill,
  petPatchSchema,
  type IfMatch,
  listPetsQuerySchema,
  newPetSchema,
  parseOrThrow,
  PERSON_FIELD_NAMES,
  petIdSchema,
  type NewPet,
  type Pet,
  type PersonFieldName,
  type PetStatus,
  type StatusCounts,
  type ValidAnimalsQuery,
  type AnimalFieldName,
  settleAnimal,
} from '../../shared/contract';
import {
  animalColumns,
  animalFromRowOf,
  animalParams,
  animalsFromRows,
  columnsOf,
  paramsOf,
  setEach,
  type AnimalParams,
  type AnimalSqlRow,
} from './animal-columns';
import { preparedStatements, rawStatements, writeTransaction, type SqliteDatabase } from './database';
import { actDay } from './write-context';
import { PETS_HOLDING_MICROCHIP, refuseTakenMicrochip, type MicrochipHolder } from './microchip-holder';
import { PETS_ORDER_BY, petsFilter, toCounts, type DetailFilter } from './name-search';
import { animalSearchText, searchText } from './search-text';

/** The three operations of the interface, plus the bulk upsert a replica needs. */
/** A page of listPets and, when more animals follow it, the id its next page starts after. */
export interface PetPage {
  pets: Pet[];
  nextAfter: string | null;
}

export interface PetsTable {
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
  changePet(petId: string, patch: unknown, ifMatch: IfMatch): Pet;
  /** Inserts or replaces animals by id, all in one transaction. Input must already be valid. */
  upsertPets(pets: readonly Pet[]): void;
  /** The animals screen's window: a status, a search, the details filtered by (those the table keeps), an order, a range. */
  browse(query: BrowseQuery, offset: number, limit: number): Pet[];
  /** How many animals match `search` and the details filtered by under each status choice. */
  countByStatus(search: string | undefined, details?: Pick<ValidAnimalsQuery, 'sex' | 'underTreatment'>): StatusCounts;
  /** Up to `limit` animals of this name (as search reads it: "cafe" is "Café") in this category. */
  lookAlikes(name: string, categoryId: string, limit: number): Pet[];
  /** The animal that has this microchip number, if any (a table without the details has none). */
  microchipHolder(microchip: string): MicrochipHolder | undefined;
  /**
   * Changes whenever the animals may have changed: by this store's writes, or by another
   * connection (another process on the same file) committing. Lets callers cache reads safely.
   */
  changeStamp(): string;
}

/**
 * An upsert's guard: a version of an animal older than the one held (a page read before a change
 * was accepted, answered after it) does not replace it. Without revisions (a server that sends
 * none), the last one read wins, as before.
 */
export const OLDER_THAN_HELD = `(excluded.revision IS NOT NULL AND pets.revision IS NOT NULL AND excluded.revision < pets.revision)`;
const NOT_OLDER = `WHERE NOT ${OLDER_THAN_HELD}`;

/** OLDER_THAN_HELD for a statement given the version as @revision. */
export const OLDER_THAN_GIVEN = `(@revision IS NOT NULL AND revision IS NOT NULL AND @revision < revision)`;

type BrowseQuery = Pick<ValidAnimalsQuery, 'status' | 'search' | 'sort' | 'sex' | 'underTreatment'>;

/** A write's parameters, and what search reads of the animal (animalSearchText) when the write gives a name. */
type WithSearchText<P> = P & { searchText?: string };
type ChangeParams = WithSearchText<AnimalParams<'id' | PersonFieldName>>;

const withSearchText = <
  P extends { name: string; species?: string | null; breed?: string | null; searchText?: string },
>(
  params: P,
): P => {
  params.searchText = animalSearchText(params);
  return params;
};

/**
 * The fields the file's `pets` holds, in the declaration's order: those it has columns for. The
 * local store's has every one; a replica's, what a server is sent and read for (REMOTE_FIELD_NAMES).
 */
function fieldsHeld(db: SqliteDatabase): AnimalFieldName[] {
  const columns = new Set(db.prepare<[], string>(`SELECT name FROM pragma_table_info('pets')`).pluck().all());
  return ANIMAL_FIELD_NAMES.filter((name) => columns.has(ANIMAL_FIELDS[name].column));
}

/**
 * Every argument is validated here, whatever typed it: a call from the IPC bridge, the HTTP
 * service or a script gets an ApiError for bad input and leaves nothing half-written.
 */
export interface PetsTableOptions {
  /**
   * The fields an animal given to upsertPets decides; the others keep what the row holds. A
   * replica's server decides its details only when it has the extension (see sync/server-extensions.ts).
   */
  answersDecide?: () => readonly AnimalFieldName[];
}

export function createPetsTable(db: SqliteDatabase, options: PetsTableOptions = {}): PetsTable {
  const held = fieldsHeld(db);
  const columns = animalColumns('pets', held);
  const animalFromRow = animalFromRowOf(held);
  const person = PERSON_FIELD_NAMES.filter((name) => held.includes(name));
  // The name is written only with its search text, and only when it changes: SQLite rewrites an
  // index entry whenever an UPDATE names its column, whatever the value.
  const changedButName = person.filter((name) => name !== 'name');
  const idAndChanged = ['id' as const, ...person];
  const rows = <P extends unknown[]>(sql: string) => db.prepare<P, AnimalSqlRow>(sql);
  // Ascending id, after a given id (the keyset of a cursor; the smallest int64 for the first page).
  // One more row than the page is read, to know whether a next page exists.
  const listAll = rows<[bigint | number, number]>(
    `SELECT ${columns} FROM pets WHERE pets.id > ? ORDER BY pets.id LIMIT ?`,
  );
  const listByStatus = rows<[string, bigint | number, number]>(
    `SELECT ${columns} FROM pets WHERE pets.status = ? AND pets.id > ? ORDER BY pets.id LIMIT ?`,
  );

  const selectById = rows<[bigint]>(`SELECT ${columns} FROM pets WHERE pets.id = ?`);
  // The name leads the search text: an animal's whole name is the text, or the text up to its first line break.
  const sameNameAndCategory = rows<[{ text: string; categoryId: bigint; limit: number }]>(
    `SELECT ${columns} FROM pets INDEXED BY pets_by_search_text
     WHERE pets.search_text >= @text AND pets.search_text < @text || char(11)
       AND (pets.search_text = @text OR substr(pets.search_text, 1, length(@text) + 1) = @text || char(10))
       AND pets.category_id = @categoryId ORDER BY pets.id LIMIT @limit`,
  );
  // A microchip number belongs to one animal (a unique index keeps it so; this names the other one).
  const holdsMicrochip = held.includes('microchip');
  const holdsDetails = held.includes('soldOn');
  const chipHolder = holdsMicrochip
    ? db.prepare<{ microchip: string; petId: bigint | null }, MicrochipHolder>(PETS_HOLDING_MICROCHIP)
    : undefined;
  /** An add or a change as the store writes it: its date sold settled, how it left checked, its microchip its own. */
  const settled = <A extends Partial<Pet>>(before: Pet | undefined, after: A, given: object, id: bigint | null): A => {
    // A table without the details (a replica's) keeps a server's animals as the server decides them.
    // A sale is of the day the person acted: a write sent later (offline, then synced) keeps its day.
    const animal = holdsDetails ? settleAnimal(before, after, given, actDay(db)) : after;
    refuseTakenMicrochip(animal, before, (microchip) => chipHolder?.get({ microchip, petId: id }));
    return animal;
  };
  const insert = db.prepare<WithSearchText<AnimalParams<PersonFieldName>>, AnimalSqlRow>(
    `INSERT INTO pets (${columnsOf(person)}, search_text) VALUES (${paramsOf(person)}, @searchText)
     RETURNING ${columns}`,
  );
  // The microchip is checked in the transaction that adds: another process may be adding too.
  const addOne = writeTransaction(db, (valid: NewPet): Pet => {
    const animal = settled(undefined, valid, valid, null);
    return animalFromRow(insert.get(withSearchText(animalParams(animal, person)))!);
  });
  // The local store counts revisions itself (1 for an animal it is given without one); a replica
  // keeps the server's, or none.
  const ownRevisions =
    db.prepare<[], number>(`SELECT "notnull" FROM pragma_table_info('pets') WHERE name = 'revision'`).pluck().get() ===
    1;
  const upsertDeciding = byFieldSet((decided) => upsertStatements(db, decided));
  const upsertAll = writeTransaction(db, (pets: readonly Pet[]) => {
    const { keepingName, upsert, searchesDetails } = upsertDeciding(options.answersDecide?.() ?? held);
    for (const pet of pets) {
      const params: WithSearchText<AnimalParams> = animalParams(pet, held);
      if (params.revision === null && ownRevisions) params.revision = 1;
      if (searchesDetails) withSearchText(params);
      if (keepingName.run(params).changes === 0) upsert.run(withSearchText(params));
    }
  });
  const changeKeepingName = db.prepare<ChangeParams, AnimalSqlRow>(
    `UPDATE pets SET ${setEach(changedButName)}, revision = revision + 1 WHERE id = @id RETURNING ${columns}`,
  );
  const changeAndRename = db.prepare<ChangeParams, AnimalSqlRow>(
    `UPDATE pets SET ${setEach(person)}, search_text = @searchText, revision = revision + 1
     WHERE id = @id RETURNING ${columns}`,
  );
  const changeById = writeTransaction(db, (id: string, patch: unknown, ifMatch: IfMatch): Pet => {
    const valid = parseOrThrow(petPatchSchema('app'), patch, 'invalid_body', 'body');
    const row = selectById.get(BigInt(id));
    if (row === undefined) throw new ApiError('not_found', `No animal has id ${id}.`);
    const current = animalFromRow(row);
    refuseUnlessStill(current, ifMatch, 'change');
    if (changesNothing(current, valid)) return current;
    const after = settled(current, applyPetPatch(current, valid), valid, BigInt(id));
    const changed: ChangeParams = animalParams(after, idAndChanged);
    ownWrites++;
    const searchedAlike = changed.name === current.name && animalSearchText(changed) === animalSearchText(current);
    return animalFromRow(
      searchedAlike ? changeKeepingName.get(changed)! : changeAndRename.get(withSearchText(changed))!,
    );
  });
  /** The details filtered by that this table keeps (a replica's keeps none). */
  const detailFilter = ({ sex, underTreatment }: Pick<ValidAnimalsQuery, 'sex' | 'underTreatment'>): DetailFilter => ({
    ...(held.includes('sex') ? { sex } : {}),
    ...(held.includes('treatment') ? { underTreatment } : {}),
    byMicrochip: holdsMicrochip,
  });
  // One statement per shape of query (status or not, index or scan, order), prepared on first use.
  const statement = preparedStatements(db);
  const countStatement = rawStatements(db);
  const countsOf = createCountsCache<StatusCounts>(db);
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
      if (more) rows.length = limit;
      const pets = animalsFromRows(rows, animalFromRow);
      return { pets, nextAfter: more ? pets.at(-1)!.id : null };
    },

    createPet(newPet) {
      const valid = parseOrThrow(newPetSchema('app'), newPet, 'invalid_body', 'body');
      ownWrites++;
      return addOne(valid);
    },

    changePet(petId, patch, ifMatch) {
      const id = parseOrThrow(petIdSchema, petId, 'invalid_parameter', 'petId');
      return changeById(id, patch, ifMatch);
    },

    getPet(petId) {
      const id = parseOrThrow(petIdSchema, petId, 'invalid_parameter', 'petId');
      const row = selectById.get(BigInt(id));
      if (row === undefined) throw new ApiError('not_found', `No animal has id ${id}.`);
      return animalFromRow(row);
    },

    findPet(petId) {
      const id = petIdSchema.safeParse(petId);
      const row = id.success ? selectById.get(BigInt(id.data)) : undefined;
      return row === undefined ? undefined : animalFromRow(row);
    },

    browse({ status, search, sort, ...details }, offset, limit) {
      const filter = petsFilter(status, search, true, {
        ...detailFilter(details),
        inOrderFirst: sort === 'name' || status === undefined,
      });
      const sql = `SELECT ${columns} FROM pets WHERE ${filter.sql} ORDER BY ${PETS_ORDER_BY[sort]} LIMIT ? OFFSET ?`;
      return animalsFromRows(statement(sql).all(...filter.params, limit, offset) as AnimalSqlRow[], animalFromRow);
    },

    countByStatus(search, details = {}) {
      const filter = petsFilter(undefined, search, true, detailFilter(details));
      const sql = `SELECT status, count(*) FROM pets WHERE ${filter.sql} GROUP BY status`;
      const counts = countsOf(`${sql} ${JSON.stringify(filter.params)}`, () =>
        toCounts(countStatement(sql).all(...filter.params) as Array<[PetStatus | null, number]>),
      );
      return { ...counts };
    },

    microchipHolder: (microchip) => chipHolder?.get({ microchip, petId: null }),

    lookAlikes(name, categoryId, limit) {
      return animalsFromRows(
        sameNameAndCategory.all({ text: searchText(name.trim()), categoryId: BigInt(categoryId), limit }),
        animalFromRow,
      );
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

/** A builder of statements made once for each set of fields, on first use. */
export function byFieldSet<T>(
  build: (names: readonly AnimalFieldName[]) => T,
): (names: readonly AnimalFieldName[]) => T {
  const built = new Map<string, T>();
  return (names) => {
    const key = names.join(',');
    const made = built.get(key) ?? build(names);
    built.set(key, made);
    return made;
  };
}

/**
 * The upserts of animals that decide the fields `decided` (the row keeps the others): `keepingName`
 * for the usual animal, the same again, which leaves its name's indexes alone (an UPDATE naming
 * search_text rewrites them, whatever the value); else `upsert`. Where species and breed are not
 * decided, a new name is refolded with the row's own.
 */
function upsertStatements(db: SqliteDatabase, decided: readonly AnimalFieldName[]) {
  const butId = decided.filter((name) => name !== 'id');
  const butIdAndName = butId.filter((name) => name !== 'name');
  const searchesDetails = decided.includes('species') || decided.includes('breed');
  const searchText = searchesDetails
    ? 'excluded.search_text'
    : `CASE WHEN pets.species IS NULL AND pets.breed IS NULL THEN excluded.search_text
        ELSE animal_search_text(excluded.name, pets.species, pets.breed) END`;
  return {
    searchesDetails,
    keepingName: db.prepare<WithSearchText<AnimalParams>>(
      `UPDATE pets SET ${setEach(butIdAndName)} WHERE id = @id AND name = @name
       ${searchesDetails ? 'AND search_text = @searchText' : ''} AND NOT ${OLDER_THAN_GIVEN}`,
    ),
    upsert: db.prepare<WithSearchText<AnimalParams>>(
      `INSERT INTO pets (${columnsOf(decided)}, search_text) VALUES (${paramsOf(decided)}, @searchText)
       ON CONFLICT (id) DO UPDATE SET ${setEach(butId, (column) => `excluded.${column}`)}, search_text = ${searchText}
       ${NOT_OLDER}`,
    ),
  };
}
