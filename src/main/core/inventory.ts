import type { MicrochipHolder } from '../database/microchip-holder';
import type {
  AnimalsQuery,
  AnimalsWindow,
  ChangeEntry,
  DiscardOutcome,
  EnvironmentName,
  ListPetsQuery,
  NewPet,
  OutboxEntry,
  Pet,
  PetsView,
  RemoteEnvironment,
  SameAnimal,
  ServerStatus,
} from '../../shared/contract';
import type { HistoryEntry, HistoryPage, HistoryRoad } from '../../shared/contract/history';
import type { HistoryPlaceQuery } from '../database/history-table';
import type { Sale, SaleTerms } from '../../shared/contract/orders';
import type { Orders } from '../database/orders-table';
import type { KeyStatusView } from '../../shared/ipc/views';
import type { RowToImport } from '../database/imported-rows';
import type { PetPhotos } from '../database/pet-photos';
import type { WeekFigures } from '../database/week-figures';
import type { SyncPassResult } from '../sync/sync-engine';
import type { ConfirmKeyOrigin } from './key-access';

/**
 * One environment's animals, wherever they are kept: the local store (local-inventory.ts), or a
 * server's replica and sync engine (remote-inventory.ts). The use cases work with this alone, so
 * none of them asks which kind it has.
 */
export interface Inventory {
  readonly environment: EnvironmentName;
  /** The animals as this computer has them, at once. */
  listPets(query: Partial<ListPetsQuery>): PetsView;
  /**
   * The freshest list the environment can give: a server's answer (kept), or, when the server
   * cannot answer, what this computer has, with the reason (`problem`). A wrong query throws.
   */
  refreshPets(query: Partial<ListPetsQuery>): Promise<PetsView>;
  /** The animals screen's window (the query validated here). */
  animals(query: AnimalsQuery): AnimalsWindow;
  /** Brings what this computer has up to every animal the environment has; throws a RemoteError when it stops short. */
  walkEveryAnimal(): Promise<void>;
  /**
   * Adds a valid animal: at once (`pet`), or kept to be sent (`entry`). `checkFirst` runs in the
   * add's write transaction: no other process adds in between.
   */
  addPet(pet: NewPet, checkFirst?: () => void): { pet: Pet } | { entry: OutboxEntry };
  /** Changes an animal: at once under `revision` (`pet`), or kept to be sent (`change`, null when nothing is left to send). */
  changePet(
    petId: string,
    patch: unknown,
    revision: number | undefined,
    action?: 'changed' | 'undone',
  ): { pet: Pet } | { change: ChangeEntry | null };
  /**
   * Sells an animal with the sale's terms, the status change and its sale together: at once under
   * `revision` (`pet`), or kept to be sent (`change`). Refused for an animal unknown or already sold.
   */
  sellPet(
    petId: string,
    terms: SaleTerms,
    revision: number | undefined,
  ): ({ pet: Pet } | { change: ChangeEntry | null }) & { sale: Sale };
  /** The sales recorded on this computer (orders-table.ts); a server's environment has only those made here. */
  sales(): { orders: Orders; madeHereOnly: boolean };
  /** The animal as this computer shows it; never asks a server. */
  shownPet(petId: string): Pet | undefined;
  getPet(petId: string): Promise<Pet> | Pet;
  /** The animals listed or waiting of this name and category: what an add would repeat. */
  lookAlikes(pet: NewPet): SameAnimal[];
  /** The animal (shown or waiting to be added) that has this microchip number, if any. */
  microchipHolder(microchip: string): MicrochipHolder | undefined;
  wasImported(rowKey: string): boolean;
  /** Imported rows added, each row once however often its file is imported. */
  importRows(rows: readonly RowToImport<NewPet>[]): { added: number; skipped: number };
  /** A page of the animal's history as this computer keeps it, newest first (an unknown animal has none). */
  history(petId: string, query: HistoryPlaceQuery): HistoryPage;
  /** Which of these acts (moment and person) made a change of the animal here (see history-table.ts). */
  actsMadeHere(petId: string, acts: readonly Pick<HistoryEntry, 'at' | 'by'>[]): Set<string>;
  /** The server's history of an animal, read a page at a time; null where the animals are kept here. */
  historyOnServer(): ServerHistoryReader | null;
  /** The entry `seq` of the animal's history, if it is one. */
  historyEntry(petId: string, seq: number): HistoryEntry | undefined;
  /** A period's figures from the history and the sales kept here (the week at a glance). */
  weekFigures(): WeekFigures;
  /**
   * The animals' photos (our extension): set and removed at once under If-Match in the local store;
   * on a server's, shown at once and sent as a change (or kept here for a server without photos).
   */
  photos(): PetPhotos;
  /**
   * What only a server has (its key, what waits to be sent, sync, how it stands). The local store
   * has none: it refuses with the error the IPC contract gives for local on a server's channel.
   */
  server(): RemoteServer;
}

