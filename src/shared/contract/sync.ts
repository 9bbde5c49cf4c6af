import type { EnvironmentName, RemoteEnvironment } from './environments';
import type { Int64 } from './int64';
import type { Pet, PetStatus } from './pet';

/**
 * An animal added while working against a server, from the moment it is added until the server
 * has it. pending: waiting to be sent; sending: on its way; unknown: sent, but no answer came
 * back (retried with the same Idempotency-Key); rejected: the server refused it (see
 * `lastError`), kept until a person fixes and resends or discards it; needs_confirmation: the
 * server's address changed since it was added; accepted: the server has it as `serverId`.
 */
export const OUTBOX_STATES = ['pending', 'sending', 'unknown', 'rejected', 'needs_confirmation', 'accepted'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export interface OutboxEntry {
  entryId: string;
  environment: RemoteEnvironment;
  baseUrl: string;
  name: string;
  categoryId: Int64;
  status?: PetStatus;
  state: OutboxState;
  attempts: number;
  lastError: string | null;
  serverId: Int64 | null;
  createdAt: string;
}

export interface SyncStatus {
  environment: RemoteEnvironment;
  /** null until the server has been tried this session. */
  online: boolean | null;
  /** Waiting, on their way, or with an unknown outcome. */
  pending: number;
  rejected: number;
  needsConfirmation: number;
  lastSuccessfulSync: string | null;
  /** What stops or slows sync now, in words; null when nothing does. */
  currentError: string | null;
  keyRejected: boolean;
}

/** A list answered from the replica at once, with how fresh it is. */
export interface PetsView {
  environment: EnvironmentName;
  pets: Pet[];
  /** Added here, not yet accepted by the server (shown as pending or rejected): the oldest, at most `limit`, same status filter. */
  unsynced: OutboxEntry[];
  /** When this query was last refreshed from the server; null: never (or local). */
  refreshedAt: string | null;
  source: 'local' | 'cache' | 'server';
}
