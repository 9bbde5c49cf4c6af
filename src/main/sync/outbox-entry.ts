import type { FieldProblem, OutboxEntry, OutboxState, PetStatus, RemoteEnvironment } from '../../shared/contract';
import { MAY_BE_ON_SERVER } from './may-be-on-server';

/**
 * An entry as shown, read as an array (better-sqlite3's raw mode): building a hundred rows as objects
 * with named columns costs about three times as much, and a page of them is read on every list.
 */
export type EntryRow = [
  entryId: string,
  baseUrl: string,
  name: string,
  categoryId: string,
  status: PetStatus | null,
  state: OutboxState,
  attempts: number,
  lastError: string | null,
  lastErrorFields: string | null,
  serverId: string | null,
  createdAt: number,
  mayBeOnServer: 0 | 1,
];
export const ENTRY_COLUMNS = `CAST(id AS TEXT), base_url, name, CAST(category_id AS TEXT), status, state, attempts, last_error, last_error_fields, CAST(server_id AS TEXT), created_at, ${MAY_BE_ON_SERVER}`;

/** An entry of `environment` as the app shows it, from its row. */
export function entryOf(
  [
    entryId,
    baseUrl,
    name,
    categoryId,
    status,
    state,
    attempts,
    lastError,
    lastErrorFields,
    serverId,
    createdAt,
    mayBeOnServer,
  ]: EntryRow,
  environment: RemoteEnvironment,
): OutboxEntry {
  const entry: OutboxEntry = {
    entryId,
    environment,
    baseUrl,
    name,
    categoryId,
    state,
    attempts,
    lastError,
    serverId,
    createdAt: new Date(createdAt).toISOString(),
    mayBeOnServer: mayBeOnServer === 1,
  };
  if (status !== null) entry.status = status;
  if (lastErrorFields !== null) entry.lastErrorFields = JSON.parse(lastErrorFields) as FieldProblem[];
  return entry;
}
