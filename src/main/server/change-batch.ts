import {
  ApiError,
  changeBatchItemSchema,
  changeBatchSchema,
  parseIfMatch,
  parseOrThrow,
  petPatchSchema,
  type ClientAct,
  type IfMatch,
  type PetPatch,
} from '../../shared/contract';
import { readClientAct } from './client-act';
import { writeTransaction, type SqliteDatabase } from '../database/database';
import { errorJson } from './error-replies';
import { isIdempotencyKey } from './idempotency';

/** One change as PATCH /v1/pets/{petId} makes it: the animal's JSON as answered (or replayed under its key). */
export type ChangeAnimal = (
  petId: string,
  patch: PetPatch,
  ifMatch: IfMatch,
  key: string | undefined,
  act: ClientAct,
) => { body: string };

/** A change of the batch read as PATCH reads its path, headers and body; a problem is this change's Error. */
function readChange(raw: unknown) {
  const item = parseOrThrow(changeBatchItemSchema, raw, 'invalid_body', 'change');
  if (item.ifMatch === undefined || item.ifMatch.trim() === '') {
    throw new ApiError(
      'precondition_required',
      'Give each change its ifMatch: the entity tag of the animal as you last saw it (its revision in quotes, such as "3"), or "*" to change it whatever it is now.',
    );
  }
  const ifMatch = parseIfMatch(item.ifMatch);
  if (ifMatch === null) {
    throw new ApiError(
      'invalid_parameter',
      'ifMatch must be * or entity tags in double quotes, separated by commas, such as "3".',
      [{ field: 'ifMatch', message: 'must be * or entity tags in double quotes, such as "3"' }],
    );
  }
  if (item.idempotencyKey !== undefined && !isIdempotencyKey(item.idempotencyKey)) {
    throw new ApiError(
      'invalid_parameter',
      'idempotencyKey must be 1 to 255 visible ASCII characters without a double quote, such as a UUID.',
      [{ field: 'idempotencyKey', message: 'must be 1 to 255 visible ASCII characters, such as a UUID' }],
    );
  }
  const patch = parseOrThrow(petPatchSchema('json'), item.patch, 'invalid_body', 'patch');
  const act = readClientAct(item.actor, item.actedAt, { actor: 'actor', actedAt: 'actedAt' }, Date.now());
  return { petId: item.petId, patch, ifMatch, key: item.idempotencyKey, act };
}

/**
 * POST /v1/pet-changes (our extension): each change made as its PATCH would be, in order, all in
 * one transaction, so the batch costs one commit. A change refused (400, 404, 412, 422, 428) is
 * rolled back alone (its own savepoint) and answered in its place; anything else fails the whole
 * batch, and nothing of it is written. Answers the body of the 200: `{"results": [...]}`.
 */
export function createChangeBatch(db: SqliteDatabase, changeAnimal: ChangeAnimal) {
  const one = (raw: unknown): string => {
    try {
      const { petId, patch, ifMatch, key, act } = readChange(raw);
      return `{"status":200,"pet":${changeAnimal(petId, patch, ifMatch, key, act).body}}`;
    } catch (error) {
      if (error instanceof ApiError) return `{"status":${error.status},"error":${errorJson(error)}}`;
      throw error;
    }
  };
  const applyAll = writeTransaction(db, (changes: unknown[]) => `{"results":[${changes.map(one).join(',')}]}`);
  return (body: unknown): string => applyAll(parseOrThrow(changeBatchSchema, body, 'invalid_body', 'body').changes);
}
