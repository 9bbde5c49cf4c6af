import { z } from 'zod';
import type { CommandId } from '../commands';
import type { ConnectionVerdictView, EnvironmentSettingsView, KeyStatusView, PreferencesView } from './views';
import { ENVIRONMENTS, REMOTE_ENVIRONMENTS } from '../contract/environments';
import { PET_STATUSES, type Pet } from '../contract/pet';
import type { OutboxEntry, PetsView, SyncStatus } from '../contract/sync';
import { type IPC_EVENT_NAMES, type IpcChannelName } from './channels';

/**
 * The one IPC contract between the renderer and the main process. Every request channel: its
 * argument schema (validated in main, whoever calls) and its result type. Every event channel main
 * sends. Adding a channel is one entry here plus its handler in src/main/ipc-router.ts.
 */
export { IPC_PREFIX } from './channels';

const environment = z.enum(ENVIRONMENTS);
const remoteEnvironment = z.enum(REMOTE_ENVIRONMENTS);
// Shapes only: field rules (name length, int64 ...) are the core's, with its messages.
const text = (max: number) => z.string().max(max);

export const IPC_REQUESTS = {
  listPets: z.strictObject({
    environment,
    query: z.strictObject({ limit: z.number().int().optional(), status: z.enum(PET_STATUSES).optional() }),
  }),
  refreshPets: z.strictObject({
    environment: remoteEnvironment,
    query: z.strictObject({ limit: z.number().int().optional(), status: z.enum(PET_STATUSES).optional() }),
  }),
  addPet: z.strictObject({
    environment,
    pet: z.strictObject({ name: text(1_000), categoryId: text(40), status: z.enum(PET_STATUSES).optional() }),
  }),
  getPet: z.strictObject({ environment, petId: text(40) }),
  activeEnvironment: z.undefined(),
  setActiveEnvironment: z.strictObject({ environment }),
  setBaseUrl: z.strictObject({ environment: remoteEnvironment, url: text(2_048) }),
  setKey: z.strictObject({ environment: remoteEnvironment, key: text(4_096) }),
  clearKey: z.strictObject({ environment: remoteEnvironment }),
  keyStatus: z.strictObject({ environment: remoteEnvironment }),
  environmentSettings: z.strictObject({ environment: remoteEnvironment }),
  preferences: z.undefined(),
  setPreferences: z.strictObject({ confirmProductionAdds: z.boolean() }),
  testConnection: z.strictObject({ environment: remoteEnvironment }),
  syncNow: z.strictObject({ environment: remoteEnvironment }),
  syncStatus: z.strictObject({ environment: remoteEnvironment }),
  resendEntry: z.strictObject({
    environment: remoteEnvironment,
    entryId: text(20),
    fixed: z
      .strictObject({ name: text(1_000), categoryId: text(40), status: z.enum(PET_STATUSES).optional() })
      .optional(),
  }),
  discardEntry: z.strictObject({ environment: remoteEnvironment, entryId: text(20) }),
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
  refreshPets: PetsView;
  addPet: { pet: Pet } | { entry: OutboxEntry };
  getPet: Pet;
  activeEnvironment: (typeof ENVIRONMENTS)[number];
  setActiveEnvironment: (typeof ENVIRONMENTS)[number];
  setBaseUrl: string;
  setKey: KeyStatusView;
  clearKey: KeyStatusView;
  keyStatus: KeyStatusView;
  environmentSettings: EnvironmentSettingsView;
  preferences: PreferencesView;
  setPreferences: PreferencesView;
  testConnection: ConnectionVerdictView;
  syncNow: SyncStatus;
  syncStatus: SyncStatus;
  resendEntry: OutboxEntry | null;
  discardEntry: boolean;
}

/** Events main sends; each renderer subscription returns its unsubscribe. */
export interface IpcEvents {
  syncStatus: SyncStatus;
  dataChanged: { environment: (typeof ENVIRONMENTS)[number] };
  environmentChanged: { environment: (typeof ENVIRONMENTS)[number] };
  /** A menu item was chosen; the renderer runs the command as if its shortcut had been pressed. */
  command: { command: CommandId };
}
const sameEvents: [(typeof IPC_EVENT_NAMES)[number]] extends [keyof IpcEvents]
  ? [keyof IpcEvents] extends [(typeof IPC_EVENT_NAMES)[number]]
    ? true
    : never
  : never = true;
void sameEvents;

/** An error that crossed the bridge with its fields intact. `source` says who raised it. */
export interface IpcError {
  source: 'app' | 'server';
  code: string;
  message: string;
  status?: number;
}

export type IpcOutcome<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** What window.petstore offers the renderer: one function per request channel, one subscription per event. */
export type PetstoreApi = {
  [C in IpcChannel]: (argument: IpcArgument<C>) => Promise<IpcOutcome<IpcResults[C]>>;
} & {
  on<E extends keyof IpcEvents>(event: E, listener: (payload: IpcEvents[E]) => void): () => void;
};
