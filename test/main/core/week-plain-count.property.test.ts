// The week at a glance against a plain count of the same history: random adds, status changes
// (some by another program, which the history does not see) and moves of the clock, then each day
// of a random period counted animal by animal from the rows the database holds, as its contract
// says: an animal's status at a day's end is that before its first status change after the day,
// or its status now; added, the adds of the day; sold, the animals whose last change of the day
// made them sold. fast-check prints the seed of a run that disagrees.
process.env.TZ = 'Europe/London';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME } from '../../../src/main/config/data-dir';
import { localToday, type PetStatus } from '../../../src/shared/contract';
import { addDays } from '../../../src/shared/contract/week-at-a-glance';
import { clockedShop, shopTime, statusesOf, tradeOf } from './clocked-shop';
import { useTestCore } from './test-core';

const STATUSES: PetStatus[] = ['available', 'pending', 'sold'];
const HOUR = 3_600_000;
const FIRST_DAY = '2026-10-01';

const command = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), status: fc.constantFrom(...STATUSES) }),
  fc.record({ kind: fc.constant('change' as const), pet: fc.nat(), status: fc.constantFrom(...STATUSES) }),
  fc.record({ kind: fc.constant('unrecorded' as const), pet: fc.nat(), status: fc.constantFrom(...STATUSES) }),
  fc.record({ kind: fc.constant('later' as const), hours: fc.integer({ min: 1, max: 40 }) }),
);

interface Row {
  pet: string;
  at: number;
  seq: number;
  changes: [string, unknown, unknown][];
}

/** Each day's figures counted animal by animal from the database's rows, for the days the answer counts. */
function plainCount(file: string, days: string[]) {
  const raw = new Database(file, { readonly: true });
  const pets = raw.prepare<[], { id: string; status: string }>('SELECT CAST(id AS TEXT) AS id, status FROM pets').all();
  const rows = raw
    .prepare<[], { pet: string; at: number; seq: number; changes: string }>(
      'SELECT CAST(pet_id AS TEXT) AS pet, at, seq, changes FROM pet_history ORDER BY at, seq',
    )
    .all()
    .map((row): Row => ({ ...row, changes: JSON.parse(row.changes) as Row['changes'] }));
  raw.close();
  const status = (row: Row) => row.changes.find(([field]) => field === 'status');
  const endOf = (day: string) => shopTime(addDays(day, 1), '00:00');
  return days.map((day) => {
    const counts: Record<string, number> = { available: 0, pending: 0, sold: 0 };
    for (const pet of pets) {
      const firstAfter = rows.find((row) => row.pet === pet.id && row.at >= endOf(day) && status(row));
      const then = firstAfter === undefined ? pet.status : status(firstAfter)![1];
      if (typeof then === 'string' && then in counts) counts[then]!++;
    }
    const ofDay = rows.filter((row) => localToday(new Date(row.at)) === day);
    const added = ofDay.filter((row) => row.changes.some(([field, from]) => field === 'name' && from === null)).length;
    const lastOfDay = new Map<string, unknown>();
    for (const row of ofDay) if (status(row)) lastOfDay.set(row.pet, status(row)![2]);
    const sold = [...lastOfDay.values()].filter((after) => after === 'sold').length;
    return { statuses: [counts.available, counts.pending, counts.sold], added, sold };
  });
}

describe('the week at a glance and a plain count of the same history', () => {
  const { open, tempDir } = useTestCore();

  it('agree on every day with figures, whatever was written', () => {
    const { core, at, add, status } = clockedShop(open);
    const file = join(tempDir(), DATABASE_FILE_NAME);
    let clock = shopTime(FIRST_DAY, '08:00');
    const ids: string[] = [];
    fc.assert(
      fc.property(
        fc.array(command, { maxLength: 25 }),
        fc.nat({ max: 20 }),
        fc.integer({ min: 1, max: 15 }),
        (commands, offset, length) => {
          for (const step of commands) {
            at(localToday(new Date(clock)), new Date(clock).toTimeString().slice(0, 5));
            if (step.kind === 'later') clock += step.hours * HOUR;
            else if (step.kind === 'add')
              ids.push(add({ name: `Animal ${ids.length}`, categoryId: '1', status: step.status }));
            else if (ids.length === 0) continue;
            else if (step.kind === 'change') status(ids[step.pet % ids.length]!, step.status);
            else {
              const raw = new Database(file);
              raw
                .prepare('UPDATE pets SET status = ? WHERE id = ?')
                .run(step.status, BigInt(ids[step.pet % ids.length]!));
              raw.close();
            }
          }
          const from = addDays(FIRST_DAY, offset);
          const glance = core.weekAtAGlance({ environment: 'local', from, to: addDays(from, length - 1) });
          const counted = glance.days.filter((day) => day.counted).map((day) => day.day);
          const plain = plainCount(file, counted);
          const answered = glance.days.filter((day) => day.counted);
          expect(statusesOf(answered)).toEqual(plain.map((day) => day.statuses));
          expect(tradeOf(answered).map((trade) => (trade as number[]).slice(0, 2))).toEqual(
            plain.map((day) => [day.added, day.sold]),
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});
