import { z } from 'zod';
import type { CommandId } from '../commands';
import type {
  ActiveEnvironmentView,
  ConnectionVerdictView,
  EnvironmentSettingsView,
  ManagerLockView,
  PreferencesView,
} from './views';
import type { CategoryName } from '../contract/categories';
import type { ExportOutcome, ImportOutcome, ImportPreview, ImportProgress } from '../contract/animal-files';
import { ANIMAL_SORTS, SEARCH_MAX_LENGTH } from '../contract/browse';
import { ENVIRONMENTS, REMOTE_ENVIRONMENTS } from '../contract/environments';
import type { AppError } from '../contract/errors';
import { animalsQuerySchema, type AnimalsWindow } from '../contract/browse';
import { PET_STATUSES, type Pet } from '../contract/pet';
import { MANAGER_TASK_NAMES } from '../contract/manager-pin';
import type { ChangeEntry, DiscardOutcome, OutboxEntry, PetsView, ServerStatus, SyncOutcome } from '../contract/sync';
import { type IPC_EVENT_NAMES, type IpcChannelName } from './channels';

/**
 * The one IPC contract between the renderer and the main process. Every request channel: its
 * argument schema (validated in main, whoever calls) and its result type. Every event channel main
 * sends. Adding a channel is one entry here plus its handler in src/main/ipc-router.ts, which calls
 * the core's use case of the same name.
 */
export { IPC_PREFIX } from './channels';

const environment = z.enum(ENVIRONMENTS);
const remoteEnvironment = z.enum(REMOTE_ENVIRONMENTS);
// Shapes and outer bounds only: field rules (name length, int64, a key's form ...) are the core's, with its messages.
const text = (max: number) => z.string().max(max);
const petFields = z.strictObject({
  name: text(1_000),
  categoryId: text(40),
  status: z.enum(PET_STATUSES).optional(),
});
const petPatch = z.strictObject({
  name: text(1_000).optional(),
  categoryId: text(40).optional(),
  status: z.enum(PET_STATUSES).nullable().optional(),
});
const query = z.strictObject({ limit: z.number().int().optional(), status: z.enum(PET_STATUSES).optional() });

export const IPC_REQUESTS = {
  /** `refresh`: ask the server (a remote environment) rather than answer from the replica at once. */
  listPets: z.strictObject({ environment, query, refresh: z.boolean().optional() }),
  /** A window of the animals screen's list (virtualized: only the rows it needs), with the counts. */
  animals: z.strictObject({ environment, query: animalsQuerySchema }),
  /** Bring the replica up to the server's whole list (walks its pages); progress is in serverStatus. */
  refreshAnimals: z.strictObject({ environment }),
  /** `anyway`: added even when an animal of that name and category is already listed or waiting. */
  addPet: z.strictObject({ environment, pet: petFields, anyway: z.boolean().optional() }),
  /** Our extension: a merge patch of one animal; `revision`, the one the window showed (the local store checks it). */
  changePet: z.strictObject({
    environment,
    petId: text(40),
    patch: petPatch,
    revision: z.number().int().positive().optional(),
  }),
  getPet: z.strictObject({ environment, petId: text(40) }),
  activeEnvironment: z.undefined(),
  setActiveEnvironment: z.strictObject({ environment }),
  environmentSettings: z.strictObject({ environment: remoteEnvironment }),
  setBaseUrl: z.strictObject({ environment: remoteEnvironment, url: text(2_048) }),
  setKey: z.strictObject({ environment: remoteEnvironment, key: text(65_536) }),
  clearKey: z.strictObject({ environment: remoteEnvironment }),
  /** Main asks a person, in a dialog of its own naming the host, whether the key may go to the new address. */
  confirmKeyForAddress: z.strictObject({ environment: remoteEnvironment }),
  preferences: z.undefined(),
  setPreferences: z.strictObject({ confirmProductionAdds: z.boolean() }),
  testConnection: z.strictObject({ environment: remoteEnvironment }),
  syncNow: z.strictObject({ environment: remoteEnvironment }),
  serverStatus: z.strictObject({ environment: remoteEnvironment }),
  /** Send a rejected entry again (with `fixed`, corrected), or confirm a held one for the server's current address. */
  resendEntry: z.strictObject({ environment: remoteEnvironment, entryId: text(20), fixed: petFields.optional() }),
  /** Correct an animal still waiting to be added (it joins the add). */
  editEntry: z.strictObject({ environment: remoteEnvironment, entryId: text(20), pet: petFields }),
  /** A person's choice on a change that met another counter's. */
  resolveConflict: z.strictObject({
    environment: remoteEnvironment,
    entryId: text(20),
    choice: z.enum(['keep-mine', 'take-theirs']),
  }),
  discardEntry: z.strictObject({ environment: remoteEnvironment, entryId: text(20) }),
  /** What the add form starts with: the category last added to in the environment. */
  addDefaults: z.strictObject({ environment }),
  categoryNames: z.strictObject({ environment }),
  /** A manager names a category, or takes its name away (`name: null`). */
  nameCategory: z.strictObject({ environment, categoryId: text(40), name: text(1_000).nullable() }),
  /** From a file a person chooses in main's dialog (category_id, name). */
  importCategoryNames: z.strictObject({ environment }),
  /** To a file a person chooses in main's dialog. */
  exportCategoryNames: z.strictObject({ environment }),
  /** The view (status, search, order) or, without `view`, every animal, to a file chosen in main's dialog. */
  exportAnimals: z.strictObject({
    environment,
    view: z
      .strictObject({
        status: z.enum(PET_STATUSES).optional(),
        search: z.string().max(SEARCH_MAX_LENGTH).optional(),
        sort: z.enum(ANIMAL_SORTS),
      })
      .optional(),
  }),
  /** A file of animals chosen in main's dialog, read and checked; nothing is added yet. */
  previewImport: z.strictObject({ environment }),
  /** The preview's rows to add (`lookAlikesToo`: those like an animal already there too). */
  importAnimals: z.strictObject({ environment, importId: text(40), lookAlikesToo: z.boolean() }),
  managerLock: z.undefined(),
  /** The PIN, for the one task main asked it for (manager_pin_required's `permit`). */
  unlockManager: z.strictObject({
    pin: text(40),
    permit: z.strictObject({ task: z.enum(MANAGER_TASK_NAMES), environment: environment.optional() }),
  }),
  lockManager: z.undefined(),
  /** Sets or changes (unlocked first) the PIN; null removes it. */
  setManagerPin: z.strictObject({ pin: text(40).nullable() }),
} as const satisfies Record<IpcChannelName, z.ZodType>;

