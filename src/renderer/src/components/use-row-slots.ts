import { useLayoutEffect, useMemo, useRef } from 'react';
import { nextRowSlots } from '../row-slots';

/**
 * The React key of each row drawn (see nextRowSlots): a slot stays with its animal while the animal
 * is drawn (its element, focus and open menu move with it when rows above come and go), and is given
 * to another animal once its own has left, so that another filter's rows reuse the elements drawn
 * rather than making new ones (most of a filter change's work in the page). The slot of `kept` (the
 * selected animal) is never given to another: if that animal leaves, its element goes with it, and a
 * key pressed on it acts on no other animal.
 */
export function useRowSlots(
  drawn: readonly string[],
  kept: string | null,
  filter: object,
): ReadonlyMap<string, string> {
  const committed = useRef<{ slots: ReadonlyMap<string, string>; filter: object | null }>({
    slots: new Map(),
    filter: null,
  });
  const made = useRef(0);
  // Only another filter's rows take the elements of rows that left: rows that come and go in the
  // same list (an add above, a sync) are drawn in new ones, and those on screen stay where they are.
  const slots = useMemo(
    () =>
      nextRowSlots(
        committed.current.slots,
        drawn,
        kept,
        () => `slot-${made.current++}`,
        filter !== committed.current.filter,
      ),
    [drawn, kept, filter],
  );
  useLayoutEffect(() => {
    committed.current = { slots, filter };
  }, [slots, filter]);
  return slots;
}
