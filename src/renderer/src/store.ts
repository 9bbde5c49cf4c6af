// The app's state: which environment and screen, the filters (kept across screens), the list
// shown, and each server's sync status. Everything else is local to its component.
import { create } from 'zustand';
import {
  PAGE_LIMIT,
  type EnvironmentName,
  type PetStatus,
  type PetsView,
  type RemoteEnvironment,
  type SyncStatus,
} from '../../shared/contract';
import type { PreferencesView } from '../../shared/ipc/views';
import { call, messageOf, subscribe } from './api';

export type Screen = 'animals' | 'settings';
export interface Filter {
  status: PetStatus | 'all';
  limit: number;
}

interface AppState {
  /** null until main has said which environment is active. */
  environment: EnvironmentName | null;
  screen: Screen;
  filter: Filter;
  view: PetsView | null;
  loading: boolean;
  listError: string | null;
  /** Why the last refresh from the server failed (the cached list is still shown). */
  refreshError: string | null;
  sync: Partial<Record<RemoteEnvironment, SyncStatus>>;
  preferences: PreferencesView;
  /** Set when the app started in production, until the person has acknowledged it. */
  startedInProduction: boolean;
}

interface AppActions {
  start(): Promise<void>;
  switchEnvironment(environment: EnvironmentName): Promise<void>;
  showScreen(screen: Screen): void;
  setFilter(change: Partial<Filter>): void;
  reload(options?: { refresh?: boolean }): Promise<void>;
  syncNow(): Promise<SyncStatus | null>;
  setPreferences(preferences: PreferencesView): Promise<void>;
  acknowledgeProduction(): void;
}

export const isRemote = (environment: EnvironmentName | null): environment is RemoteEnvironment =>
  environment === 'production' || environment === 'staging';

// Each load gets a number; an answer for an older one (another environment, another filter) is dropped.
let loadNumber = 0;

/**
 * The last answer per query of the environment on screen, so that going back to a filter shows
 * its rows at once while they are asked for again. Emptied whenever that environment's data
 * changes or another environment is chosen: what it shows is never older than the last change.
 */
const recentViews = new Map<string, PetsView>();
let recentGeneration = 0; // an answer asked for before the last change is not remembered
function forgetRecentViews() {
  recentViews.clear();
  recentGeneration++;
}
function rememberView(key: string, view: PetsView, generation: number) {
  if (generation !== recentGeneration) return;
  if (recentViews.size >= 16) recentViews.clear();
  recentViews.set(key, view);
}
let started = false;

export const useApp = create<AppState & AppActions>()((set, get) => ({
  environment: null,
  screen: 'animals',
  filter: { status: 'all', limit: PAGE_LIMIT.default },
  view: null,
  loading: true,
  listError: null,
  refreshError: null,
  sync: {},
  preferences: { confirmProductionAdds: true },
  startedInProduction: false,

  async start() {
    if (started) return;
    started = true;
    subscribe('syncStatus', (status) => set((state) => ({ sync: { ...state.sync, [status.environment]: status } })));
    subscribe('dataChanged', ({ environment }) => {
      if (environment !== get().environment) return;
      forgetRecentViews();
      void get().reload({ refresh: false });
    });
    subscribe('environmentChanged', ({ environment }) => {
      if (environment !== get().environment) void get().switchEnvironment(environment);
    });
    const [environment, preferences] = await Promise.all([
      call('activeEnvironment', undefined),
      call('preferences', undefined),
    ]);
    // A switch made while this was on its way (a shortcut pressed at once) wins over the stored one.
    if (get().environment !== null) return set({ preferences });
    set({ environment, preferences, startedInProduction: environment === 'production' });
    await get().reload();
  },

  async switchEnvironment(environment) {
    if (environment === get().environment) return;
    // The other environment's rows go at once: data of two environments is never on screen together.
    forgetRecentViews();
    set({ environment, view: null, loading: true, listError: null, refreshError: null });
    await call('setActiveEnvironment', { environment });
    await get().reload();
  },

  showScreen: (screen) => set({ screen }),

  setFilter(change) {
    set((state) => ({ filter: { ...state.filter, ...change } }));
    void get().reload();
  },

  async reload({ refresh = true } = {}) {
    const { environment, filter } = get();
    if (environment === null) return;
    const number = ++loadNumber;
    const current = () => number === loadNumber;
    const query = { limit: filter.limit, ...(filter.status === 'all' ? {} : { status: filter.status }) };
    const key = `${environment} ${filter.status} ${filter.limit}`;
    const generation = recentGeneration;
    const recent = recentViews.get(key);
    if (recent) set({ view: recent, listError: null });
    try {
      const view = await call('listPets', { environment, query });
      rememberView(key, view, generation);
      if (current()) set({ view, loading: false, listError: null });
    } catch (error) {
      if (current()) set({ loading: false, listError: messageOf(error) });
      return;
    }
    if (!refresh || !isRemote(environment)) return;
    // Local first: the saved list is on screen; now ask the server for a fresh one.
    if (!get().sync[environment])
      void call('syncStatus', { environment }).then((status) =>
        set((state) => ({ sync: { ...state.sync, [environment]: status } })),
      );
    try {
      const view = await call('refreshPets', { environment, query });
      rememberView(key, view, generation);
      if (current()) set({ view, refreshError: null });
    } catch (error) {
      if (current()) set({ refreshError: messageOf(error) });
    }
  },

  async syncNow() {
    const { environment } = get();
    if (!isRemote(environment)) return null;
    const status = await call('syncNow', { environment });
    set((state) => ({ sync: { ...state.sync, [environment]: status } }));
    await get().reload();
    return status;
  },

  async setPreferences(preferences) {
    const before = get().preferences;
    set({ preferences }); // at once: a checkbox answers the click, not the round trip to main
    try {
      set({ preferences: await call('setPreferences', preferences) });
    } catch (error) {
      set({ preferences: before });
      throw error;
    }
  },

  acknowledgeProduction: () => set({ startedInProduction: false }),
}));
