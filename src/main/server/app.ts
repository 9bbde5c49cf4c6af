import { setWriteOrigin } from '../database/write-context';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import {
  ApiError,
  CHANGE_BATCH,
  encodePageCursor,
  etagOf,
  listPetsQuerySchema,
  newPetSchema,
  parseOrThrow,
  petIdSchema,
  petPatchSchema,
  REQUEST_BODY_MAX_BYTES,
  type ClientAct,
  type IfMatch,
  type PetPatch,
} from '../../shared/contract';
import type { SqliteDatabase } from '../database/database';
import type { PetsTable } from '../database/pets-table';
import { parseJson, petToWire, stringifyJson } from '../wire/json-codec';
import { createBearerCheck, unauthorized } from './bearer-auth';
import { createCachedListPath } from './cached-list-path';
import { createChangeBatch } from './change-batch';
import { echo, errorJson, replyToClientError, toApiError } from './error-replies';
import { createHttpServer, SERVICE_LIMITS, type ServiceLimits } from './http-server';
import { createIdempotencyStore, readIdempotencyKey } from './idempotency';
import { readIfMatch } from './if-match';
import { createListCache } from './list-cache';
import { registerExtensionsRoute } from './extensions-route';
import { actOfRequest, asClient } from './client-act';
import { registerHistoryRoute } from './history-route';
import { ORDERS_ALLOWED_METHODS, registerOrdersRoutes } from './orders-routes';
import { headerSentTwice } from './repeated-headers';
import { getPetDeprecation } from './get-pet-deprecation';
import { createPhotoRoutes } from './photo-routes';

export { SERVICE_LIMITS, type ServiceLimits } from './http-server';

export const API_PREFIX = '/v1';

export interface ServerOptions {
  db: SqliteDatabase;
  store: PetsTable;
  apiKey: string;
  /** One line per request; none when absent. */
  logger?: Logger;
  /** Cache listPets responses until the next change (on unless turned off, e.g. to measure without it). */
  listCache?: boolean;
  /** How long and how many a client may hold (tests shorten them). */
  limits?: Partial<ServiceLimits>;
  /** Serve HTTPS with this certificate (chain) and key, PEM; plain HTTP without. */
  tls?: { cert: string | Buffer; key: string | Buffer };
}

/** The methods each resource answers; anything else there is 405 with this Allow header. */
const ALLOWED_METHODS: ReadonlyArray<[RegExp, string]> = [
  [/^\/v1\/pets\/?$/, 'GET, HEAD, POST'],
  [/^\/v1\/pets\/[^/]+\/?$/, 'GET, HEAD, PATCH'],
  [/^\/v1\/pet-changes\/?$/, 'POST'],
  [/^\/v1\/pets\/[^/]+\/photo\/?$/, 'GET, HEAD, PUT, DELETE'],
  [/^\/v1\/pets\/[^/]+\/history\/?$/, 'GET, HEAD'],
  [/^\/v1\/extensions\/?$/, 'GET, HEAD'],
  ...ORDERS_ALLOWED_METHODS,
];

const LIST_PATH = `${API_PREFIX}/pets`;
const CHANGE_BATCH_PATH = `${API_PREFIX}${CHANGE_BATCH.path}`;
const JSON_TYPE = 'application/json; charset=utf-8';
/** The one format a change is sent in (RFC 7396), announced as RFC 5789's Accept-Patch. */
const MERGE_PATCH_TYPE = 'application/merge-patch+json';

