import {
  ANIMAL_FIELDS,
  HISTORY_FIELD_NAMES,
  historyEntrySchema,
  HISTORY_PAGE_DEFAULT,
  type HistoryEntry,
  type HistoryPage,
  type HistoryPageQuery,
  type HistoryPlace,
} from '../../shared/contract';
import type { SqliteDatabase } from './database';
import type { Migration } from './schema-steps';

/**
 * Each animal's history, kept by the database that holds it: a row per change, written by triggers
 * on `pets` in the same statement as the change, so no road of the app that writes an animal can
 * leave it out (who, when and where come from the connection's write context, write-context.ts).
 * Rows are only ever added: the table refuses an UPDATE or a DELETE.
 */
export const addPetHistory: Migration = (db) => {
  db.exec(`
    CREATE TABLE pet_history (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      pet_id INTEGER NOT NULL,
      at INTEGER NOT NULL,
      place TEXT NOT NULL CHECK (place IN ('here', 'server')),
      via TEXT CHECK (via IN ('window', 'cli', 'service')),
      by TEXT CHECK (length(by) > 0),
      action TEXT NOT NULL,
      changes TEXT NOT NULL CHECK (json_valid(changes))
    ) STRICT;
    CREATE INDEX pet_history_by_animal ON pet_history (pet_id, seq);
    CREATE TRIGGER pet_history_never_changed BEFORE UPDATE ON pet_history BEGIN
      SELECT RAISE(ABORT, 'an animal''s history is never changed');
    END;
    CREATE TRIGGER pet_history_never_removed BEFORE DELETE ON pet_history BEGIN
      SELECT RAISE(ABORT, 'an animal''s history is never removed');
    END;
  `);
};

/**
 * The triggers that record changes, made at each open from the fields declared today that this
 * `pets` table holds: a field added to the declaration (and its column, by a migration) is recorded
 * with no trigger written by hand. They are the connection's own (TEMP), as the write context they
 * read is: another program's connection to the file (the sqlite3 shell, say) writes as it always
 * could, and is not recorded.
 */
export function keepHistoryTriggers(db: SqliteDatabase): void {
  const hasHistory = db.prepare(`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'pet_history'`).get();
  if (hasHistory === undefined) return;
  const held = new Set(db.prepare<[], string>(`SELECT name FROM pragma_table_info('pets')`).pluck().all());
  const fields = HISTORY_FIELD_NAMES.filter((name) => held.has(ANIMAL_FIELDS[name].column));
  for (const sql of historyTriggers(fields)) db.exec(sql);
}

function historyTriggers(fields: readonly (typeof HISTORY_FIELD_NAMES)[number][]): string[] {
  const value = (row: 'old' | 'new', name: (typeof fields)[number]) => {
    const { column, kind } = ANIMAL_FIELDS[name];
    return kind === 'int64' ? `CAST(${row}.${column} AS TEXT)` : `${row}.${column}`;
  };
  const pairs = fields
    .map((name) => `SELECT '${name}' AS field, ${value('old', name)} AS before, ${value('new', name)} AS after`)
    .join(' UNION ALL ');
  const added = fields
    .map((name) => `SELECT '${name}' AS field, NULL AS before, ${value('new', name)} AS after`)
    .join(' UNION ALL ');
  const differs = fields.map((name) => `old.${ANIMAL_FIELDS[name].column} IS NOT new.${ANIMAL_FIELDS[name].column}`);
  const record = (defaultAction: string, changes: string) =>
    `INSERT INTO main.pet_history (pet_id, at, place, via, by, action, changes)
    SELECT new.id, json_extract(w.j, '$.at'), json_extract(w.j, '$.where'), json_extract(w.j, '$.via'),
      json_extract(w.j, '$.by'), json_extract(w.j, '$.action'),
      (SELECT json_group_array(json_array(field, before, after)) FROM (${changes}) WHERE before IS NOT after)
    FROM (SELECT write_context('${defaultAction}') AS j) AS w;`;
  return [
    // An animal first listed from the server is not a change: its history starts with what follows.
    `CREATE TEMP TRIGGER IF NOT EXISTS pets_history_added AFTER INSERT ON main.pets WHEN write_place() = 'here' BEGIN
    ${record('added', added)}
END`,
    `CREATE TEMP TRIGGER IF NOT EXISTS pets_history_changed AFTER UPDATE ON main.pets WHEN ${differs.join(' OR ')} BEGIN
    ${record('changed', pairs)}
END`,
  ];
}

