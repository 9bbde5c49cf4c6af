import { useCallback } from 'react';

/** Where the virtual list measures a row (its height may grow with a long name or a refusal's reason). */
export interface Measured {
  index: number;
  measure: (element: HTMLTableRowElement | null) => void;
}

/**
 * The row's ref: measured again whenever its index changes, as when its element is given to
 * another animal at another place in the list (use-row-slots.ts), not only when it is first drawn.
 */
export function useMeasuredAt({ index, measure }: Measured) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the index is what makes it a new ref
  return useCallback((element: HTMLTableRowElement | null) => measure(element), [measure, index]);
}

/** The selected row is shown so; the list's keys act on the row that has the focus. */
export interface Selectable {
  /** Which animal the row shows (its element says so, as `data-row-key`). */
  rowKey: string;
  selected: boolean;
  /** The one row Tab goes to. */
  tabStop: boolean;
  /** The animal a whole microchip number searched for found. */
  found: boolean;
  /** Marked by the person, to print with the others marked. */
  marked?: boolean;
  onFocus(): void;
}
