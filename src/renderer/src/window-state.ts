// The window's state: what main decided (the active environment, how each server stands) as main
// said it, the screen and the filter (kept across screens), and the list shown.
import { create } from 'zustand';
import {
  describeCategory,
  type AnimalRow,
  type AnimalsWindow,
  type AppError,
  type CategoryName,
  type EnvironmentName,
  type Pet,
  type PetPatch,
  type RemoteEnvironment,
  type ServerStatus,
  type SyncOutcome,
} from '../../shared/contract';
import type { ActiveEnvironmentView, ManagerLockView, PreferencesView } from '../../shared/ipc/views';
import { useActiveCurrency } from './active-currency';
import { call, subscribe } from './api';
import type { Filter } from './list-filter';
import { BLOCK_ROWS, createListLoading } from './list-loading';
import { asManager } from './manager';
import { writeInOrder } from './changes-in-order';

export type Screen = 'animals' | 'week' | 'settings';
export { BLOCK_ROWS };

/**
 * The list on screen: its size and counts (from the first block's answer), and the blocks of
 * rows fetched so far. Every answer is for one `version` of the data and filter; a block of an
 * older version is never mixed in.
 */
export interface AnimalList extends Omit<AnimalsWindow, 'rows' | 'offset'> {
  blocks: ReadonlyMap<number, readonly AnimalRow[]>;
  /** The filter the rows were asked for: another one's rows may be drawn in the elements drawn before (use-row-slots.ts). */
  filter: Filter;
}

export interface WindowState {
  /** null until main has said which environment is active. */
  environment: EnvironmentName | null;
  /** The revision of main's decision shown: an older one, heard of later, is ignored. */
  revision: number;
  screen: Screen;
  filter: Filter;
  list: AnimalList | null;
  loading: boolean;
  /** The server is being asked for the list on screen. */
  refreshing: boolean;
  listError: AppError | null;
  /** How each server stands, as main last said. */
  servers: Partial<Record<RemoteEnvironment, ServerStatus>>;
  preferences: PreferencesView;
  /** Set when the app started in production, until the person has acknowledged it. */
  startedInProduction: boolean;
  /**
   * Changes handed to main and not yet answered, by animal id: the row shows them at once, marked
   * as saving; main's answer (the list again) replaces them.
   */
  saving: ReadonlyMap<string, PetPatch>;
  /** The active environment's category names, as main keeps them; `categoryNames` the same by id. */
  categories: readonly CategoryName[];
  categoryNames: ReadonlyMap<string, string>;
  /** Whether a manager's PIN is set, and whether a manager unlocked the app, as main says. */
  managerLock: ManagerLockView;
}

interface WindowActions {
  start(): Promise<void>;
  /** Asks main to make `environment` active; the window shows it once main has decided. */
  chooseEnvironment(environment: EnvironmentName): Promise<void>;
  /** Settings ask for the manager's PIN when one is set; leaving them locks the app again. */
  showScreen(screen: Screen): Promise<void>;

  setFilter(change: Partial<Filter>): void;
  /** Asks main for the list again (`refresh`: and the server for its whole list; `fromTop`: only its first rows). */
  reload(options?: { refresh?: boolean; fromTop?: boolean }): Promise<void>;
  /** The list needs rows `from` to `to` (exclusive): fetches the blocks it lacks. */
  needRows(from: number, to: number): void;
  syncNow(): Promise<SyncOutcome | null>;
  setPreferences(preferences: PreferencesView): Promise<void>;
  /**
   * A change of one animal, shown at once; main decides, and the list shows what it decided. To the
   * entry main says it made in the animal's history (what Undo takes back), or null when nothing changed.
   */
  changeAnimal(pet: Pet, patch: PetPatch): Promise<number | null>;
  acknowledgeProduction(): void;
  /** Asks main for the active environment's category names again. */
  reloadCategories(): Promise<void>;
  /** Asks main how its lock stands. */
  reloadManagerLock(): Promise<void>;
}

export const isRemote = (environment: EnvironmentName | null): environment is RemoteEnvironment =>
  environment === 'production' || environment === 'staging';

/** The names as main sent them, and by id: a row looks its category up in one step. */
const namedCategories = (categories: readonly CategoryName[]) => ({
  categories,
  categoryNames: new Map(categories.map(({ categoryId, name }) => [categoryId, name])),
});

/** "Cats (5)", or "category 5" when it has no name here: how a sentence names a category. */
export function useCategoryWords(): (categoryId: string) => string {
  const names = useWindowState((state) => state.categoryNames);
  return (categoryId) => describeCategory(categoryId, names.get(categoryId));
}

let started = false;

