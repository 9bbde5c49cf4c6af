// The window's state: what main decided (the active environment, how each server stands) as main
// said it, the screen and the filter (kept across screens), and the list shown.
import { create } from 'zustand';
import {
  PAGE_LIMIT,
  type AppError,
  type EnvironmentName,
  type PetStatus,
  type PetsView,
  type RemoteEnvironment,
  type ServerStatus,
  type SyncOutcome,
} from '../../shared/contract';
import type { ActiveEnvironmentView, PreferencesView } from '../../shared/ipc/views';
import { call, CallError, subscribe } from './api';

export type Screen = 'animals' | 'settings';
export interface Filter {
  status: PetStatus | 'all';
  limit: number;
}

interface AppState {
  /** null until main has said which environment is active. */
  environment: EnvironmentName | null;
  /** The revision of main's decision shown: an older one, heard of later, is ignored. */
  revision: number;
  screen: Screen;
  filter: Filter;
  view: PetsView | null;
  loading: boolean;
  /** The server is being asked for the list on screen. */
  refreshing: boolean;
  listError: AppError | null;
  /** How each server stands, as main last said. */
  servers: Partial<Record<RemoteEnvironment, ServerStatus>>;
  preferences: PreferencesView;
  /** Set when the app started in production, until the person has acknowledged it. */
  startedInProduction: boolean;
}

interface AppActions {
  start(): Promise<void>;
  /** Asks main to make `environment` active; the window shows it once main has decided. */
  chooseEnvironment(environment: EnvironmentName): Promise<void>;
  showScreen(screen: Screen): void;
  setFilter(change: Partial<Filter>): void;
  reload(options?: { refresh?: boolean }): Promise<void>;
  syncNow(): Promise<SyncOutcome | null>;
  setPreferences(preferences: PreferencesView): Promise<void>;
  acknowledgeProduction(): void;
}

export const isRemote = (environment: EnvironmentName | null): environment is RemoteEnvironment =>
  environment === 'production' || environment === 'staging';

const problemOf = (error: unknown): AppError =>
  error instanceof CallError ? error.detail : { code: 'internal', message: String(error) };

// Each load gets a number; an answer for an older one (another environment, another filter) is dropped.
let loadNumber = 0;

/**
 * The last answer per query of the environment on screen, so that going back to a filter shows
 * its rows at once while they are asked for again. Emptied whenever that environment's data
 * changes or another environment is shown: what it shows is never older than the last change.
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

export const useApp = create<AppState & AppActions>()((set, get) => {
  /** Shows main's decision, if it is newer than the one on screen. Never asks main anything back. */
  function applyEnvironment({ environment, revision }: ActiveEnvironmentView, { atStart = false } = {}): void {
    if (revision < get().revision || (revision === get().revision && get().environment !== null)) return;
    const changed = environment !== get().environment;
    set({ revision, environment, ...(atStart ? { startedInProduction: environment === 'production' } : {}) });
    if (!changed) return;
    // The other environment's rows go at once: data of two environments is never on screen together.
    forgetRecentViews();
    set({ view: null, loading: true, listError: null, refreshing: false });
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
    filter: { status: 'all', limit: PAGE_LIMIT.default },
    view: null,
    loading: true,
    refreshing: false,
    listError: null,
    servers: {},
    preferences: { confirmProductionAdds: true },
    startedInProduction: false,

    async start() {
      if (started) return;
      started = true;
      subscribe('serverStatus', (status) =>
        set((state) => ({ servers: { ...state.servers, [status.environment]: status } })),
      );
      subscribe('dataChanged', ({ environment }) => {
        if (environment !== get().environment) return;
        forgetRecentViews();
        void get().reload({ refresh: false });
      });
      subscribe('environmentChanged', (decided) => applyEnvironment(decided));
      const [active, preferences] = await Promise.all([
        call('activeEnvironment', undefined),
        call('preferences', undefined),
      ]);
      set({ preferences });
      applyEnvironment(active, { atStart: true });
    },

    async chooseEnvironment(environment) {
      applyEnvironment(await call('setActiveEnvironment', { environment }));
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
        if (current()) set({ loading: false, listError: problemOf(error) });
        return;
      }
      if (!refresh || !isRemote(environment)) return;
      // Local first: the saved list is on screen; now ask the server for a fresh one.
      set({ refreshing: true });
      try {
        const view = await call('listPets', { environment, query, refresh: true });
        if (view.source === 'server') rememberView(key, view, generation);
        if (current()) set({ view });
      } catch (error) {
        if (current()) set({ listError: problemOf(error) });
      } finally {
        if (current()) set({ refreshing: false });
      }
    },

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
        set({ preferences: await call('setPreferences', preferences) });
      } catch (error) {
        set({ preferences: before });
        throw error;
      }
    },

    acknowledgeProduction: () => set({ startedInProduction: false }),
  };
});
