import { create } from 'zustand';
import type { EnvironmentName } from '../../shared/contract';

/**
 * The animals a person has marked in the list, to print together (a card for each cage they just
 * filled, labels for a delivery): kept by id, whatever the filter, until cleared or the window shows
 * another environment. The window's own choice, not main's: nothing is changed by marking.
 */
interface MarkedAnimals {
  environment: EnvironmentName | null;
  /** The ids marked, in the order they were marked (the order they print in). */
  ids: readonly string[];
  /** Marks the animal, or takes its mark off. */
  toggle(environment: EnvironmentName, id: string): void;
  /** Marks each animal not marked yet (a range, a row moved over with Shift). */
  mark(environment: EnvironmentName, ids: readonly string[]): void;
  /** Takes the marks off these (animals gone since they were marked). */
  unmark(environment: EnvironmentName, ids: readonly string[]): void;
  clear(): void;
}

const NONE: readonly string[] = [];

export const useMarkedAnimals = create<MarkedAnimals>()((set, get) => {
  /** The marks of `environment`: another's are dropped first. */
  const marksIn = (environment: EnvironmentName) => (get().environment === environment ? get().ids : NONE);
  return {
    environment: null,
    ids: NONE,
    toggle(environment, id) {
      const ids = marksIn(environment);
      set({ environment, ids: ids.includes(id) ? ids.filter((one) => one !== id) : [...ids, id] });
    },
    mark(environment, more) {
      const ids = marksIn(environment);
      const seen = new Set(ids);
      const added = more.filter((id) => !seen.has(id) && (seen.add(id), true));
      if (added.length > 0 || get().environment !== environment) set({ environment, ids: [...ids, ...added] });
    },
    unmark(environment, gone) {
      const off = new Set(gone);
      set({ environment, ids: marksIn(environment).filter((id) => !off.has(id)) });
    },
    clear: () => set({ environment: null, ids: NONE }),
  };
});

/** The ids marked in `environment` (none when the marks are another's). */
export const markedIn = (state: Pick<MarkedAnimals, 'environment' | 'ids'>, environment: EnvironmentName | null) =>
  state.environment === environment ? state.ids : NONE;

/** Where the window is: its environment, and that environment's server's address (undefined: not heard yet). */
export interface WhereShown {
  environment: EnvironmentName | null;
  address: string | null | undefined;
}

/**
 * Whether the marks are let go: another environment shown, or its server at another address (where
 * the same numbers are other animals). The address's first word, heard late, is no move.
 */
export function marksLetGo(now: WhereShown, before: WhereShown): boolean {
  if (now.environment !== before.environment) return true;
  return now.address !== undefined && before.address !== undefined && now.address !== before.address;
}
