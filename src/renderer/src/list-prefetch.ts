// The first block of each filter one choice away from the one shown (another status, another sex,
// "under treatment" turned over), asked of main once the window has been quiet a moment, so that
// choosing one shows its rows in the frame that shows the choice, however busy main is then.
// Forgotten whenever the data may have changed; what it keeps is never older than the list shown.
import { PET_STATUSES, SEXES, type AnimalsWindow, type EnvironmentName } from '../../shared/contract';
import { filterQuery, type Filter } from './list-filter';

/** How long the list must stay as it is before the filters beside it are asked for. */
const QUIET_MS = 250;
/** The most first blocks kept (the oldest asked goes first): a person typing many searches keeps the last few. */
const KEPT_MOST = 24;

/** Each filter one click or key away from `filter`. */
export function filtersOneChoiceAway(filter: Filter): Filter[] {
  return [
    ...(['all', ...PET_STATUSES] as const).map((status) => ({ ...filter, status })),
    ...(['all', ...SEXES] as const).map((sex) => ({ ...filter, sex })),
    { ...filter, underTreatment: !filter.underTreatment },
  ];
}

/** Two filters with the same key get the same rows from main in `environment`. */
const keyOf = (environment: EnvironmentName, filter: Filter) =>
  JSON.stringify([environment, filterQuery(filter, environment), filter.sort]);

export interface ListPrefetch {
  /** The first block of `filter`'s list, if it was asked for since the data last changed. */
  take(environment: EnvironmentName, filter: Filter): AnimalsWindow | undefined;
  /** Once the window has been quiet a moment, asks main for the first block of each filter beside `filter`, one at a time. */
  after(environment: EnvironmentName, filter: Filter): void;
  /** The data may have changed: nothing kept is shown again, and no answer on its way is kept. */
  forget(): void;
}

export function createListPrefetch(
  firstBlock: (environment: EnvironmentName, filter: Filter) => Promise<AnimalsWindow>,
): ListPrefetch {
  let kept = new Map<string, AnimalsWindow>();
  // Each forget starts another age of the data: an answer of an older one is dropped. Each list
  // shown starts another round: an older round keeps the answer it waits for, then stops.
  let age = 0;
  let round = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function askBeside(environment: EnvironmentName, filter: Filter, at: number): Promise<void> {
    const shown = keyOf(environment, filter);
    const of = age;
    for (const other of filtersOneChoiceAway(filter)) {
      const key = keyOf(environment, other);
      if (key === shown || kept.has(key)) continue;
      const window = await firstBlock(environment, other).catch(() => null);
      if (of !== age) return;
      if (window !== null) kept.set(key, window);
      if (kept.size > KEPT_MOST) kept.delete(kept.keys().next().value!);
      if (at !== round) return;
    }
  }

  return {
    take: (environment, filter) => kept.get(keyOf(environment, filter)),
    after(environment, filter) {
      const at = ++round;
      clearTimeout(timer);
      timer = setTimeout(() => void askBeside(environment, filter, at), QUIET_MS);
    },
    forget() {
      age++;
      round++;
      clearTimeout(timer);
      kept = new Map();
    },
  };
}
