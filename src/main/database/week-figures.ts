import { localToday } from '../../shared/contract/calendar-date';
import type { SaleTaking } from '../../shared/contract/orders';
import type { SqliteDatabase } from './database';
import { localDayParameters, localDaySql } from './local-day-sql';
import { salesBetween } from './orders-table';
import { createStatusCounts } from './status-counts';
import { isGlanceStatus, noStatuses, tallyMoves, type DayCounts, type StatusMove } from './week-tally';
import type { Migration } from './schema-steps';

// A history row that changes the status (an add that gives one included), and one that adds an
// animal (an update never has a name before it). The history writes `changes` with json_array, so
// these texts appear exactly so, and only where a field's entry begins: a value holding them is
// escaped (`[\"status\",`). The same words in a query let SQLite use the partial indexes below.
const MOVES_STATUS = `instr(changes, '["status",') > 0`;
const ADDS = `instr(changes, '["name",null,') > 0`;
// The status change a row holds, cut out of its changes: a small JSON array ["status", before, after].
const STATUS_ENTRY = `substr(changes, instr(changes, '["status",'), instr(substr(changes, instr(changes, '["status",')), ']'))`;
const STATUS_BEFORE = `json_extract(${STATUS_ENTRY}, '$[1]')`;
const STATUS_AFTER = `json_extract(${STATUS_ENTRY}, '$[2]')`;
// An animal available now with the day it was acquired kept.
const AVAILABLE_SINCE_ACQUIRED = `status = 'available' AND length(acquired_on) = 10`;

/**
 * The week at a glance reads the history by time: its status changes and its adds, each in an index
 * of its own, so a week's figures read that week's rows and the animals waiting longest are found
 * from the oldest change on, stopping at the last one needed. The status changes' index holds each
 * one's animal and statuses before and after, so a period's are read from it alone.
 */
export const indexHistoryByTime: Migration = (db) => {
  db.exec(`
    CREATE INDEX pet_history_status_by_time ON pet_history (at, seq, pet_id, ${STATUS_BEFORE}, ${STATUS_AFTER})
      WHERE ${MOVES_STATUS};
    CREATE INDEX pet_history_adds_by_time ON pet_history (at) WHERE ${ADDS};
    CREATE INDEX pets_available_by_acquired ON pets (acquired_on, id) WHERE ${AVAILABLE_SINCE_ACQUIRED};
  `);
};

/** A period of days in this computer's time zone: its days (YYYY-MM-DD), from the first's start to the last's end (ms). */
export interface GlancePeriod {
  days: readonly string[];
  start: number;
  end: number;
}

/** An animal sold in the period and still sold at its end, with when it arrived if that is known. */
export interface SoldAnimal {
  soldAt: number;
  /** When its history begins with its add (ms); null when it does not. */
  addedAt: number | null;
  acquiredOn: string | null;
}

/** An animal available now: since when its history says, or the day it was acquired. */
export interface AvailableAnimal {
  petId: string;
  name: string;
  since: number | null;
  acquiredOn: string | null;
}

const LAST_DAY = '9999-12-31';

/**
 * The figures of a period of days in an environment's database (the app's, or a replica: both keep
 * `pet_history`), aggregated in SQL. The statuses at each day's end are the animals' statuses now
 * with every later status change taken back, over the animals the database still holds: an animal
 * whose history holds no change after a day stood then as it stands now. `animalsLeave`: the
 * database may lose animals (a replica's, when its server no longer lists them), so each change is
 * checked for an animal still held; the local store keeps every animal it ever had.
 */