/** A request's media type, lower case, without its parameters ('' when none was sent). */
const mediaTypeOf = (request: FastifyRequest): string =>
  (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

/** The one line per request: method, path, status, milliseconds; never a header, so never the key. */
function logRequest(logger: Logger, method: string, path: string, status: number, ms: number): void {
  logger.info({ method, path, status, ms: Math.round(ms * 100) / 100 }, 'request');
}

const deprecationOf = getPetDeprecation(API_PREFIX);

function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  if (error.status === 401) reply.header('www-authenticate', 'Bearer realm="petstore"');
  if (error.current !== undefined) reply.header('etag', etagOf(error.current.revision ?? 1));
  return reply.code(error.status).type(JSON_TYPE).send(errorJson(error));
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** A request that announced a body and has not been read to its end. */
const hasUnreadBody = (request: IncomingMessage): boolean =>
  !request.complete &&
  (request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0);

/** 404 for a path the service does not have; 405, with Allow, for a method a path does not take. */
function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0]!;
  const allow = ALLOWED_METHODS.find(([pattern]) => pattern.test(path))?.[1];
  if (allow !== undefined && !allow.split(', ').includes(request.method)) {
    reply.header('allow', allow);
    return sendError(reply, new ApiError('method_not_allowed', `${request.method} is not allowed here; use ${allow}.`));
  }
  return sendError(reply, new ApiError('not_found', `No such resource: ${echo(request.method, 20)} ${echo(path)}.`));
}

/**
 * RFC 8288's `Link` to the page after this one: the same query (`limit` and `status` when they
 * were given, as the service read them: `limit=02` goes on as `limit=2`) with the cursor of the
 * last animal sent. A path reference, resolved against the request.
 */
function nextPageLink(query: Record<string, unknown>, nextAfter: string): string {
  const { limit, status } = parseOrThrow(listPetsQuerySchema, query, 'invalid_parameter', 'query');
  const next = new URLSearchParams();
  if (Object.hasOwn(query, 'limit')) next.set('limit', String(limit));
  if (status !== undefined) next.set('status', status);
  next.set('cursor', encodePageCursor(nextAfter));
  return `<${API_PREFIX}/pets?${next}>; rel="next"`;
}

