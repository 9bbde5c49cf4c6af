import { z } from 'zod';
import type { CommandId } from '../commands';
import type {
  ActiveEnvironmentView,
  ConnectionVerdictView,
  CurrencyView,
  EnvironmentSettingsView,
  ManagerLockView,
  PreferencesView,
} from './views';
import type { CategoryName } from '../contract/categories';
import type { ExportOutcome, ImportOutcome, ImportPreview, ImportProgress } from '../contract/animal-files';
import { newPetBounds, petPatchBounds } from '../contract/animal-ipc-bounds';
import { photoDigestSchema, SEXES } from '../contract/animal-details';
import { ANIMAL_SORTS, SEARCH_MAX_LENGTH } from '../contract/browse';
import { ENVIRONMENTS, REMOTE_ENVIRONMENTS, type EnvironmentName } from '../contract/environments';
import type { FoundBy } from '../contract/label-code';
import type { AppError } from '../contract/errors';
import { animalsQuerySchema, type AnimalsWindow } from '../contract/browse';
import { PET_STATUSES, type Pet } from '../contract/pet';
import type { WeekAtAGlance } from '../contract/week-at-a-glance';
import { HISTORY_PAGE_MAX, type HistoryEntry, type HistoryPage } from '../contract/history';
import { historyCursorSchema, type HistoryWithServerPage } from '../contract/history-with-server';
import { MANAGER_TASK_NAMES } from '../contract/manager-pin';
import { STAFF_ROLES, type CounterView } from '../contract/staff';
import { PHOTO_INPUT_MAX_BYTES, type PhotoBytes } from '../contract/photos';
import {
  CARD_FIELDS,
  paperRequestSchema,
  type CardField,
  type PaperPrinted,
  type PaperProgress,
  type PaperSaved,
} from '../contract/paper';
import type { ChangeEntry, DiscardOutcome, OutboxEntry, PetsView, ServerStatus, SyncOutcome } from '../contract/sync';
import type { Sale } from '../contract/orders';
import type { BackupStatus } from '../contract/backups';
import { BACKUP_REQUESTS } from './backup-requests';
import { UPDATE_EVENTS, UPDATE_REQUESTS } from './update-requests';
import {
  event,
  request,
  type ArgumentSchemaOf,
  type EventEntry,
  type PayloadOf,
  type RequestEntry,
  type ResultOf,
} from './entries';

/**
 * The one IPC contract between the renderer and the main process, each thing declared once: every
 * request channel, with its argument schema (validated in main, whoever calls) and its result type;
 * every event main sends, with its payload. The channel lists, the argument and result types, the
 * window's calls, main's binding and its handlers (src/main/ipc/) are all derived from these.
 */

const environment = z.enum(ENVIRONMENTS);
const remoteEnvironment = z.enum(REMOTE_ENVIRONMENTS);
// Shapes and outer bounds only: field rules (name length, int64, a key's form ...) are the core's, with its messages.
const text = (max: number) => z.string().max(max);
const historyLimit = z.number().int().positive().max(HISTORY_PAGE_MAX).optional();
const query = z.strictObject({ limit: z.number().int().optional(), status: z.enum(PET_STATUSES).optional() });
/** The revision of the animal the window showed (the local store checks it); absent: whatever it is now. */
const revision = z.number().int().positive().optional();
const photoFileBytes = z
  .instanceof(Uint8Array)
  .refine((bytes) => bytes.byteLength <= PHOTO_INPUT_MAX_BYTES, { error: 'is larger than a photo this app takes' });