interface HistoryRow {
  seq: number;
  pet_id: string;
  at: number;
  place: string;
  via: string | null;
  by: string | null;
  action: string;
  changes: string;
}

/** Which of an animal's history entries a page holds: all, or only those made at one place. */
export type HistoryPlaceQuery = HistoryPageQuery & { place?: HistoryPlace };

/** Reading an animal's history, newest first, a page at a time (the index serves any page at once). */
export function createPetHistory(db: SqliteDatabase) {
  const page = db.prepare<{ petId: bigint; before: number; limit: number }, HistoryRow>(
    `SELECT seq, CAST(pet_id AS TEXT) AS pet_id, at, place, via, by, action, changes FROM pet_history
     WHERE pet_id = @petId AND seq < @before ORDER BY seq DESC LIMIT @limit`,
  );
  const pageAt = db.prepare<{ petId: bigint; before: number; limit: number; place: string }, HistoryRow>(
    `SELECT seq, CAST(pet_id AS TEXT) AS pet_id, at, place, via, by, action, changes FROM pet_history
     WHERE pet_id = @petId AND seq < @before AND place = @place ORDER BY seq DESC LIMIT @limit`,
  );
  const actsHere = db.prepare<{ petId: bigint; moments: string }, { at: number; by: string | null }>(
    `SELECT at, by FROM pet_history
     WHERE pet_id = @petId AND place = 'here' AND at IN (SELECT value FROM json_each(@moments))`,
  );
  const one = db.prepare<{ petId: bigint; seq: number }, HistoryRow>(
    `SELECT seq, CAST(pet_id AS TEXT) AS pet_id, at, place, via, by, action, changes FROM pet_history
     WHERE pet_id = @petId AND seq = @seq`,
  );
  return {
    /** The entry `seq` of the animal's history, if it is one. */
    entry(petId: string, seq: number): HistoryEntry | undefined {
      const row = one.get({ petId: BigInt(petId), seq });
      return row === undefined ? undefined : entryOf(row);
    },
    page(petId: string, { before, limit = HISTORY_PAGE_DEFAULT, place }: HistoryPlaceQuery): HistoryPage {
      const asked = { petId: BigInt(petId), before: before ?? Number.MAX_SAFE_INTEGER, limit: limit + 1 };
      const rows = place === undefined ? page.all(asked) : pageAt.all({ ...asked, place });
      return { entries: rows.slice(0, limit).map(entryOf), more: rows.length > limit };
    },
    /**
     * Which of these acts (a moment, ISO 8601, and a person or nobody) made a change of the animal
     * here: each as `actKey` gives it. A server told of each write made here keeps its moment and
     * person, so an entry of the server's with one of these is that change seen again.
     */
    actsMadeHere(petId: string, acts: readonly Pick<HistoryEntry, 'at' | 'by'>[]): Set<string> {
      if (acts.length === 0) return new Set();
      const moments = JSON.stringify([...new Set(acts.map(({ at }) => Date.parse(at)))]);
      const rows = actsHere.all({ petId: BigInt(petId), moments });
      return new Set(rows.map(({ at, by }) => actKey({ at: new Date(at).toISOString(), by })));
    },
  };
}

/** One act of a person (or of nobody named) at one moment. */
export const actKey = ({ at, by }: Pick<HistoryEntry, 'at' | 'by'>): string => JSON.stringify([at, by]);

function entryOf(row: HistoryRow): HistoryEntry {
  const changes = (JSON.parse(row.changes) as [string, unknown, unknown][]).map(([field, from, to]) => ({
    field,
    from,
    to,
  }));
  return historyEntrySchema.parse({
    seq: row.seq,
    petId: row.pet_id,
    at: new Date(row.at).toISOString(),
    where: row.place,
    via: row.via,
    by: row.by,
    action: row.action,
    changes,
  });
}