/** The animal store service over HTTP: the interface's three operations under /v1. Not yet listening. */
export function buildServer({
  db,
  store,
  apiKey,
  logger,
  listCache = true,
  limits,
  tls,
}: ServerOptions): FastifyInstance {
  // What the service writes is its clients' doing: each animal's history says it came this way.
  setWriteOrigin(db, { where: 'here', via: 'service' });
  const checkBearer = createBearerCheck(apiKey);
  const listPetsPage = (query: Record<string, unknown>) => {
    const { pets, nextAfter } = store.listPage(query);
    const body = stringifyJson(pets.map(petToWire));
    return nextAfter === null ? { body } : { body, link: nextPageLink(query, nextAfter) };
  };
  const photos = createPhotoRoutes(db);
  const cache = listCache ? createListCache(() => `${store.changeStamp()}/${photos.changeStamp()}`) : undefined;

  const idempotency = createIdempotencyStore(db);
  idempotency.purgeExpired();
  const app = Fastify({
    logger: false,
    // Fastify's router behind the Host check and the cached list's hot path (see http-server.ts).
    serverFactory: (handler) =>
      createHttpServer(
        cache === undefined
          ? handler
          : createCachedListPath({
              listPath: LIST_PATH,
              contentType: JSON_TYPE,
              cache,
              checkBearer,
              logRequest: logger && ((method, path, status, ms) => logRequest(logger, method, path, status, ms)),
              passOn: handler,
            }),
        {
          limits: { ...SERVICE_LIMITS, ...limits },
          tls,
          hasKey: (request) => checkBearer(request.headers.authorization) === 'ok',
        },
      ),
    bodyLimit: REQUEST_BODY_MAX_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    clientErrorHandler: replyToClientError,
    // Errors the router raises before any route or hook runs, such as a malformed %-escape in the path.
    frameworkErrors: (error, _request, reply) => {
      void sendError(
        reply,
        new ApiError('invalid_parameter', `The request URL could not be read: ${echo(error.message)}`),
      );
    },
    return503OnClosing: false,
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/json', MERGE_PATCH_TYPE], { parseAs: 'buffer' }, (request, body, done) => {
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
    if (charset !== undefined && charset.toLowerCase() !== 'utf-8') {
      done(new ApiError('unsupported_media_type', `Send the body as UTF-8 JSON, not ${echo(charset, 40)}.`));
      return;
    }
    let text: string;
    try {
      text = UTF8.decode(body as Buffer); // invalid bytes are refused, never replaced with U+FFFD
    } catch {
      done(new ApiError('invalid_json', 'body is not valid UTF-8 text; send JSON encoded as UTF-8.'));
      return;
    }
    try {
      done(null, parseJson(text));
    } catch (error) {
      const why = error instanceof RangeError ? 'it is nested more deeply than any body of this interface' : null;
      done(new ApiError('invalid_json', `body is not valid JSON: ${why ?? echo((error as Error).message)}`));
    }
  });

  // Hooks and handlers are synchronous on purpose: an async one costs a promise per request,
  // which on the hot path of GET /v1/pets is measurable (see BENCHMARKS.md).
  app.addHook('onRequest', (request, reply, done) => {
    const deprecated = deprecationOf(request.method, request.routeOptions.url);
    if (deprecated !== undefined) reply.headers(deprecated);
    // Which paths there are, and a header sent twice, are told to a client with the key alone; an
    // unknown route is answered here, before Fastify would wait for its body.
    const verdict = checkBearer(request.headers.authorization);
    if (verdict === 'ok' && request.routeOptions.url === undefined) return void notFound(request, reply);
    const problem = verdict === 'ok' ? headerSentTwice(request.raw.rawHeaders) : unauthorized(verdict);
    if (problem === undefined) return done();
    sendError(reply, problem);
  });

  // A request answered before its body was read (no key, no such route, too large, wrong type):
  // its connection is closed, rather than kept waiting for the rest of the body.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (hasUnreadBody(request.raw)) reply.header('connection', 'close');
    done(null, payload);
  });

  if (logger) {
    app.addHook('onResponse', (request, reply, done) => {
      logRequest(logger, request.method, request.url, reply.statusCode, reply.elapsedTime);
      done();
    });
  }

  app.setErrorHandler((error, request, reply) => {
    let apiError = toApiError(error);
    if (request.method === 'PATCH' && apiError.code === 'unsupported_media_type') {
      reply.header('accept-patch', MERGE_PATCH_TYPE);
      apiError = new ApiError('unsupported_media_type', `Send the change as ${MERGE_PATCH_TYPE} (RFC 7396, UTF-8).`);
    }
    if (request.routeOptions.url === CHANGE_BATCH_PATH && apiError.code === 'payload_too_large') {
      apiError = new ApiError(
        'payload_too_large',
        `The body is larger than ${CHANGE_BATCH.bodyMaxBytes} bytes; send the changes in smaller batches.`,
      );
    }

    if (apiError.status >= 500) logger?.error({ err: error }, 'request failed');
    return sendError(reply, apiError);
  });

  app.setNotFoundHandler(notFound);

  const json = (reply: FastifyReply, status: number, body: string | Buffer) =>
    reply.code(status).type(JSON_TYPE).send(body);

  app.get(`${API_PREFIX}/pets`, (request, reply) => {
    const rawQuery = request.url.slice(request.url.indexOf('?') + 1 || request.url.length);
    const query = request.query as Record<string, unknown>;
    const { body, link } = cache ? cache.get(rawQuery, () => listPetsPage(query)) : listPetsPage(query);
    if (link !== undefined) reply.header('link', link);
    return json(reply, 200, body);
  });

  app.post(`${API_PREFIX}/pets`, (request, reply) => {
    if (mediaTypeOf(request) !== 'application/json') {
      throw new ApiError('unsupported_media_type', 'Send the body as application/json (UTF-8).');
    }
    const key = readIdempotencyKey(request.headers['idempotency-key']);
    const act = actOfRequest(request.headers, Date.now());
    const newPet = parseOrThrow(newPetSchema('json'), request.body, 'invalid_body', 'body');
    const create = () => {
      const pet = asClient(db, act, () => store.createPet(newPet));
      return { location: `${API_PREFIX}/pets/${pet.id}`, body: stringifyJson(petToWire(pet)) };
    };
    if (key === undefined) {
      const created = create();
      return json(reply.header('location', created.location), 201, created.body);
    }
    const response = idempotency.respond(key, JSON.stringify(newPet), create);
    if (response.replayed) reply.header('idempotent-replayed', 'true');
    return json(reply.header('location', response.location), 201, response.body);
  });

  app.get(`${API_PREFIX}/pets/:petId`, (request, reply) => {
    const pet = store.getPet((request.params as { petId: string }).petId);
    reply.header('etag', etagOf(pet.revision ?? 1)).header('accept-patch', MERGE_PATCH_TYPE);
    return json(reply, 200, stringifyJson(petToWire(pet)));
  });

  /** One change, as PATCH makes it and as each of a batch is made: replayed, not made again, under a key seen before. */
  const changeAnimal = (
    petId: string,
    patch: PetPatch,
    ifMatch: IfMatch,
    key: string | undefined,
    act: ClientAct = {},
  ) => {
    const change = () => {
      const pet = asClient(db, act, () => store.changePet(petId, patch, ifMatch));
      return {
        location: `${API_PREFIX}/pets/${petId}`,
        body: stringifyJson(petToWire(pet)),
        etag: etagOf(pet.revision ?? 1),
      };
    };
    if (key === undefined) return { ...change(), replayed: false };
    // The same for a PATCH and a change in a batch: a key means one change, however it is sent.
    const fingerprint = JSON.stringify({ method: 'PATCH', petId, ifMatch, patch });
    return idempotency.respond(key, fingerprint, change);
  };

  app.patch(`${API_PREFIX}/pets/:petId`, (request, reply) => {
    const petId = parseOrThrow(petIdSchema, (request.params as { petId: string }).petId, 'invalid_parameter', 'petId');
    if (mediaTypeOf(request) !== MERGE_PATCH_TYPE) {
      reply.header('accept-patch', MERGE_PATCH_TYPE);
      throw new ApiError(
        'unsupported_media_type',
        `Send the change as ${MERGE_PATCH_TYPE} (a JSON merge patch, RFC 7396, in UTF-8).`,
      );
    }
    const key = readIdempotencyKey(request.headers['idempotency-key']);
    const patch = parseOrThrow(petPatchSchema('json'), request.body, 'invalid_body', 'body');
    const ifMatch = readIfMatch(request.headers['if-match']);
    const response = changeAnimal(petId, patch, ifMatch, key, actOfRequest(request.headers, Date.now()));
    if (response.replayed) reply.header('idempotent-replayed', 'true');
    if (response.etag !== undefined) reply.header('etag', response.etag);
    return json(reply.header('content-location', response.location), 200, response.body);
  });

  photos.register(app, idempotency);
  registerExtensionsRoute(app, API_PREFIX);
  registerHistoryRoute(app, API_PREFIX, db);
  registerOrdersRoutes(app, API_PREFIX, { db, store, idempotency });

  const changeBatch = createChangeBatch(db, changeAnimal);
  app.post(CHANGE_BATCH_PATH, { bodyLimit: CHANGE_BATCH.bodyMaxBytes }, (request, reply) => {
    if (mediaTypeOf(request) !== 'application/json') {
      throw new ApiError('unsupported_media_type', 'Send the changes as application/json (UTF-8).');
    }
    if (request.headers['idempotency-key'] !== undefined) {
      throw new ApiError(
        'invalid_parameter',
        'Idempotency-Key is not taken for a batch: give each change its own idempotencyKey, so each is made once however it is retried.',
      );
    }
    return json(reply, 200, changeBatch(request.body));
  });

  return app;
}