export const IPC_REQUESTS = {
  /** `refresh`: ask the server (a remote environment) rather than answer from the replica at once. */
  listPets: request(z.strictObject({ environment, query, refresh: z.boolean().optional() })).returns<PetsView>(),
  /** A window of the animals screen's list (virtualized: only the rows it needs), with the counts. */
  animals: request(z.strictObject({ environment, query: animalsQuerySchema })).returns<AnimalsWindow>(),
  /** Bring the replica up to the server's whole list (walks its pages); progress is in serverStatus. */
  refreshAnimals: request(z.strictObject({ environment })).returns<void>(),
  /** `anyway`: added even when an animal of that name and category is already listed or waiting. */
  addPet: request(z.strictObject({ environment, pet: newPetBounds, anyway: z.boolean().optional() })).returns<
    { pet: Pet } | { entry: OutboxEntry }
  >(),
  /** Our extension: a merge patch of one animal; `revision`, the one the window showed (the local store checks it). */
  changePet: request(
    z.strictObject({
      environment,
      petId: text(40),
      patch: petPatchBounds,
      revision: z.number().int().positive().optional(),
    }),
  ).returns<({ pet: Pet } | { change: ChangeEntry | null }) & { historySeq: number | null }>(),
  /** Marks an animal sold and records its sale with the terms given (the sale dialog); `historySeq` as changePet's. */
  sellPet: request(
    z.strictObject({
      environment,
      petId: text(40),
      terms: z.strictObject({
        price: z.number().optional(),
        buyerName: text(1000).optional(),
        buyerContact: text(1000).optional(),
      }),
      revision,
    }),
  ).returns<({ pet: Pet } | { change: ChangeEntry | null }) & { sale: Sale; historySeq: number | null }>(),
  getPet: request(z.strictObject({ environment, petId: text(40) })).returns<Pet>(),
  /** One animal by its label code, microchip or number (a scan, or Find by number), from what this computer has first. */
  findAnimal: request(z.strictObject({ environment, text: text(64) })).returns<{ pet: Pet; by: FoundBy }>(),
  /** Takes back a change made here (`seq`, its entry in the animal's history) by the reverse change. */
  undoChange: request(z.strictObject({ environment, petId: text(40), seq: z.number().int().positive() })).returns<
    { pet: Pet } | { change: ChangeEntry | null }
  >(),
  /** A page of the animal's history as this computer keeps it, newest first. */
  petHistory: request(
    z.strictObject({
      environment,
      petId: text(40),
      before: z.number().int().positive().optional(),
      limit: historyLimit,
    }),
  ).returns<HistoryPage>(),
  /** A page of the animal's history with the server's (the panel, `petstore pets history`), newest first. */
  petHistoryWithServer: request(
    z.strictObject({ environment, petId: text(40), after: historyCursorSchema.optional(), limit: historyLimit }),
  ).returns<HistoryWithServerPage>(),
  /** The animal's newest changes as the server recorded them (our history extension); null from a server without it. */
  serverPetHistory: request(z.strictObject({ environment: remoteEnvironment, petId: text(40) })).returns<
    HistoryEntry[] | null
  >(),
  activeEnvironment: request(z.undefined()).returns<ActiveEnvironmentView>(),
  setActiveEnvironment: request(z.strictObject({ environment })).returns<ActiveEnvironmentView>(),
  environmentSettings: request(z.strictObject({ environment: remoteEnvironment })).returns<EnvironmentSettingsView>(),
  setBaseUrl: request(
    z.strictObject({ environment: remoteEnvironment, url: text(2_048) }),
  ).returns<EnvironmentSettingsView>(),
  setKey: request(
    z.strictObject({ environment: remoteEnvironment, key: text(65_536) }),
  ).returns<EnvironmentSettingsView>(),
  clearKey: request(z.strictObject({ environment: remoteEnvironment })).returns<EnvironmentSettingsView>(),
  /** Main asks a person, in a dialog of its own naming the host, whether the key may go to the new address. */
  confirmKeyForAddress: request(z.strictObject({ environment: remoteEnvironment })).returns<
    EnvironmentSettingsView & { confirmed: boolean }
  >(),
  /** The currency an environment's prices are in. */
  currency: request(z.strictObject({ environment })).returns<CurrencyView>(),
  /** A manager sets it (an ISO 4217 code); the prices kept are not converted. */
  setCurrency: request(z.strictObject({ environment, currency: text(20) })).returns<CurrencyView>(),
  preferences: request(z.undefined()).returns<PreferencesView>(),
  setPreferences: request(z.strictObject({ confirmProductionAdds: z.boolean() })).returns<PreferencesView>(),
  testConnection: request(z.strictObject({ environment: remoteEnvironment })).returns<ConnectionVerdictView>(),
  syncNow: request(z.strictObject({ environment: remoteEnvironment })).returns<SyncOutcome>(),
  serverStatus: request(z.strictObject({ environment: remoteEnvironment })).returns<ServerStatus>(),
  /** Send the animals' details kept on this computer to the server, now that it takes them. */
  uploadKeptDetails: request(z.strictObject({ environment: remoteEnvironment })).returns<{ queued: number }>(),
  /** Resend a refused entry (with `fixed`, corrected), or confirm a held one for the server's current address. */
  resendEntry: request(
    z.strictObject({ environment: remoteEnvironment, entryId: text(20), fixed: newPetBounds.optional() }),
  ).returns<OutboxEntry | ChangeEntry>(),
  /** Correct an animal still waiting to be added (it joins the add). */
  correctEntry: request(
    z.strictObject({ environment: remoteEnvironment, entryId: text(20), pet: newPetBounds }),
  ).returns<OutboxEntry>(),
  /** A person's choice on a change that met another counter's. */
  resolveConflict: request(
    z.strictObject({
      environment: remoteEnvironment,
      entryId: text(20),
      choice: z.enum(['keep-mine', 'keep-theirs']),
    }),
  ).returns<ChangeEntry | null>(),
  discardEntry: request(
    z.strictObject({ environment: remoteEnvironment, entryId: text(20) }),
  ).returns<DiscardOutcome>(),
  /** Undo of a person's decision on an entry (a discard, a resend, a conflict decided), within a minute of it. */
  restoreEntry: request(z.strictObject({ environment: remoteEnvironment, entryId: text(20) })).returns<
    OutboxEntry | ChangeEntry
  >(),
  /** What the add form starts with: the category last added to in the environment. */
  addDefaults: request(z.strictObject({ environment })).returns<{ categoryId: string | null }>(),
  categoryNames: request(z.strictObject({ environment })).returns<CategoryName[]>(),
  /** A manager names a category, or takes its name away (`name: null`). */
  nameCategory: request(
    z.strictObject({ environment, categoryId: text(40), name: text(1_000).nullable() }),
  ).returns<CategoryName | null>(),
  /** From a file a person chooses in main's dialog (category_id, name). */
  importCategoryNames: request(z.strictObject({ environment })).returns<{ named: number } | null>(),
  /** To a file a person chooses in main's dialog. */
  exportCategoryNames: request(z.strictObject({ environment })).returns<ExportOutcome>(),
  /** Help > Save a support bundle…: made by main, saved where a person chooses in main's dialog (null: none chosen). */
  saveSupportBundleToFile: request(z.undefined()).returns<{ path: string | null }>(),
  /** The view (status, search, the details filtered by, order) or, without `view`, every animal, to a file chosen in main's dialog. */
  exportAnimals: request(
    z.strictObject({
      environment,
      view: z
        .strictObject({
          status: z.enum(PET_STATUSES).optional(),
          search: z.string().max(SEARCH_MAX_LENGTH).optional(),
          sex: z.enum(SEXES).optional(),
          underTreatment: z.boolean().optional(),
          sort: z.enum(ANIMAL_SORTS),
        })
        .optional(),
    }),
  ).returns<ExportOutcome>(),
  /** The register of the animals held in a period (two days, from not after to), to a file chosen in main's dialog. */
  exportRegisterToFile: request(z.strictObject({ environment, from: text(40), to: text(40) })).returns<ExportOutcome>(),
  /** The week at a glance of a period (two days, from not after to, a year at most), in this computer's time zone. */
  weekAtAGlance: request(z.strictObject({ environment, from: text(40), to: text(40) })).returns<WeekAtAGlance>(),
  /** Its tables (each day, then each week) to a file chosen in main's dialog. */
  exportWeekToFile: request(z.strictObject({ environment, from: text(40), to: text(40) })).returns<ExportOutcome>(),
  /** A file of animals chosen in main's dialog, read and checked; nothing is added yet. */
  previewImport: request(z.strictObject({ environment })).returns<ImportPreview | null>(),
  /** The preview's rows to add (`lookAlikesToo`: those like an animal already there too). */
  importAnimals: request(
    z.strictObject({ environment, importId: text(40), lookAlikesToo: z.boolean() }),
  ).returns<ImportOutcome>(),
  managerLock: request(z.undefined()).returns<ManagerLockView>(),
  /** The PIN, for the one task main asked it for (manager_pin_required's `permit`). */
  unlockManager: request(
    z.strictObject({
      pin: text(40),
      permit: z.strictObject({ task: z.enum(MANAGER_TASK_NAMES), environment: environment.optional() }),
    }),
  ).returns<ManagerLockView>(),
  lockManager: request(z.undefined()).returns<ManagerLockView>(),
  /** Sets or changes (unlocked first) the PIN; null removes it. */
  setManagerPin: request(z.strictObject({ pin: text(40).nullable() })).returns<ManagerLockView>(),
  /** Who is at the counter, as main decided it (the staff, who is signed in, whether writes need someone). */
  counter: request(z.undefined()).returns<CounterView>(),
  /** A staff member signs in with their PIN; main counts wrong tries per person. */
  signIn: request(z.strictObject({ name: text(200), pin: text(40) })).returns<CounterView>(),
  signOut: request(z.undefined()).returns<CounterView>(),
  /** The person signed in is still at the counter (a key, a click): main puts off signing them out. */
  stillAtCounter: request(z.undefined()).returns<void>(),
  /** A manager adds a person with their PIN. */
  addStaff: request(
    z.strictObject({ name: text(200), role: z.enum(STAFF_ROLES), pin: text(40) }),
  ).returns<CounterView>(),
  removeStaff: request(z.strictObject({ name: text(200) })).returns<CounterView>(),
  /** A manager gives a person a new PIN (one they forgot, or one someone saw). */
  setStaffPin: request(z.strictObject({ name: text(200), pin: text(40) })).returns<CounterView>(),
  /** A manager sets after how many idle minutes main signs the person at the counter out. */
  setIdleSignOut: request(z.strictObject({ minutes: z.number().int() })).returns<CounterView>(),
  /** Our extension: a photo for the animal, chosen in main's own dialog; null when the person chose none. */
  choosePhoto: request(z.strictObject({ environment, petId: text(40), revision })).returns<Pet | null>(),
  /** A photo file dropped on the window, as its bytes: main reads what they are (never trusting a name or a type). */
  setPhotoFromBytes: request(
    z.strictObject({ environment, petId: text(40), bytes: photoFileBytes, revision }),
  ).returns<Pet>(),
  removePhoto: request(z.strictObject({ environment, petId: text(40), revision })).returns<Pet>(),
  /**
   * The animal's photo (or its thumbnail) as WebP, with its digest; null when it has none. With
   * `digest`, that photo of the animal's (the server's, in a conflict), if this computer has it.
   */
  photoBytes: request(
    z.strictObject({
      environment,
      petId: text(40),
      size: z.enum(['image', 'thumbnail']),
      digest: photoDigestSchema.optional(),
    }),
  ).returns<PhotoBytes | null>(),
  /** Cage cards, labels or the stock list to the operating system's print dialog. */
  printPaper: request(paperRequestSchema).returns<PaperPrinted>(),
  /** The same page as a PDF, to a file chosen in main's dialog. */
  savePaper: request(paperRequestSchema).returns<PaperSaved>(),
  /** What the shop's cage cards show besides the name. */
  cardFields: request(z.undefined()).returns<CardField[]>(),
  setCardFields: request(z.strictObject({ fields: z.array(z.enum(CARD_FIELDS)).max(CARD_FIELDS.length) })).returns<
    CardField[]
  >(),
  ...BACKUP_REQUESTS,
  ...UPDATE_REQUESTS,
} as const satisfies Record<string, RequestEntry>;

