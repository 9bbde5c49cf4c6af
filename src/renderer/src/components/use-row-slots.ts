import { useLayoutEffect, useMemo, useRef } from 'react';

/**
 * The slot of each row drawn, from those of the rows drawn before: a row drawn before keeps its
 * slot; a slot whose row has left is given to the next new row, in the order they were drawn (so no
 * element moves); `kept`'s slot is never given to another row; a new slot is made when none is free.
 */
export function nextRowSlots(
  before: ReadonlyMap<string, string>,
  drawn: readonly string[],
  kept: string | null,
  newSlot: () => string,
): Map<string, string> {
  const now = new Set(drawn);
  const free: string[] = [];
  for (const [row, slot] of before) if (!now.has(row) && row !== kept) free.push(slot);
  const next = new Map<string, string>();
  let given = 0;
  for (const row of drawn) next.set(row, before.get(row) ?? free[given++] ?? newSlot());
  return next;
}

/**
 * The React key of each row drawn (see nextRowSlots): a slot stays with its animal while the animal
 * is drawn (its element, focus and open menu move with it when rows above come and go), and is given
 * to another animal once its own has left, so that another filter's rows reuse the elements drawn
 * rather than making new ones (most of a filter change's work in the page). The slot of `kept` (the
 * selected animal) is never given to another: if that animal leaves, its element goes with it, and a
 * key pressed on it acts on no other animal.
 */
export function useRowSlots(drawn: readonly string[], kept: string | null): ReadonlyMap<string, string> {
  const committed = useRef<ReadonlyMap<string, string>>(new Map());
  const made = useRef(0);
  const slots = useMemo(
    () => nextRowSlots(committed.current, drawn, kept, () => `slot-${made.current++}`),
    [drawn, kept],
  );
  useLayoutEffect(() => {
    committed.current = slots;
  }, [slots]);
  return slots;
}
