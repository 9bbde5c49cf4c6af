import type { FastifyInstance } from 'fastify';
import {
  ANIMAL_FIELDS,
  ApiError,
  parseOrThrow,
  petIdSchema,
  SERVER_HISTORY_PAGE_MAX,
  type HistoryEntry,
} from '../../shared/contract';
import type { SqliteDatabase } from '../database/database';
import { createPetHistory } from '../database/history-table';
import { stringifyJson } from '../wire/json-codec';

/** An entry as the service tells it: who and when, what was done, each field before and after (an int64 as a JSON integer). */
function entryToWire({ seq, at, by, action, changes }: HistoryEntry) {
  const wireValue = (field: HistoryEntry['changes'][number]['field'], value: string | number | null) =>
    value !== null && ANIMAL_FIELDS[field].kind === 'int64' ? BigInt(value) : value;
  return {
    seq,
    at,
    by,
    action,
    changes: changes.map(({ field, from, to }) => ({ field, from: wireValue(field, from), to: wireValue(field, to) })),
  };
}

/** A whole number from 1 to `max` given as a query parameter, or refused naming it. */
function countParameter(value: unknown, name: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  const number = typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : NaN;
  if (!(number <= max)) {
    throw ApiError.fromFields('invalid_parameter', [
      {
        field: name,
        message: `must be a whole number from 1 to ${max}, got ${JSON.stringify(String(value)).slice(0, 40)}`,
      },
    ]);
  }
  return number;
}

/**
 * `GET /v1/pets/{petId}/history` (our `history` extension): the animal's changes as this service
 * recorded them, newest first, a page at a time (`limit`, at most SERVER_HISTORY_PAGE_MAX), the
 * next page linked (RFC 8288 `Link: <...?before=seq>; rel="next"`). An animal that does not exist is 404.
 */
export function registerHistoryRoute(app: FastifyInstance, prefix: string, db: SqliteDatabase): void {
  const history = createPetHistory(db);
  const exists = db.prepare<[bigint], number>('SELECT 1 FROM pets WHERE id = ?').pluck();
  app.get<{ Params: { petId: string }; Querystring: Record<string, unknown> }>(
    `${prefix}/pets/:petId/history`,
    (request, reply) => {
      const petId = parseOrThrow(petIdSchema, request.params.petId, 'invalid_parameter', 'petId');
      const before = countParameter(request.query.before, 'before', Number.MAX_SAFE_INTEGER);
      const limit = countParameter(request.query.limit, 'limit', SERVER_HISTORY_PAGE_MAX) ?? SERVER_HISTORY_PAGE_MAX;
      if (exists.get(BigInt(petId)) === undefined) throw new ApiError('not_found', `No animal has id ${petId}.`);
      const page = history.page(petId, { before, limit });
      if (page.more) {
        const oldest = page.entries.at(-1)!.seq;
        reply.header('link', `<${prefix}/pets/${petId}/history?before=${oldest}&limit=${limit}>; rel="next"`);
      }
      return reply
        .code(200)
        .type('application/json; charset=utf-8')
        .send(stringifyJson({ entries: page.entries.map(entryToWire) }));
    },
  );
}
