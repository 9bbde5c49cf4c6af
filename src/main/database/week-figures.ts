import type { GlanceStatus } from '../../shared/contract/week-at-a-glance';
import type { SaleTaking } from '../../shared/contract/orders';
import type { SqliteDatabase } from './database';
import { salesBetween } from './orders-table';
import type { Migration } from './schema-steps';

// A history row that changes the status (an add that gives one included), and one that adds an
// animal (an update never has a name before it). The history writes `changes` with json_array, so
// these texts appear exactly so, and only where a field's entry begins: a value holding them is
// escaped (`[\"status\",`). The same words in a query let SQLite use the partial indexes below.
const MOVES_STATUS = `instr(changes, '["status",') > 0`;
const ADDS = `instr(changes, '["name",null,') > 0`;

/**
 * The week at a glance reads the history by time: its status changes and its adds, each in an index
 * of its own, so a week's figures read that week's rows and the animals waiting longest are found
 * from the oldest change on, stopping at the last one needed.
 */
export const indexHistoryByTime: Migration = (db) => {
  db.exec(`
    CREATE INDEX pet_history_status_by_time ON pet_history (at, seq) WHERE ${MOVES_STATUS};
    CREATE INDEX pet_history_adds_by_time ON pet_history (at) WHERE ${ADDS};
  `);
};

/** The period's days as moments (ms): each day's start, then the last day's end. */
export type DayBounds = readonly number[];

/** What the history says of each day of a period, by index into its days. */
export interface DayCounts {
  /** The statuses at each day's end. */
  statuses: Record<GlanceStatus, number>[];
  added: number[];
  sold: number[];
}

