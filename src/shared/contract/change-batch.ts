import { z } from 'zod';
import { describeValue } from './describe-value';
import { int64Schema } from './int64';
import { objectError, remotePetSchema } from './pet';

/**
 * Our extension: many changes of animals in one request (`POST /v1/pet-changes`), each exactly
 * what a `PATCH /v1/pets/{petId}` with its If-Match and Idempotency-Key would be, answered one by
 * one in order, made in one transaction (one durable commit for all). A change refused is refused
 * alone; the others are made. The same Idempotency-Key means the same change whether it came
 * alone or in a batch, so a client may retry one way what it sent the other.
 */
export const CHANGE_BATCH = {
  path: '/pet-changes',
  /** Changes in one request. */
  maxChanges: 100,
  /** A batch body: 100 changes of the longest names fit. */
  bodyMaxBytes: 256 * 1024,
} as const;

/** The request's envelope. Each change is read on its own (see the service), so one bad change is refused alone. */
export const changeBatchSchema = z.object(
  {
    changes: z
      .array(z.unknown(), { error: (issue) => `must be a JSON array of changes, got ${describeValue(issue.input)}` })
      .min(1, { error: 'must hold at least one change' })
      .max(CHANGE_BATCH.maxChanges, { error: `must hold at most ${CHANGE_BATCH.maxChanges} changes` }),
  },
  { error: objectError },
);

/** One change of a batch as sent, before its parts are read: its patch and If-Match are read as PATCH reads them. */
export const changeBatchItemSchema = z.object(
  {
    petId: int64Schema('json'),
    ifMatch: z.string({ error: (issue) => `must be a string, got ${describeValue(issue.input)}` }).optional(),
    idempotencyKey: z.string({ error: (issue) => `must be a string, got ${describeValue(issue.input)}` }).optional(),
    patch: z.unknown(),
    /** Our `history` extension: who made the change (as Petstore-Actor, percent-encoded) and when. */
    actor: z.unknown().optional(),
    actedAt: z.unknown().optional(),
  },
  { error: objectError },
);

/** A JSON integer from our lossless parser (a bigint), or a plain number from another parser. */
const httpStatus = z.union([z.bigint(), z.number()]).transform(Number).pipe(z.number().int().min(200).max(599));

/**
 * The answer as a client reads it (untrusted): one result for each change, in order; a result is
 * the changed animal (200) or the Error a PATCH would have answered (`error`, read like one).
 */
export const changeBatchResultsSchema = z.object({
  results: z.array(
    z.union([
      z.object({ status: httpStatus.pipe(z.literal(200)), pet: remotePetSchema('json') }),
      z.object({ status: httpStatus.pipe(z.number().min(400)), error: z.unknown() }),
    ]),
  ),
});
