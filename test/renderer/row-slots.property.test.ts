// The slots rows are drawn in: over random sequences of drawn rows (filters, scrolls, rows coming
// and going) and a selected row, every rule nextRowSlots states holds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextRowSlots } from '../../src/renderer/src/row-slots';

const rows = fc.uniqueArray(fc.integer({ min: 0, max: 40 }).map(String), { maxLength: 15 });
const step = fc.record({
  drawn: rows,
  kept: fc.option(fc.integer({ min: 0, max: 40 }).map(String)),
  reuse: fc.boolean(),
});

describe('the slots rows are drawn in', () => {
  it('keep a row’s slot while it is drawn, reuse freed ones in order for another filter, never give the kept one away', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let before = new Map<string, string>();
        let made = 0;
        const everMade = new Set<string>();
        for (const { drawn, kept, reuse } of steps) {
          const next = nextRowSlots(before, drawn, kept, () => `s${made++}`, reuse);
          expect([...next.keys()]).toEqual(drawn);
          const slots = [...next.values()];
          expect(new Set(slots).size).toBe(slots.length); // one element per row
          for (const row of drawn) if (before.has(row)) expect(next.get(row)).toBe(before.get(row));
          // The kept row's slot, if it left, shows no other row.
          if (kept !== null && before.has(kept) && !next.has(kept)) expect(slots).not.toContain(before.get(kept));
          // Without reuse (the same list again), a new row always gets a new slot.
          if (!reuse) for (const row of drawn) if (!before.has(row)) expect(everMade.has(next.get(row)!)).toBe(false);
          // A new slot only when every freed one was given.
          const freed = reuse
            ? [...before].filter(([row]) => !next.has(row) && row !== kept).map(([, slot]) => slot)
            : [];
          const fresh = slots.filter((slot) => !everMade.has(slot));
          if (fresh.length > 0) expect(freed.every((slot) => slots.includes(slot))).toBe(true);
          // Freed slots go to the new rows in the order both were drawn.
          const newRows = drawn.filter((row) => !before.has(row));
          const given = newRows.map((row) => next.get(row)!).filter((slot) => freed.includes(slot));
          expect(given).toEqual(freed.slice(0, given.length));
          for (const slot of slots) everMade.add(slot);
          before = next;
        }
      }),
    );
  });
});
