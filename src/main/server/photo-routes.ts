import { createHash } from 'node:crypto';
import { actOfRequest, asClient } from './client-act';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiError,
  etagOf,
  parseIfMatch,
  parseOrThrow,
  petIdSchema,
  type IfMatch,
  type Pet,
} from '../../shared/contract';
import type { SqliteDatabase } from '../database/database';
import { createPetPhotos, photoPrecondition, type PhotoSize } from '../database/pet-photos';
import { preparePhotoLazily } from '../photos/prepare-lazily';
import { petToWire, stringifyJson } from '../wire/json-codec';
import { readIdempotencyKey, type createIdempotencyStore } from './idempotency';
import { readIfMatch } from './if-match';

/** The most bytes of a photo sent to the service: a phone's JPEG with room to spare, and no more held per request. */
export const PHOTO_BODY_MAX_BYTES = 12 * 1024 * 1024;
/** The kinds of photo taken, as their media types; what they hold is read from their bytes. */
export const PHOTO_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

const PHOTO_PATH = '/v1/pets/:petId/photo';
const PHOTO_METHODS = 'GET, HEAD, PUT, DELETE';
const JSON_TYPE = 'application/json; charset=utf-8';
const PHOTO_HEADERS = {
  'content-type': 'image/webp',
  // The address stays the same when the photo changes: a cache may keep it, but asks each time (If-None-Match).
  'cache-control': 'private, no-cache',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'",
};

type Idempotency = ReturnType<typeof createIdempotencyStore>;
type Params = { petId: string };

const mediaTypeOf = (request: FastifyRequest): string =>
  (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

/** A refusal of preparePhoto's (about the field `photo`, in a person's words), as the service says it of the body. */
function asBodyProblem(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.fields?.[0]?.field !== 'photo') return error;
  const { message } = error.fields[0];
  // The interface's Error carries `fields` on a 400 alone.
  return error.status === 400
    ? ApiError.fromFields(error.code, [{ field: 'body', message }])
    : new ApiError(error.code, `The body ${message}.`);
}