/** An animal sold in the period and still sold at its end, with when it arrived if that is known. */
export interface SoldAnimal {
  soldAt: number;
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

const noStatuses = (): Record<GlanceStatus, number> => ({ available: 0, pending: 0, sold: 0 });
const isGlanceStatus = (status: unknown): status is GlanceStatus =>
  status === 'available' || status === 'pending' || status === 'sold';

/**
 * The figures of a period of days in an environment's database (the app's, or a replica: both keep
 * `pet_history`), aggregated in SQL. The statuses at each day's end are the animals' statuses now
 * with every later status change taken back, over the animals the database still holds: an animal
 * whose history holds no change after a day stood then as it stands now.
 */
export function createWeekFigures(db: SqliteDatabase) {
  // The day each row falls in: 0 for the period's first, the count of days for one after its end.
  const dayOf = (at: string) => `(SELECT max(i) FROM bounds WHERE bounds.at <= ${at})`;
  const bounds = `bounds(i, at) AS (SELECT CAST(key AS INTEGER), value FROM json_each(@bounds))`;
  const moves = `moves AS MATERIALIZED (
    SELECT h.pet_id, h.at, h.seq, ${dayOf('h.at')} AS day,
      json_extract(c.value, '$[1]') AS before, json_extract(c.value, '$[2]') AS after
    FROM pet_history h, json_each(h.changes) c
    WHERE ${MOVES_STATUS.replace('changes', 'h.changes')} AND h.at >= @start
      AND json_extract(c.value, '$[0]') = 'status' AND EXISTS (SELECT 1 FROM pets WHERE pets.id = h.pet_id))`;
  // Each animal's last status change of each day.
  const lastOfDay = `last AS (SELECT pet_id, at, day, after,
    row_number() OVER (PARTITION BY pet_id, day ORDER BY at DESC, seq DESC) AS latest FROM moves)`;

  const now = db.prepare<[], { status: string | null; count: number }>(
    'SELECT status, count(*) AS count FROM pets GROUP BY status',
  );
  const changes = db.prepare<
    { bounds: string; start: number },
    { day: number; before: string | null; after: string | null; count: number }
  >(`WITH ${bounds}, ${moves} SELECT day, before, after, count(*) AS count FROM moves GROUP BY day, before, after`);
  const soldPerDay = db.prepare<{ bounds: string; start: number; days: number }, { day: number; count: number }>(
    `WITH ${bounds}, ${moves}, ${lastOfDay}
     SELECT day, count(*) AS count FROM last WHERE latest = 1 AND after = 'sold' AND day < @days GROUP BY day`,
  );
  const added = db.prepare<{ bounds: string; start: number; end: number }, { day: number; count: number }>(
    `WITH ${bounds} SELECT ${dayOf('h.at')} AS day, count(*) AS count FROM pet_history h
     WHERE ${ADDS.replace('changes', 'h.changes')} AND h.at >= @start AND h.at < @end GROUP BY day`,
  );
  // Sold in the period: the animal's last status change in it made it sold.
  const sold = db.prepare<{ bounds: string; start: number; end: number }, SoldAnimal>(
    `WITH ${bounds}, ${moves.replace('h.at >= @start', 'h.at >= @start AND h.at < @end')},
       period AS (SELECT pet_id, at, after, row_number() OVER (PARTITION BY pet_id ORDER BY at DESC, seq DESC) AS latest
         FROM moves)
     SELECT s.at AS soldAt,
       (SELECT f.at FROM pet_history f WHERE f.pet_id = s.pet_id AND ${ADDS.replace('changes', 'f.changes')}
        ORDER BY f.seq LIMIT 1) AS addedAt,
       (SELECT acquired_on FROM pets WHERE pets.id = s.pet_id AND length(acquired_on) = 10) AS acquiredOn
     FROM period s WHERE latest = 1 AND after = 'sold'`,
  );
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
  // history): since the day it was acquired, when that is kept.
  const waitingByAcquired = db.prepare<[number], AvailableAnimal>(
    `SELECT CAST(p.id AS TEXT) AS petId, p.name, NULL AS since, p.acquired_on AS acquiredOn FROM pets p
     WHERE p.status = 'available' AND length(p.acquired_on) = 10
       AND NOT EXISTS (SELECT 1 FROM pet_history h WHERE h.pet_id = p.id AND ${MOVES_STATUS.replace('changes', 'h.changes')})
     ORDER BY p.acquired_on, p.id LIMIT ?`,
  );

  return {
    /** Each day's statuses at its end, adds and sales. `dayBounds`: each day's start, then the last day's end. */
    days(dayBounds: DayBounds): DayCounts {
      const count = dayBounds.length - 1;
      const query = { bounds: JSON.stringify(dayBounds), start: dayBounds[0]!, end: dayBounds[count]! };
      const current = noStatuses();
      for (const { status, count: animals } of now.all()) if (isGlanceStatus(status)) current[status] = animals;
      // Status changes by the day they fall in; those of a later day are taken back from each day's end.
      const byDay = Array.from({ length: count + 1 }, () => [] as { before: unknown; after: unknown; count: number }[]);
      for (const row of changes.all(query)) byDay[row.day]!.push(row);
      const statuses: Record<GlanceStatus, number>[] = new Array(count);
      const standing = { ...current };
      for (let day = count - 1; day >= 0; day--) {
        for (const { before, after, count: moved } of byDay[day + 1]!) {
          if (isGlanceStatus(after)) standing[after] -= moved;
          if (isGlanceStatus(before)) standing[before] += moved;
        }
        statuses[day] = { ...standing };
      }
      const perDay = (rows: { day: number; count: number }[]) => {
        const counts = new Array<number>(count).fill(0);
        for (const row of rows) counts[row.day] = row.count;
        return counts;
      };
      return { statuses, added: perDay(added.all(query)), sold: perDay(soldPerDay.all({ ...query, days: count })) };
    },

    /** The animals sold in the period and still sold at its end. */
    soldIn(dayBounds: DayBounds): SoldAnimal[] {
      return sold.all({ bounds: JSON.stringify(dayBounds), start: dayBounds[0]!, end: dayBounds.at(-1)! });
    },

    /** The sales made here from `fromMs` to before `toMs` and not taken back, for the takings. */
    sales: (fromMs: number, toMs: number): SaleTaking[] => salesBetween(db, fromMs, toMs),

    /** Up to `limit` animals of each kind (by history, by the day acquired) available now, oldest first in each. */
    availableLongest(limit: number): AvailableAnimal[] {
      return [...waitingByHistory.all(limit), ...waitingByAcquired.all(limit)];
    },
  };
}

export type WeekFigures = ReturnType<typeof createWeekFigures>;
