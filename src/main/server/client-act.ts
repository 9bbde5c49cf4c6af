import {
  ACTED_AT_AHEAD_MS,
  ACTED_AT_BEHIND_MS,
  ACTED_AT_HEADER,
  ACTOR_HEADER,
  ACTOR_MAX_LENGTH,
  ApiError,
  isActorName,
  type ClientAct,
} from '../../shared/contract';
import type { SqliteDatabase } from '../database/database';
import { acting } from '../database/write-context';
import { momentOf } from './rfc3339';

function refuse(field: string, message: string): never {
  throw ApiError.fromFields('invalid_parameter', [{ field, message }]);
}

/**
 * Who acted and when, as a client of our `history` extension says it (a header's value, or a
 * batch change's field): a name as a person would read it, a moment not far in the future nor
 * beyond a long time offline. Anything else is refused on its field; nothing is written.
 */
export function readClientAct(
  actor: unknown,
  actedAt: unknown,
  names: { actor: string; actedAt: string },
  now: number,
): ClientAct {
  const act: ClientAct = {};
  if (actor !== undefined) {
    let name: string;
    try {
      // Percent-encoded, so ASCII: raw UTF-8 would arrive as other characters (Zoë as ZoÃ«).
      name = typeof actor === 'string' && /^[\x20-\x7e]*$/.test(actor) ? decodeURIComponent(actor) : '';
    } catch {
      name = '';
    }
    if (!isActorName(name))
      refuse(
        names.actor,
        `must be a person's name (percent-encoded UTF-8), 1 to ${ACTOR_MAX_LENGTH} characters, without control characters`,
      );
    act.by = name;
  }
  if (actedAt !== undefined) {
    const at = momentOf(actedAt, { utcOnly: true });
    if (Number.isNaN(at)) refuse(names.actedAt, 'must be a moment in UTC, such as 2026-11-27T09:30:00.000Z');
    if (at > now + ACTED_AT_AHEAD_MS)
      refuse(names.actedAt, 'must not be in the future (check the clock of the computer that sent it)');
    if (at < now - ACTED_AT_BEHIND_MS) refuse(names.actedAt, 'must be within the last 400 days');
    act.at = at;
  }
  return act;
}

/** The act a write request's headers carry. */
export function actOfRequest(headers: Record<string, unknown>, now: number): ClientAct {
  const single = (value: unknown) => (Array.isArray(value) ? value.join(',') : value);
  return readClientAct(
    single(headers[ACTOR_HEADER]),
    single(headers[ACTED_AT_HEADER]),
    { actor: 'Petstore-Actor', actedAt: 'Petstore-Acted-At' },
    now,
  );
}

/** Runs a synchronous write of the service as the client's act: each animal's history names the person and the moment. */
export function asClient<R>(db: SqliteDatabase, act: ClientAct, run: () => R): R {
  return acting(db, { via: 'service', where: 'here', ...act }, run);
}