/** A shop's server as this computer works with it. */
export interface RemoteServer {
  readonly environment: RemoteEnvironment;
  readonly key: ServerKey;
  /** How the server stands, as far as this computer knows. */
  status(): ServerStatus;
  /** Asks the server for one animal; how it went is in the status (a failure is not thrown). */
  testConnection(): Promise<void>;
  /** The address or the key changed: what was known of the server is forgotten; a sync paused by a 401 resumes. */
  configurationChanged(): void;
  /** What was known of the server is forgotten (a key set or removed outside the app). */
  forgetServer(): void;

  outboxEntries(): OutboxEntry[];
  outboxEntry(entryId: string): OutboxEntry | undefined;
  /** Changes made here not yet accepted by the server, oldest first. */
  changeEntries(): ChangeEntry[];
  changeEntry(entryId: string): ChangeEntry | undefined;
  correctEntry(entryId: string, pet: unknown): OutboxEntry;
  resolveConflict(entryId: string, choice: 'keep-mine' | 'keep-theirs'): ChangeEntry | null;
  resend(entryId: string, fixed?: NewPet): OutboxEntry | ChangeEntry;
  discard(entryId: string): DiscardOutcome;
  /** An entry as it was before a person's decision on it (discarded, resent, decided), while it can be taken back. */
  setAside(entryId: string): OutboxEntry | ChangeEntry | undefined;
  /** That decision taken back: the entry as it was, unless a send of it has begun since. */
  restore(entryId: string): OutboxEntry | ChangeEntry;
  /** Changes no sync sends until a person decides on an earlier change of their animal. */
  waitingBehind(): number;

  /** How many sales stand on the server in a period (ms; our orders extension); null from a server without it. */
  serverSales(period: { from: number; to: number }): Promise<{ count: number; complete: boolean } | null>;
  /** A page of the animal's changes as the server recorded them (our history extension); null from a server without it. */
  serverHistory: ServerHistoryReader;
  /** Asks the server which of our extensions it has, unless it said so lately or `again`. */
  learnExtensions(options?: { again?: boolean }): Promise<void>;
  /** The animals' details kept on this computer, sent to the server now that it takes them: how many animals'. */
  uploadKeptDetails(): number;

  /** One sync pass; `force`: what is in backoff goes too. */
  syncPass(options?: { force?: boolean }): Promise<SyncPassResult>;
  /** Told after each batch of a pass; returns the unsubscribe. */
  onSyncProgress(listener: (progress: SyncPassResult) => void): () => void;
  /** When the next add or change a sync could send is due (ms since epoch), or null. */
  nextDueAt(): number | null;
}

/** A server's key in the OS keychain, sent only to the origin it was set for (see key-access.ts). */
export interface ServerKey {
  /** Whether a key is set, and for the current address; no keychain read. */
  state(): 'none' | 'unconfirmed' | 'ready';
  view(): KeyStatusView;
  /** Reads the keychain again: true when the key was set or removed outside the app. */
  refresh(): Promise<boolean>;
  set(key: string): Promise<void>;
  /** True when there was a key to clear. */
  clear(): Promise<boolean>;
  /** The key set for another origin, for the current address, if a person says yes through `ask`. */
  confirmForAddress(ask: ConfirmKeyOrigin): Promise<boolean>;
}

/** A page of an animal's history as a server recorded it, newest first; `more`: older entries follow. */
export interface ServerHistoryPage {
  entries: HistoryEntry[];
  more: boolean;
}

/** Reads a page of a server's history of an animal (older than its entry `before`); null from a server without the extension. */
export type ServerHistoryReader = (
  petId: string,
  page: { before?: number; limit: number },
) => Promise<ServerHistoryPage | null>;

/** Who writes, for the animal's history: the road the core serves, the person named at it (null: nobody), and the moment. */
export type PersonActing = () => { via: HistoryRoad; by: string | null; at: number };

/** Each environment's inventory, chosen once by its name. */
export type Inventories = Record<EnvironmentName, Inventory>;
