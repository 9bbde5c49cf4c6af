import {
  ANIMAL_FIELDS,
  DETAIL_FIELD_NAMES,
  localToday,
  PERSON_FIELD_NAMES,
  pickFields,
  REMOTE_PERSON_FIELD_NAMES,
  settleAnimal,
  type ClientAct,
  type FieldProblem,
  type NewPet,
  type OutboxEntry,
  type OutboxState,
  type Pet,
  type PetStatus,
  type RemoteEnvironment,
  type PersonFieldName,
  type StatusCounts,
  type ValidAnimalsQuery,
} from '../../shared/contract';
import {
  animalColumns,
  animalParams,
  columnsOf,
  paramsOf,
  setEach,
  type AnimalParams,
  type AnimalSqlRow,
} from '../database/animal-columns';
import { writeTransaction, type SqliteDatabase } from '../database/database';
import { refuseTakenMicrochip } from '../database/microchip-holder';
import type { PetsTable } from '../database/pets-table';
import { ORDER_BY, petsFilter, toCounts } from '../database/name-search';
import { searchText } from '../database/search-text';
import { acting, personAct, type WriteAct } from '../database/write-context';
import { actToSend } from './act-to-send';
import { newIdempotencyKey } from './idempotency-keys';
import { createMicrochipHolders } from './microchip-holders';
import { createWriteQueue, type ClaimedBase, type QueueKind, type QueueRow } from './write-queue';

/** What an add holds of its animal: what a person gives, its details too (sent or kept here). */
const ADDED = PERSON_FIELD_NAMES;

/** An add as read from `outbox`: the shared columns, its animal (null where it lacks a field), and whether its details stay here. */
type AddRow = QueueRow<OutboxState> &
  Pick<AnimalSqlRow, PersonFieldName> & { server: string | null; details_here: 0 | 1; act: string | null };

/** A due add as claimed for sending. */
export interface ClaimedEntry extends ClaimedBase {
  newPet: NewPet;
  /** Who added it and when, for a server that records them (our history extension). */
  act?: ClientAct;
}

function newPetOf(row: AddRow): NewPet {
  const pet: Record<string, unknown> = {};
  for (const name of ADDED) if (row[name] !== null) pet[name] = row[name];
  return pet as NewPet;
}

/**
 * Which entries a status filter shows, and counts: not one the server refused. It never reached the
 * shop, so it is under All alone, where a person fixes or discards it.
 */
const UNDER_ITS_STATUS = `state <> 'refused'`;

/** Adds as a kind of write (see write-queue.ts): an animal added here, until the server has it. */
const addKind = (
  db: SqliteDatabase,
  pets: PetsTable,
  keepDetailsOf: { run(both: { rowId: number; petId: bigint }): unknown },
  refuseTakenBy: (pet: NewPet, row?: AddRow) => void,
  takesHistory: () => boolean,
): QueueKind<AddRow, OutboxEntry, { newPet: NewPet; act?: ClientAct }, NewPet> => {
  // The adds of an acceptance, each with the animal it became.
  const keptWith: Array<{ rowId: number; pet: Pet }> = [];
  const actOf = db.prepare<[number], { act: string | null; created_at: number }>(
    'SELECT act, created_at FROM outbox WHERE id = ?',
  );
  return {
    table: 'outbox',
    indexes: { waiting: 'outbox_waiting', open: 'outbox_unsynced' },
    columns: `${animalColumns('outbox', ADDED)}, CAST(outbox.server_id AS TEXT) AS server, outbox.details_here, outbox.act`,
    idPrefix: '',
    words: { made: 'this animal was added', mayAlready: 'have it', check: "the server's list" },
    entryOf(row, environment) {
      const entry: OutboxEntry = {
        ...newPetOf(row),
        entryId: String(row.id),
        environment,
        baseUrl: row.base_url,
        state: row.state,
        attempts: row.attempts,
        lastError: row.last_error,
        serverId: row.server,
        createdAt: new Date(row.created_at).toISOString(),
        mayBeOnServer: row.may_be_on_server === 1,
      };
      if (row.last_error_fields !== null) entry.lastErrorFields = JSON.parse(row.last_error_fields) as FieldProblem[];
      return entry;
    },
    // A server that did not take details when the add was made is not sent them: they stay here.
    sent: (row) => {
      const newPet = newPetOf(row);
      return {
        newPet: row.details_here === 1 ? (pickFields(newPet, REMOTE_PERSON_FIELD_NAMES) as NewPet) : newPet,
        act: actToSend(row.act, takesHistory()),
      };
    },
    // The entries become the server's animals, with the details kept here of those that have them;
    // each animal's history starts with its add, as the person made it, when they made it.
    accept: {
      set: 'server_id = @serverId',
      params: (pet) => ({ serverId: BigInt(pet.id) }),
      each: (id, pet) => keptWith.push({ rowId: id, pet }),
      then() {
        for (const { rowId, pet } of keptWith.splice(0)) {
          // An add discarded while on its way is the server's animal now: no act of ours begins it.
          const row = actOf.get(rowId);
          if (row === undefined) {
            pets.upsertPets([pet]);
            continue;
          }
          const made = row.act === null ? {} : (JSON.parse(row.act) as Partial<WriteAct>);
          acting(db, { ...made, where: 'here', at: made.at ?? row.created_at }, () => {
            pets.upsertPets([pet]);
            keepDetailsOf.run({ rowId, petId: BigInt(pet.id) });
          });
        }
      },
    },
    // Sent as it was or corrected; a held one to the server's current address. A refused one stays
    // with its own: an address changed since is confirmed by a person when it is claimed.
    resend: {
      set: `${setEach(ADDED)}, search_text = @searchText, base_url = CASE WHEN state = 'held' THEN @baseUrl ELSE base_url END`,
      params(row, fix) {
        if (fix !== undefined) refuseTakenBy(fix, row);
        return addedParams(fix ?? newPetOf(row));
      },
    },
  };
};