export const useWindowState = create<WindowState & WindowActions>()((set, get) => {
  const listLoading = createListLoading(get, set);
  /** Shows main's decision, if it is newer than the one on screen. Never asks main anything back. */
  function applyEnvironment(
    { environment, revision, currency }: ActiveEnvironmentView,
    { atStart = false } = {},
  ): void {
    if (revision < get().revision || (revision === get().revision && get().environment !== null)) return;
    const changed = environment !== get().environment;
    useActiveCurrency.setState({ currency });
    set({ revision, environment, ...(atStart ? { startedInProduction: environment === 'production' } : {}) });
    if (!changed) return;
    // The other environment's rows go at once: data of two environments is never on screen together.
    set({ list: null, loading: true, listError: null, refreshing: false, ...namedCategories([]) });
    void get().reloadCategories();
    if (isRemote(environment) && !get().servers[environment]) void fetchServerStatus(environment);
    void get().reload();
  }

  async function fetchServerStatus(environment: RemoteEnvironment): Promise<void> {
    const status = await call('serverStatus', { environment }).catch(() => null);
    if (status && !get().servers[environment])
      set((state) => ({ servers: { ...state.servers, [environment]: status } }));
  }

  return {
    environment: null,
    revision: -1,
    screen: 'animals',
    filter: { status: 'all', search: '', sort: 'newest', sex: 'all', underTreatment: false },
    list: null,
    loading: true,
    refreshing: false,
    listError: null,
    servers: {},
    preferences: { confirmProductionAdds: true },
    startedInProduction: false,
    saving: new Map(),
    ...namedCategories([]),
    managerLock: { pinSet: false, unlocked: false, retryAfterMs: 0 },

    async reloadCategories() {
      const { environment } = get();
      if (environment === null) return;
      const categories = await call('categoryNames', { environment });
      if (environment === get().environment) set(namedCategories(categories));
    },

    async reloadManagerLock() {
      set({ managerLock: await call('managerLock', undefined) });
    },

    async start() {
      if (started) return;
      started = true;
      subscribe('serverStatus', (status) =>
        set((state) => ({ servers: { ...state.servers, [status.environment]: status } })),
      );
      subscribe('categoriesChanged', ({ environment }) => {
        if (environment === get().environment) void get().reloadCategories();
      });
      subscribe('dataChanged', ({ environment }) => {
        if (environment !== get().environment) return;
        void get().reload({ refresh: false });
      });
      subscribe('environmentChanged', (decided) => applyEnvironment(decided));
      const [active, preferences, managerLock] = await Promise.all([
        call('activeEnvironment', undefined),
        call('preferences', undefined),
        call('managerLock', undefined),
      ]);
      set({ preferences, managerLock });
      applyEnvironment(active, { atStart: true });
    },

    async chooseEnvironment(environment) {
      const decided = await asManager(() => call('setActiveEnvironment', { environment }));
      if (decided !== null) applyEnvironment(decided);
    },

    async showScreen(screen) {
      const from = get().screen;
      if (screen === from) return;
      // Settings show without the PIN; each save that changes something a manager guards asks main for it.
      if (screen === 'settings') set({ managerLock: await call('managerLock', undefined) });
      set({ screen });
    },

    setFilter(change) {
      listLoading.showFilter({ ...get().filter, ...change });
    },

    reload(options) {
      // The data may have changed: no list asked for before is shown.
      return listLoading.load({ ...options, dataChanged: true });
    },

    needRows: (from, to) => listLoading.needRows(from, to),

    async syncNow() {
      const { environment } = get();
      if (!isRemote(environment)) return null;
      // How the server stands afterwards arrives as main's serverStatus event, as always.
      const outcome = await call('syncNow', { environment });
      void get().reload();
      return outcome;
    },

    async setPreferences(preferences) {
      const before = get().preferences;
      set({ preferences }); // at once: a checkbox answers the click, not the round trip to main
      try {
        const decided = await asManager(() => call('setPreferences', preferences));
        set({ preferences: decided ?? before });
      } catch (error) {
        set({ preferences: before });
        throw error;
      }
    },

    acknowledgeProduction: () => set({ startedInProduction: false }),

    async changeAnimal(pet, patch) {
      const { environment } = get();
      if (environment === null) return null;
      const shown = (saving: ReadonlyMap<string, PetPatch>, next: PetPatch | null) => {
        const map = new Map(saving);
        if (next === null) map.delete(pet.id);
        else map.set(pet.id, next);
        return map;
      };
      listLoading.forget();
      set((state) => ({ saving: shown(state.saving, { ...state.saving.get(pet.id), ...patch }) }));
      const { historySeq } = await writeInOrder(
        environment,
        pet,
        (revision) =>
          call('changePet', { environment, petId: pet.id, patch, ...(revision === undefined ? {} : { revision }) }),
        async (isLast) => {
          // Main's answer, whatever it was, is what the list shows next; the row stays shown as
          // saving while a later change of the animal is on its way.
          await get().reload({ refresh: false });
          if (isLast()) set((state) => ({ saving: shown(state.saving, null) }));
        },
      );
      return historySeq;
    },
  };
});