export function createWeekFigures(db: SqliteDatabase, { animalsLeave }: { animalsLeave: boolean }) {
  // The day of the period a moment falls on (its count of days for one after it), in this computer's time zone.
  const localDay = (at: string) => localDaySql(at, '@dayCount');
  // The status changes from the period's start on, of the animals the database still holds, in
  // the order of their moments: read from their index alone, in the index's own words.
  const moves = db.prepare<Record<string, number>, StatusMove>(
    `SELECT CAST(pet_id AS TEXT) AS petId, at, ${localDay('at')} AS day, ${STATUS_BEFORE} AS before,
       ${STATUS_AFTER} AS after, (SELECT status FROM pets WHERE pets.id = pet_history.pet_id) AS current
     FROM pet_history WHERE ${MOVES_STATUS} AND at >= @start
       ${animalsLeave ? 'AND EXISTS (SELECT 1 FROM pets WHERE pets.id = pet_history.pet_id)' : ''}
     ORDER BY at, seq`,
  );
  const added = db.prepare<Record<string, number>, { day: number; count: number }>(
    `SELECT ${localDay('at')} AS day, count(*) AS count FROM pet_history
     WHERE ${ADDS} AND at >= @start AND at < @end GROUP BY day`,
  );
  // When each of these animals (a JSON array of [id, sold at]) arrived: its history's add, or the day it was acquired.
  const arrivals = db.prepare<[string], SoldAnimal>(
    `SELECT soldAt, addedAt,
       CASE WHEN addedAt IS NULL THEN (SELECT acquired_on FROM pets WHERE pets.id = sold.petId AND length(acquired_on) = 10)
       END AS acquiredOn
     FROM (SELECT CAST(s.value ->> 0 AS INTEGER) AS petId, s.value ->> 1 AS soldAt,
       (SELECT f.at FROM pet_history f INDEXED BY pet_history_by_animal
        WHERE f.pet_id = CAST(s.value ->> 0 AS INTEGER) AND ${ADDS.replace('changes', 'f.changes')}
        ORDER BY f.seq LIMIT 1) AS addedAt
       FROM json_each(?) s) AS sold`,
  );
  const statusesNow = createStatusCounts(db);

  // Available now, by its last status change (which made it available), oldest first: read in
  // time order and stopped at the last one needed.
  const waitingByHistory = db.prepare<[number], AvailableAnimal>(
    `SELECT CAST(p.id AS TEXT) AS petId, p.name, h.at AS since,
       CASE WHEN length(p.acquired_on) = 10 THEN p.acquired_on END AS acquiredOn
     FROM pet_history h CROSS JOIN pets p ON p.id = h.pet_id
     WHERE ${MOVES_STATUS.replace('changes', 'h.changes')} AND p.status = 'available'
       AND NOT EXISTS (SELECT 1 FROM pet_history later WHERE later.pet_id = h.pet_id AND later.seq > h.seq
         AND ${MOVES_STATUS.replace('changes', 'later.changes')})
     ORDER BY h.at, h.seq LIMIT ?`,
  );
  // Available with no status change in the history (listed from a server, or older than the
  // history): since the day it was acquired, when that is kept, up to a day (the history's own
  // longest waits need none acquired after them).
  const waitingByAcquired = db.prepare<[string, number], AvailableAnimal>(
    `SELECT CAST(p.id AS TEXT) AS petId, p.name, NULL AS since, p.acquired_on AS acquiredOn
     FROM pets p INDEXED BY pets_available_by_acquired
     WHERE ${AVAILABLE_SINCE_ACQUIRED} AND p.acquired_on <= ?
       AND NOT EXISTS (SELECT 1 FROM pet_history h WHERE h.pet_id = p.id AND ${MOVES_STATUS.replace('changes', 'h.changes')})
     ORDER BY p.acquired_on, p.id LIMIT ?`,
  );

  // The history's first moment: that of its first row, or of an earlier one written later (a clock
  // put right), among those the figures read; each read from the head of an index.
  const firstMoment = db
    .prepare<[], number | null>(
      `SELECT min(at) FROM (
         SELECT * FROM (SELECT at FROM pet_history ORDER BY seq LIMIT 1)
         UNION ALL SELECT * FROM (SELECT at FROM pet_history WHERE ${MOVES_STATUS} ORDER BY at LIMIT 1)
         UNION ALL SELECT * FROM (SELECT at FROM pet_history WHERE ${ADDS} ORDER BY at LIMIT 1))`,
    )
    .pluck();

  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  const ownChanges = db.prepare<[], number>('SELECT total_changes()').pluck();

  return {
    /** Changes whenever the figures may have: another connection committed, or this one wrote. */
    version(): string {
      statusesNow(); // its count writes rows of its own (TEMP), which total_changes() counts: done first
      return `${dataVersion.get()}.${ownChanges.get()}`;
    },

    /** When the history begins (ms): null while it holds nothing. */
    historyBegins: (): number | null => firstMoment.get() ?? null,

    /**
     * Each day's statuses at its end, adds and sales over `period` (its days, from `start` to
     * before `end`, in ms), and the animals sold in it and still sold at its end: the period's
     * status changes read once, in one pass.
     */
    count(period: GlancePeriod): { days: DayCounts; sold: SoldAnimal[] } {
      const dayCount = period.days.length;
      const query = {
        ...localDayParameters(period.start, period.end),
        start: period.start,
        end: period.end,
        dayCount,
      };
      const now = noStatuses();
      for (const { status, count } of statusesNow()) if (isGlanceStatus(status)) now[status] = count;
      const { statuses, sold, soldInPeriod } = tallyMoves(now, moves.all(query), dayCount);
      const adds = new Array<number>(dayCount).fill(0);
      for (const row of added.all(query)) if (row.day < dayCount) adds[row.day] = row.count;
      const soldAnimals = soldInPeriod.size === 0 ? [] : arrivals.all(JSON.stringify([...soldInPeriod]));
      return { days: { statuses, added: adds, sold }, sold: soldAnimals };
    },

    /** The sales made here from `fromMs` to before `toMs` and not taken back, for the takings. */
    sales: (fromMs: number, toMs: number): SaleTaking[] => salesBetween(db, fromMs, toMs),

    /** Up to `limit` animals of each kind (by history, by the day acquired) available now, oldest first in each. */
    availableLongest(limit: number): AvailableAnimal[] {
      const byHistory = waitingByHistory.all(limit);
      const last = byHistory.length < limit ? undefined : byHistory.at(-1)!.since;
      return [
        ...byHistory,
        ...waitingByAcquired.all(last === undefined ? LAST_DAY : localToday(new Date(last!)), limit),
      ];
    },
  };
}

export type WeekFigures = ReturnType<typeof createWeekFigures>;