/** If-None-Match by RFC 9110's weak comparison; a header that does not follow the grammar matches nothing. */
function noneMatch(header: string | undefined, etag: string): boolean {
  const parsed = header === undefined ? null : parseIfMatch(header);
  if (parsed === null) return false;
  return parsed === '*' || parsed.tags.some((tag) => tag.replace(/^W\//, '') === etag);
}

/**
 * An animal's photo (our extension), on the service: `PUT` its bytes under If-Match, `GET` it (or
 * its thumbnail) as WebP, `DELETE` it under If-Match. The photo writes move the animal's revision,
 * so `changeStamp` tells the list's cache, which would otherwise show the animal as it was.
 */
export function createPhotoRoutes(db: SqliteDatabase) {
  const photos = createPetPhotos(db);

  const petExists = db.prepare<[bigint]>('SELECT 1 FROM pets WHERE id = ?');
  const stillMeant = photoPrecondition(db);

  function register(app: FastifyInstance, idempotency: Idempotency): void {
    /** A write of the photo, answered with the animal; under a key seen before, replayed rather than made again. */
    function answerWrite(reply: FastifyReply, key: string | undefined, request: object, write: () => Pet) {
      const made = () => {
        const pet = write();
        const body = stringifyJson(petToWire(pet));
        return { location: `/v1/pets/${pet.id}`, body, etag: etagOf(pet.revision ?? 1) };
      };
      const response =
        key === undefined ? { ...made(), replayed: false } : idempotency.respond(key, JSON.stringify(request), made);
      if (response.replayed) reply.header('idempotent-replayed', 'true');
      if (response.etag !== undefined) reply.header('etag', response.etag);
      return reply.header('content-location', response.location).code(200).type(JSON_TYPE).send(response.body);
    }

    /** What a photo write must carry, read from its headers before a byte of its body is. */
    const preconditions = (request: FastifyRequest) => {
      const petId = parseOrThrow(petIdSchema, (request.params as Params).petId, 'invalid_parameter', 'petId');
      const key = readIdempotencyKey(request.headers['idempotency-key']);
      const ifMatch: IfMatch = readIfMatch(request.headers['if-match']);
      return { petId, key, ifMatch, act: actOfRequest(request.headers, Date.now()) };
    };

    void app.register(async (scope) => {
      scope.addContentTypeParser(
        [...PHOTO_MEDIA_TYPES],
        { parseAs: 'buffer', bodyLimit: PHOTO_BODY_MAX_BYTES },
        (_r, body, done) => done(null, body),
      );
      scope.setErrorHandler((error) => {
        if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          throw new ApiError(
            'payload_too_large',
            `The photo is larger than ${PHOTO_BODY_MAX_BYTES / 1024 / 1024} MiB; send a smaller copy of it.`,
          );
        }
        throw asBodyProblem(error); // answered by the service's own handler
      });

      scope.put<{ Params: Params }>(
        PHOTO_PATH,
        {
          bodyLimit: PHOTO_BODY_MAX_BYTES,
          preParsing: (request, _reply, payload, done) => {
            try {
              if (!(PHOTO_MEDIA_TYPES as readonly string[]).includes(mediaTypeOf(request))) {
                throw new ApiError(
                  'unsupported_media_type',
                  `Send the photo's bytes as the body, with Content-Type ${PHOTO_MEDIA_TYPES.join(', ')}.`,
                );
              }
              const { petId, key, ifMatch } = preconditions(request);
              // Animals are never deleted: one not there now is not there when the body has arrived;
              // one changed since is refused too, unless this is a retry to replay.
              if (key === undefined || !idempotency.answered(key)) stillMeant(petId, ifMatch);
              else if (petExists.get(BigInt(petId)) === undefined)
                throw new ApiError('not_found', `No animal has id ${petId}.`);
              done(null, payload);
            } catch (error) {
              done(error as Error);
            }
          },
        },
        async (request, reply) => {
          const { petId, key, ifMatch, act } = preconditions(request);
          const bytes = request.body as Buffer;
          const prepared = await preparePhotoLazily(bytes);
          const sent = createHash('sha256').update(bytes).digest('hex');
          const asked = { method: 'PUT', path: 'photo', petId, ifMatch, sent };
          return answerWrite(reply, key, asked, () =>
            asClient(db, act, () => photos.setPhoto(petId, prepared, ifMatch)),
          );
        },
      );

      scope.delete<{ Params: Params }>(PHOTO_PATH, (request, reply) => {
        const { petId, key, ifMatch, act } = preconditions(request);
        const asked = { method: 'DELETE', path: 'photo', petId, ifMatch };
        return answerWrite(reply, key, asked, () => asClient(db, act, () => photos.removePhoto(petId, ifMatch)));
      });

      scope.get<{ Params: Params; Querystring: { size?: unknown } }>(PHOTO_PATH, (request, reply) => {
        const petId = parseOrThrow(petIdSchema, request.params.petId, 'invalid_parameter', 'petId');
        const size = request.query.size ?? 'image';
        if (size !== 'image' && size !== 'thumbnail') {
          throw ApiError.fromFields('invalid_parameter', [
            { field: 'size', message: 'must be image or thumbnail (or left out, for the image)' },
          ]);
        }
        const photo = photos.photo(petId, size as PhotoSize);
        if (photo === undefined) {
          const exists = petExists.get(BigInt(petId)) !== undefined;
          throw new ApiError('not_found', exists ? `Animal ${petId} has no photo.` : `No animal has id ${petId}.`);
        }
        const etag = `"${photo.digest}"`;
        reply.headers(PHOTO_HEADERS).header('etag', etag);
        if (noneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
        return reply.code(200).send(photo.bytes);
      });

      // Any other method on the photo: refused before its body is read.
      scope.route({
        method: ['POST', 'PATCH'],
        url: PHOTO_PATH,
        onRequest: (request, reply, done) => {
          reply.header('allow', PHOTO_METHODS);
          done(new ApiError('method_not_allowed', `${request.method} is not allowed here; use ${PHOTO_METHODS}.`));
        },
        handler: () => undefined,
      });
    });
  }

  return { register, changeStamp: photos.changeStamp };
}
