import { useLayoutEffect, useMemo, useRef } from 'react';

/**
 * The React key of each row drawn: a slot that stays with its animal while the animal is drawn
 * (its element, focus and open menu move with it when rows above come and go), and that is given
 * to another animal once its own has left, so that another filter's rows reuse the elements drawn
 * rather than making new ones (most of a filter change's work in the page). The slot of `kept`
 * (the selected animal) is never given to another: if that animal leaves, its element goes with
 * it, and a key pressed on it acts on no other animal.
 */
export function useRowSlots(drawn: readonly string[], kept: string | null): ReadonlyMap<string, string> {
  const committed = useRef<ReadonlyMap<string, string>>(new Map());
  const made = useRef(0);
  const slots = useMemo(() => {
    const before = committed.current;
    const now = new Set(drawn);
    const free: string[] = [];
    for (const [row, slot] of before) if (!now.has(row) && row !== kept) free.push(slot);
    const next = new Map<string, string>();
    // In the order they were drawn: a row takes the element that stood where it stands, and no element moves.
    let given = 0;
    for (const row of drawn) next.set(row, before.get(row) ?? free[given++] ?? `slot-${made.current++}`);
    return next;
  }, [drawn, kept]);
  useLayoutEffect(() => {
    committed.current = slots;
  }, [slots]);
  return slots;
}
