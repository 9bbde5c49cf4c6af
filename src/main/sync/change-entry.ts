import {
  CHANGE_ENTRY_PREFIX,
  type ChangeEntry,
  type ChangeState,
  type FieldProblem,
  type Pet,
  type PetPatch,
  type RemoteEnvironment,
} from '../../shared/contract';
import { MAY_BE_ON_SERVER } from './may-be-on-server';

/** A due change as claimed for sending. */
export interface ClaimedChange {
  entryId: string;
  baseUrl: string;
  idempotencyKey: string;
  petId: string;
  patch: PetPatch;
  /** The server's revision the change is to (its If-Match); null when the server gives none. */
  revision: number | null;
  attempts: number;
  /** Whether an earlier attempt may have reached the server. */
  previouslyUnknown: boolean;
}

export interface ChangeRow {
  id: number;
  base_url: string;
  pet_id: string;
  patch: string;
  base_revision: number | null;
  base_pet: string;
  theirs: string | null;
  idempotency_key: string;
  state: ChangeState;
  attempts: number;
  last_error: string | null;
  last_error_fields: string | null;
  maybe_sent: 0 | 1;
  may_be_on_server: 0 | 1;
  unknown_since: number | null;
  created_at: number;
}
export const CHANGE_COLUMNS = `id, base_url, CAST(pet_id AS TEXT) AS pet_id, patch, base_revision, base_pet, theirs, idempotency_key,
  state, attempts, last_error, last_error_fields, maybe_sent, ${MAY_BE_ON_SERVER} AS may_be_on_server, unknown_since, created_at`;

/** The row id of an entry id ("c12" → 12), or null when it is not a change's. */
export function changeRowId(entryId: string): number | null {
  const match = new RegExp(`^${CHANGE_ENTRY_PREFIX}([1-9][0-9]{0,15})$`).exec(entryId);
  return match ? Number(match[1]) : null;
}

export const isChangeEntryId = (entryId: string): boolean => changeRowId(entryId) !== null;

/** A change of `environment` as the app shows it, from its row. */
export const changeEntryOf = (row: ChangeRow, environment: RemoteEnvironment): ChangeEntry => ({
  entryId: `${CHANGE_ENTRY_PREFIX}${row.id}`,
  environment,
  baseUrl: row.base_url,
  petId: row.pet_id,
  patch: JSON.parse(row.patch) as PetPatch,
  base: JSON.parse(row.base_pet) as Pet,
  theirs: row.theirs === null ? null : (JSON.parse(row.theirs) as Pet),
  state: row.state,
  attempts: row.attempts,
  lastError: row.last_error,
  ...(row.last_error_fields === null ? {} : { lastErrorFields: JSON.parse(row.last_error_fields) as FieldProblem[] }),
  mayBeOnServer: row.may_be_on_server === 1,
  createdAt: new Date(row.created_at).toISOString(),
});
