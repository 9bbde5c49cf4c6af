import {
  ApiError,
  listPetsQuerySchema,
  newPetSchema,
  parseOrThrow,
  petIdSchema,
  type ListPetsQuery,
  type NewPet,
  type Pet,
  type PetStatus,
} from '../../shared/contract';
import type { SqliteDatabase } from './database';

/** The three operations of the interface, plus the bulk upsert a replica needs. */
export interface PetStore {
  listPets(query?: Partial<ListPetsQuery>): Pet[];
  createPet(newPet: NewPet): Pet;
  getPet(petId: string): Pet;
  /** Inserts or replaces animals by id, all in one transaction. Input must already be valid. */
  upsertPets(pets: readonly Pet[]): void;
}

interface PetRow {
  id: string;
  name: string;
  categoryId: string;
  status: PetStatus | null;
}

// int64 columns leave SQLite as decimal text: exact at any size, and no BigInt on the hot path.
// The aliases shadow the columns in ORDER BY (SQLite prefers an alias there), hence `pets.id`.
const PET_COLUMNS = `CAST(id AS TEXT) AS id, name, CAST(category_id AS TEXT) AS categoryId, status`;

function toPet(row: PetRow): Pet {
  return row.status === null
    ? { id: row.id, name: row.name, categoryId: row.categoryId }
    : { id: row.id, name: row.name, categoryId: row.categoryId, status: row.status };
}

/**
 * Every argument is validated here, whatever typed it: a call from the IPC bridge, the HTTP
 * service or a script gets an ApiError for bad input and leaves nothing half-written.
 */
export function createPetStore(db: SqliteDatabase): PetStore {
  const listAll = db.prepare<[number], PetRow>(`SELECT ${PET_COLUMNS} FROM pets ORDER BY pets.id LIMIT ?`);
  const listByStatus = db.prepare<[string, number], PetRow>(
    `SELECT ${PET_COLUMNS} FROM pets WHERE pets.status = ? ORDER BY pets.id LIMIT ?`,
  );
  const selectById = db.prepare<[bigint], PetRow>(`SELECT ${PET_COLUMNS} FROM pets WHERE pets.id = ?`);
  const insert = db.prepare<[string, bigint, string | null], PetRow>(
    `INSERT INTO pets (name, category_id, status) VALUES (?, ?, ?) RETURNING ${PET_COLUMNS}`,
  );
  const upsert = db.prepare<[bigint, string, bigint, string | null]>(
    `INSERT INTO pets (id, name, category_id, status) VALUES (?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, category_id = excluded.category_id, status = excluded.status`,
  );
  const upsertAll = db.transaction((pets: readonly Pet[]) => {
    for (const pet of pets) upsert.run(BigInt(pet.id), pet.name, BigInt(pet.categoryId), pet.status ?? null);
  });

  return {
    listPets(query = {}) {
      const { limit, status } = parseOrThrow(listPetsQuerySchema, query, 'invalid_parameter', 'query');
      const rows = status === undefined ? listAll.all(limit) : listByStatus.all(status, limit);
      return rows.map(toPet);
    },

    createPet(newPet) {
      const valid = parseOrThrow(newPetSchema('app'), newPet, 'invalid_body', 'body');
      return toPet(insert.get(valid.name, BigInt(valid.categoryId), valid.status ?? null)!);
    },

    getPet(petId) {
      const id = parseOrThrow(petIdSchema, petId, 'invalid_parameter', 'petId');
      const row = selectById.get(BigInt(id));
      if (row === undefined) throw new ApiError('not_found', `No animal has id ${id}.`);
      return toPet(row);
    },

    upsertPets(pets) {
      upsertAll(pets);
    },
  };
}