export type IpcChannel = keyof typeof IPC_REQUESTS;
// Both lists name the same channels (a missing or extra name on either side fails to compile).
const sameChannels: [IpcChannel] extends [IpcChannelName]
  ? [IpcChannelName] extends [IpcChannel]
    ? true
    : never
  : never = true;
void sameChannels;
export type IpcArgument<C extends IpcChannel> = z.input<(typeof IPC_REQUESTS)[C]>;

export interface IpcResults {
  listPets: PetsView;
  animals: AnimalsWindow;
  refreshAnimals: void;
  addPet: { pet: Pet } | { entry: OutboxEntry };
  changePet: { pet: Pet } | { change: ChangeEntry | null };
  getPet: Pet;
  activeEnvironment: ActiveEnvironmentView;
  setActiveEnvironment: ActiveEnvironmentView;
  environmentSettings: EnvironmentSettingsView;
  setBaseUrl: EnvironmentSettingsView;
  setKey: EnvironmentSettingsView;
  clearKey: EnvironmentSettingsView;
  confirmKeyForAddress: EnvironmentSettingsView & { confirmed: boolean };

  preferences: PreferencesView;
  setPreferences: PreferencesView;
  testConnection: ConnectionVerdictView;
  syncNow: SyncOutcome;
  serverStatus: ServerStatus;
  resendEntry: OutboxEntry | ChangeEntry;
  editEntry: OutboxEntry;
  resolveConflict: ChangeEntry | null;
  discardEntry: DiscardOutcome;
  addDefaults: { categoryId: string | null };
  categoryNames: CategoryName[];
  nameCategory: CategoryName | null;
  importCategoryNames: { named: number } | null;
  exportCategoryNames: ExportOutcome;
  exportAnimals: ExportOutcome;
  previewImport: ImportPreview | null;
  importAnimals: ImportOutcome;
  managerLock: ManagerLockView;
  unlockManager: ManagerLockView;
  lockManager: ManagerLockView;
  setManagerPin: ManagerLockView;
}

/** Events main sends; each renderer subscription returns its unsubscribe. */
export interface IpcEvents {
  serverStatus: ServerStatus;
  dataChanged: { environment: (typeof ENVIRONMENTS)[number] };
  environmentChanged: ActiveEnvironmentView;
  /** A menu item was chosen; the renderer runs the command as if its shortcut had been pressed. */
  command: { command: CommandId };
  /** An import on its way: rows added so far. */
  importProgress: ImportProgress & { environment: (typeof ENVIRONMENTS)[number] };
  /** A manager named categories (here, or from a file): the list and the forms read them again. */
  categoriesChanged: { environment: (typeof ENVIRONMENTS)[number] };
}

const sameEvents: [(typeof IPC_EVENT_NAMES)[number]] extends [keyof IpcEvents]
  ? [keyof IpcEvents] extends [(typeof IPC_EVENT_NAMES)[number]]
    ? true
    : never
  : never = true;
void sameEvents;

/** An error crosses the bridge as a value with its fields intact: a code from the closed set, words, structure. */
export type IpcOutcome<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** What window.petstore offers the renderer: one function per request channel, one subscription per event. */
export type PetstoreApi = {
  [C in IpcChannel]: (argument: IpcArgument<C>) => Promise<IpcOutcome<IpcResults[C]>>;
} & {
  on<E extends keyof IpcEvents>(event: E, listener: (payload: IpcEvents[E]) => void): () => void;
};
