import { EventEmitter } from 'node:events';
import type {
  AppError,
  ChangeSupport,
  ConnectionState,
  DetailsStanding,
  InventoryView,
  RemoteEnvironment,
  ServerStatus,
} from '../../shared/contract';
import { toAppError } from '../app-error';
import { RemoteError } from '../remote/remote-error';

/**
 * One contact with a server, as the status counts it: it answered as a pet store service and took
 * the key (a 2xx, or an Error other than 401: a refusal of one animal still proves both), or it
 * failed, and how. Plain data: a sync thread reports its contacts to the main thread as it is.
 */
export type Contact = { kind: 'answered' } | { kind: 'failed'; error: AppError };

const ANSWERED: Contact = { kind: 'answered' };

/** Why the key is not sent to this address, and what a person can do. */
export const unconfirmedKey = (environment: RemoteEnvironment, address: string) =>
  `The ${environment} key was set for another address; it is not sent to ${new URL(address).origin} until you confirm it for this address in Settings (or: petstore key confirm ${environment}), or set a new key.`;

/** The contact a call's outcome makes; null when it says nothing about the server (cancelled, a fault of ours). */
export function contactOf(error: unknown): Contact | null {
  if (error === null) return ANSWERED;
  if (!(error instanceof RemoteError) || error.kind === 'cancelled') return null;
  const status = error.details.status ?? 0;
  if (
    error.kind === 'service_error' &&
    status !== 401 &&
    status >= 400 &&
    status < 500 &&
    status !== 408 &&
    status !== 429
  ) {
    return ANSWERED;
  }
  return { kind: 'failed', error: toAppError(error) };
}

const CONNECTION_OF: Partial<Record<AppError['code'], ConnectionState>> = {
  unreachable: 'offline',
  timeout: 'offline',
  key_rejected: 'key_rejected',
  server_error: 'failing',
  not_the_contract: 'not_a_pet_store',
  untrusted_certificate: 'untrusted',
  no_key: 'no_key',
  keychain_unavailable: 'no_key',
  key_unconfirmed: 'key_unconfirmed',
  no_address: 'no_address',
};

export interface ServerStatusOptions {
  environment: RemoteEnvironment;
  /** The server's current address; null when none is set. */
  address: () => string | null;
  /** Whether a key is set for it, and for its current address. */
  key: () => 'none' | 'unconfirmed' | 'ready';
  /** What waits in its outbox, as this thread's connection sees it: always current. */
  counts: () => { waiting: number; held: number; refused: number; conflicts: number };
  /** How far the replica has the server's whole list. */
  inventory: () => InventoryView;
  /** What the server at its current address is known to do with changes of animals. */
  changes?: () => ChangeSupport;
  /** Whether its animals' details are sent to it or kept here. */
  details?: () => DetailsStanding;
  now?: () => number;
}

/**
 * What is known about one server (reachable, key accepted, last contact, last complete sync, what
 * waits), decided here and only here from every contact the app makes with it: lists, sends,
 * lookups, connection tests. A new address or key makes what was known about the old one unknown.
 */
export function createServerStatus({
  environment,
  address,
  key,
  counts,
  inventory,
  changes = () => 'unknown',
  details = () => ({ server: 'unknown', photos: 'unknown', keptHere: 0 }),
  now = Date.now,
}: ServerStatusOptions) {
  const events = new EventEmitter();
  let last: Contact | null = null;
  let lastContactAt: number | null = null;
  let lastSyncedAt: number | null = null;
  let sending = false;
  let otherSender: { pid: number } | null = null;
  let passStartedAt = 0;
  const changed = () => events.emit('change');
  const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

  function noteSynced(at: number): void {
    if (!sending && counts().waiting === 0) lastSyncedAt = at;
  }

  function snapshot(): ServerStatus {
    const { waiting, held, refused, conflicts } = counts();
    const url = address();
    const keyState = key();
    const configuration: AppError | null =
      url === null
        ? { code: 'no_address', message: `No address is set for ${environment}: set one in Settings.` }
        : keyState === 'none'
          ? { code: 'no_key', message: `No key is set for ${environment}: set one in Settings.` }
          : keyState === 'unconfirmed'
            ? { code: 'key_unconfirmed', message: unconfirmedKey(environment, url) }
            : null;
    const problem = configuration ?? (last?.kind === 'failed' ? last.error : null);
    const connection: ConnectionState =
      problem !== null ? (CONNECTION_OF[problem.code] ?? 'failing') : last === null ? 'unknown' : 'online';
    return {
      environment,
      connection,
      address: url,
      lastContactAt: iso(lastContactAt),
      lastSyncedAt: iso(lastSyncedAt),
      waiting,
      held,
      refused,
      conflicts,
      changes: changes(),
      details: details(),
      sending,
      otherSender,
      inventory: inventory(),
      problem,
    };
  }

  return {
    events,
    snapshot,

    /** A contact with the server has just ended this way. */
    observe(contact: Contact | null, at = now()): void {
      if (contact === null) return;
      last = contact;
      if (contact.kind === 'answered') {
        lastContactAt = at;
        noteSynced(at);
      }
      changed();
    },

    /** A sync pass began or ended; a pass that heard from the server and left nothing waiting is a complete sync. */
    passRunning(running: boolean, at = now()): void {
      sending = running;
      if (running) passStartedAt = at;
      else if (last?.kind === 'answered' && lastContactAt !== null && lastContactAt >= passStartedAt)
        noteSynced(lastContactAt);
      changed();
    },

    /** Who holds the right to send: null when this process does (or nobody has been asked). */
    otherSender(holder: { pid: number } | null): void {
      if (holder?.pid === otherSender?.pid) return;
      otherSender = holder;
      changed();
    },

    /** The address or the key changed: what was known was about the old one. */
    forget(): void {
      last = null;
      lastContactAt = null;
      lastSyncedAt = null;
      changed();
    },

    /** Something here changed the counts (an add, a discard, an acceptance). */
    changed,
  };
}

export type ServerStatusKeeper = ReturnType<typeof createServerStatus>;
