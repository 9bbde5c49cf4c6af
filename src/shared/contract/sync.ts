import type { EnvironmentName, RemoteEnvironment } from './environments';
import type { InventoryView } from './browse';
import type { AppError } from './errors';
import type { Int64 } from './int64';
import type { NewPet, Pet } from './pet';
import type { QueuedPatch } from './pet-change';

/**
 * An animal added while working against a server, from the moment it is added until the server
 * has it. pending: waiting to be sent; sending: on its way; unknown: sent, but no answer came
 * back (retried with the same Idempotency-Key); refused: the server refused it (see `lastError`),
 * kept until a person fixes and resends or discards it; held: waiting for a person, as the server's
 * address changed since it was added, or a send went unanswered too long; accepted: the server has
 * it as `serverId`.
 */
export const OUTBOX_STATES = ['pending', 'sending', 'unknown', 'refused', 'held', 'accepted'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** An add waiting for a server: the animal as a person gave it, and how its sending stands. */
export type OutboxEntry = NewPet & OutboxEntryFacts;

interface OutboxEntryFacts {
  entryId: string;
  environment: RemoteEnvironment;
  baseUrl: string;
  state: OutboxState;
  attempts: number;
  lastError: string | null;
  /** The server's own field problems when it refused the animal (from our service's `fields`). */
  lastErrorFields?: Array<{ field: string; message: string }>;
  /** On its way now, or a send of it once went unanswered: the server may have it already, whatever its state now. */
  mayBeOnServer: boolean;

  serverId: Int64 | null;
  createdAt: string;
}

/**
 * A change to one of the server's animals made here, from the moment it is made until the server
 * has it (our extension; see pet-change.ts). The states of an add, and: conflict: another counter
 * changed the animal first (412); it waits, showing `theirs`, until a person keeps theirs or this
 * one; unsupported: the server takes no changes; it waits until a person discards it.
 */
export const CHANGE_STATES = [
  'pending',
  'sending',
  'unknown',
  'refused',
  'held',
  'conflict',
  'unsupported',
  'accepted',
] as const;
export type ChangeState = (typeof CHANGE_STATES)[number];

/** Entry ids of changes start with this letter (those of adds are plain numbers). */
export const CHANGE_ENTRY_PREFIX = 'c';

export interface ChangeEntry {
  /** "c" and a number: never the id of an add. */
  entryId: string;
  environment: RemoteEnvironment;
  baseUrl: string;
  petId: Int64;
  patch: QueuedPatch;
  /** The server's animal as it was when the change was made (what the change is to). */
  base: Pet;
  /** With conflict: the server's animal as it is now, changed by someone else. */
  theirs: Pet | null;
  state: ChangeState;
  attempts: number;
  lastError: string | null;
  lastErrorFields?: Array<{ field: string; message: string }>;
  /** On its way now, or a send of it once went unanswered: the server may have made it already. */
  mayBeOnServer: boolean;
  createdAt: string;
}

/**
 * What a person's discard of an add or a change did, decided by main at that moment (the window's
 * copy of the entry may be older). discarded: false when the server had accepted it already (so it
 * is there); mayBeOnServer: it was on its way, or a send of it went unanswered, so the server may
 * have it although it will never be sent again.
 */
export interface DiscardOutcome {
  discarded: boolean;
  mayBeOnServer: boolean;
}

/**
 * Where an animal's details (our extension) are for a server: `server` says whether it takes them
 * (it lists the details extension), lacks them, or has not said yet; `keptHere` counts the animals
 * whose details are on this computer only, offered for upload once the server takes them.
 */
export interface DetailsStanding {
  /** Whether the server takes the details (the details extension). */
  server: 'takes' | 'lacks' | 'unknown';
  /** Whether it takes photos (the photos extension). */
  photos: 'takes' | 'lacks' | 'unknown';
  /** Animals whose details or photo are kept on this computer only. */
  keptHere: number;
}

/** What a server is known to do with changes: unknown until it has answered one. */
export type ChangeSupport = 'unknown' | 'supported' | 'unsupported';

/**
 * How the app stands with a server, decided in one place (main) from every contact it has with it:
 * - no_address, no_key: nothing can be sent; a person must set it;
 * - key_unconfirmed: the key was set for another address; it is not sent until a person confirms it;
 * - unknown: not tried since the app started, or since its address or key changed;
 * - online: it last answered as a pet store service and accepted the key;
 * - offline: it could not be reached, or did not answer in time;
 * - key_rejected: it answered 401;
 * - failing: it answered with a server error (5xx, 429);
 * - not_a_pet_store: something answered, but not as a pet store service (a web page, a redirect);
 * - untrusted: its HTTPS certificate is not trusted by this computer.
 */
export const CONNECTION_STATES = [
  'no_address',
  'no_key',
  'key_unconfirmed',
  'unknown',
  'online',
  'offline',
  'key_rejected',
  'failing',
  'not_a_pet_store',
  'untrusted',
] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/** What is known about one server: every part of the window shows this one answer. */
export interface ServerStatus {
  environment: RemoteEnvironment;
  connection: ConnectionState;
  address: string | null;
  /** When the server last answered as a pet store service (any operation). */
  lastContactAt: string | null;
  /** When the server was last heard from with nothing here waiting to be sent: it had everything added here. */
  lastSyncedAt: string | null;
  /** Added here, not yet on the server: waiting, on their way, or with an unknown outcome. */
  waiting: number;
  /** Held for a person: the address changed since they were added, or a send went unanswered longer than a server remembers its key. */
  held: number;
  /** Refused by the server (adds and changes), or changes it cannot take: each waits for a person. */
  refused: number;
  /** Changes that met another counter's change of the same animal: each waits for a person to choose. */
  conflicts: number;
  /** Whether the server takes changes of animals (our extension), as far as it has said. */
  changes: ChangeSupport;
  /** Whether its animals' details are sent to it or kept here. */
  details: DetailsStanding;
  /** A sync pass is sending now. */
  sending: boolean;
  /** Another Petstore Desk process on this computer holds the right to send this outbox (it sends what waits). */
  otherSender: { pid: number } | null;
  /** How far this computer has the server's whole list of animals. */
  inventory: InventoryView;
  /** What stops or slows contact with this server now; null when nothing does. */
  problem: AppError | null;
}

/** A list answered from the replica (or the local store) at once. */
export interface PetsView {
  environment: EnvironmentName;
  pets: Pet[];
  /** Added here, not yet accepted by the server (shown as waiting, held or refused): the oldest, at most `limit`, same status filter. */
  unsynced: OutboxEntry[];
  /** When the server last listed animals to this computer; null: never (or local). */
  listedAt: string | null;
  /** local: the local store; replica: the animals last seen from the server; server: just listed by it. */
  source: 'local' | 'replica' | 'server';
  /** Why the server could not be asked just now (the replica's animals are shown instead). */
  problem?: AppError;
}

/** What a "sync now" did, and how the server stands after it. */
export interface SyncOutcome {
  sent: number;
  refused: number;
  status: ServerStatus;
}