export const IPC_EVENTS = {
  serverStatus: event<ServerStatus>(),
  dataChanged: event<{ environment: EnvironmentName }>(),
  environmentChanged: event<ActiveEnvironmentView>(),
  /** A menu item was chosen; the renderer runs the command as if its shortcut had been pressed. */
  command: event<{ command: CommandId }>(),
  /** An import on its way: rows added so far. */
  importProgress: event<ImportProgress & { environment: EnvironmentName }>(),
  /** A manager named categories (here, or from a file): the list and the forms read them again. */
  categoriesChanged: event<{ environment: EnvironmentName }>(),
  /** Someone signed in or out (by themselves, or main after the idle time), or a manager changed the staff. */
  counterChanged: event<CounterView>(),
  /** Cards, labels or the stock list on their way to paper: animals laid out, then the page rendered. */
  paperProgress: event<PaperProgress>(),
  /** A backup was made or failed, or a manager moved the backups. */
  backupsChanged: event<BackupStatus>(),
  ...UPDATE_EVENTS,
} as const satisfies Record<string, EventEntry>;

// Everything below is derived from the two declarations above.

export type IpcChannel = keyof typeof IPC_REQUESTS;
export const IPC_CHANNELS = Object.keys(IPC_REQUESTS) as IpcChannel[];
export const isIpcChannel = (name: unknown): name is IpcChannel =>
  typeof name === 'string' && Object.prototype.hasOwnProperty.call(IPC_REQUESTS, name);