const DETAIL_COLUMNS = DETAIL_FIELD_NAMES.map((name) => ANIMAL_FIELDS[name].column);

const addedParams = (pet: NewPet): AnimalParams<PersonFieldName> & { searchText: string } => ({
  ...animalParams(pet, ADDED),
  searchText: searchText(pet.name),
});

/**
 * The outbox of one replica: the adds made here, in the one write queue's life (write-queue.ts),
 * and every SQL statement of their own.
 */
export function createOutbox(
  db: SqliteDatabase,
  replica: PetsTable,
  environment: RemoteEnvironment,
  now: () => number = Date.now,
  /** Whether the server records who made each write (our history extension): only then is it told. */
  takesHistory: () => boolean = () => false,
) {
  // An add whose details stay here (details_here) puts them on the animal it became, marked kept here.
  const keepDetailsOf = db.prepare<{ rowId: number; petId: bigint }>(
    `UPDATE pets SET (${DETAIL_COLUMNS.join(', ')}) = (SELECT ${DETAIL_COLUMNS.join(', ')} FROM outbox WHERE id = @rowId),
       details_here = 1,
       search_text = (SELECT animal_search_text(pets.name, species, breed) FROM outbox WHERE id = @rowId)
     WHERE id = @petId AND EXISTS (SELECT 1 FROM outbox WHERE id = @rowId AND details_here = 1
       AND coalesce(${DETAIL_COLUMNS.join(', ')}) IS NOT NULL)`,
  );
  // A person's add or correction: within the store's rules across fields (a sale, how it left), its
  // microchip number no other animal's here (see microchip-holders.ts).
  const { holderOf } = createMicrochipHolders(db);
  const refuseTakenBy = (pet: NewPet, row?: AddRow): void => {
    settleAnimal(undefined, pet, pet, localToday());
    refuseTakenMicrochip(pet, row === undefined ? undefined : newPetOf(row), (microchip) =>
      holderOf(microchip, { addRow: row?.id }),
    );
  };
  const queue = createWriteQueue(
    db,
    addKind(db, replica, keepDetailsOf, refuseTakenBy, takesHistory),
    environment,
    now,
  );
  const { columns, toEntry } = queue;
  const statements = new Map<string, ReturnType<typeof db.prepare>>();
  const statement = (sql: string) => statements.get(sql) ?? statements.set(sql, db.prepare(sql)).get(sql)!;

  const insert = db.prepare<Record<string, unknown>, AddRow>(
    `INSERT INTO outbox (environment, base_url, idempotency_key, ${columnsOf(ADDED)}, state, created_at, updated_at, search_text, details_here, act)
     VALUES (@environment, @baseUrl, @key, ${paramsOf(ADDED)}, 'pending', @at, @at, @searchText, @detailsHere, @act) RETURNING ${columns}`,
  );
  const sameNameAndCategory = db.prepare<[string, bigint, number], AddRow>(
    `SELECT ${columns} FROM outbox INDEXED BY outbox_unsynced
     WHERE state <> 'accepted' AND search_text = ? AND category_id = ? ORDER BY id LIMIT ?`,
  );
  const unsyncedPage = db.prepare<{ status: string | null; limit: number }, AddRow>(
    `SELECT ${columns} FROM outbox INDEXED BY outbox_unsynced
     WHERE state <> 'accepted' AND (@status IS NULL OR (status = @status AND ${UNDER_ITS_STATUS})) ORDER BY id LIMIT @limit`,
  );
  const all = db.prepare<[], AddRow>(`SELECT ${columns} FROM outbox ORDER BY id`);
  // Checked in the transaction that adds: another process may be adding too.
  const addOne = writeTransaction(db, (newPet: NewPet, params: Record<string, unknown>): AddRow => {
    refuseTakenBy(newPet);
    return insert.get(params)!;
  });
  // Only while the add is certainly not on the server: its key would then name another animal.
  const correctAdd = db.prepare<Record<string, unknown>>(
    `UPDATE outbox SET ${setEach(ADDED)}, search_text = @searchText, updated_at = @at
     WHERE id = @id AND state IN ('pending', 'refused', 'held') AND maybe_sent = 0`,
  );

  return {
    ...queue,

    /**
     * Written durably, to be sent with `idempotencyKey` (a new one, unless the add has its own: an
     * imported row's); its details sent with it, or kept here (`detailsHere`, unless told otherwise).
     */
    add(
      newPet: NewPet,
      baseUrl: string,
      {
        detailsHere = true,
        idempotencyKey = newIdempotencyKey(),
      }: { detailsHere?: boolean; idempotencyKey?: string } = {},
    ): OutboxEntry {
      const at = now();
      const params = {
        ...addedParams(newPet),
        environment,
        baseUrl,
        key: idempotencyKey,
        at,
        detailsHere: detailsHere ? 1 : 0,
        act: personAct(db),
      };
      return toEntry(addOne(newPet, params));
    },

    /** The animal of the replica (shown, or an add waiting) that has this microchip number, if any. */
    microchipHolder: (microchip: string) => holderOf(microchip),

    /** Up to `limit` entries not yet on the server of this name (as search reads it) in this category. */
    lookAlikes: (name: string, categoryId: string, limit: number): OutboxEntry[] =>
      sameNameAndCategory.all(searchText(name.trim()), BigInt(categoryId), limit).map(toEntry),

    /**
     * A correction of an add not yet on the server: the add carries it. False when it may have reached
     * the server already (on its way, or a send went unanswered), or is there.
     */
    correct: writeTransaction(db, (entryId: string, pet: NewPet): boolean => {
      const row = queue.row(entryId);
      if (row === undefined || correctAdd.run({ ...addedParams(pet), id: row.id, at: now() }).changes === 0)
        return false;
      refuseTakenBy(pet, row); // undone with the correction
      return true;
    }),

    /** Not yet accepted, oldest first (the order they are sent in): at most `limit`, optionally of one status. */
    unsynced: ({ limit = 100, status }: { limit?: number; status?: PetStatus } = {}): OutboxEntry[] =>
      unsyncedPage.all({ status: status ?? null, limit }).map(toEntry),
    list: (): OutboxEntry[] => all.all().map(toEntry),

    /** The animals screen's rows of entries not yet accepted (always listed before the server's animals). */
    browse(
      {
        status,
        search,
        sort,
        sex,
        underTreatment,
      }: Pick<ValidAnimalsQuery, 'status' | 'search' | 'sort' | 'sex' | 'underTreatment'>,
      offset: number,
      limit: number,
    ): OutboxEntry[] {
      // The outbox is small (what was added here and not yet accepted): a scan serves any search.
      const filter = petsFilter(status, search, false, { sex, underTreatment });
      const refused = status === undefined ? '' : ` AND ${UNDER_ITS_STATUS}`;
      const sql = `SELECT ${columns} FROM outbox WHERE state <> 'accepted'${refused} AND ${filter.sql}
        ORDER BY ${ORDER_BY[sort]} LIMIT ? OFFSET ?`;
      return (statement(sql).all(...filter.params, limit, offset) as AddRow[]).map(toEntry);
    },
    countByStatus(
      search: string | undefined,
      { sex, underTreatment }: Pick<ValidAnimalsQuery, 'sex' | 'underTreatment'> = {},
    ): StatusCounts {
      const filter = petsFilter(undefined, search, false, { sex, underTreatment });
      const sql = `SELECT CASE WHEN ${UNDER_ITS_STATUS} THEN status END AS shown, count(*) AS n FROM outbox
        WHERE state <> 'accepted' AND ${filter.sql} GROUP BY 1`;
      const rows = statement(sql).all(...filter.params) as Array<{ shown: PetStatus | null; n: number }>;
      return toCounts(rows.map(({ shown, n }) => [shown, n]));
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
