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