/** What the window passes; main validates it with the channel's schema. */
export type IpcArgument<C extends IpcChannel> = z.input<ArgumentSchemaOf<(typeof IPC_REQUESTS)[C]>>;
/** What a handler in main receives, once validated. */
export type IpcValidArgument<C extends IpcChannel> = z.output<ArgumentSchemaOf<(typeof IPC_REQUESTS)[C]>>;
export type IpcResults = { [C in IpcChannel]: ResultOf<(typeof IPC_REQUESTS)[C]> };

export type IpcEvent = keyof typeof IPC_EVENTS;
export const IPC_EVENT_NAMES = Object.keys(IPC_EVENTS) as IpcEvent[];
/** Events main sends; each renderer subscription returns its unsubscribe. */
export type IpcEvents = { [E in IpcEvent]: PayloadOf<(typeof IPC_EVENTS)[E]> };

/** An error crosses the bridge as a value with its fields intact: a code from the closed set, words, structure. */
export type IpcOutcome<T> = { ok: true; value: T } | { ok: false; error: AppError };

/**
 * What window.petstore offers the renderer: a call on any request channel and a subscription to any
 * event, typed here, untyped in the preload (which holds no list); src/renderer/src/api.ts wraps them.
 */
export interface PetstoreApi {
  invoke<C extends IpcChannel>(channel: C, argument: IpcArgument<C>): Promise<IpcOutcome<IpcResults[C]>>;
  on<E extends IpcEvent>(event: E, listener: (payload: IpcEvents[E]) => void): () => void;
}
