/** Where the virtual list measures a row (its height may grow with a long name or a refusal's reason). */
export interface Measured {
  index: number;
  measure: (element: HTMLTableRowElement | null) => void;
}

/** One row is selected: it alone takes the Tab focus, and the list's keys act on it. */
export interface Selectable {
  selected: boolean;
  onFocus(): void;
}
