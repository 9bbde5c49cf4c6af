import { createServer } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import {
  ApiError,
  GET_PET_DEPRECATION,
  newPetSchema,
  parseOrThrow,
  REQUEST_BODY_MAX_BYTES,
} from '../../shared/contract';
import type { SqliteDatabase } from '../store/database';
import type { PetStore } from '../store/pet-store';
import { parseJson, petToWire, stringifyJson } from '../wire/json-codec';
import { createBearerCheck } from './bearer-auth';
import { createCachedListPath } from './cached-list-path';
import { replyToClientError, toApiError } from './error-replies';
import { createIdempotencyStore, readIdempotencyKey } from './idempotency';
import { createListCache } from './list-cache';

export const API_PREFIX = '/v1';

export interface ServerOptions {
  db: SqliteDatabase;
  store: PetStore;
  apiKey: string;
  /** One line per request; none when absent. */
  logger?: Logger;
  /** Cache listPets responses until the next change (on unless turned off, e.g. to measure without it). */
  listCache?: boolean;
}

/** The methods each resource answers; anything else there is 405 with this Allow header. */
const ALLOWED_METHODS: ReadonlyArray<[RegExp, string]> = [
  [/^\/v1\/pets\/?$/, 'GET, HEAD, POST'],
  [/^\/v1\/pets\/[^/]+\/?$/, 'GET, HEAD'],
];

const LIST_PATH = `${API_PREFIX}/pets`;
const JSON_TYPE = 'application/json; charset=utf-8';

/** The one line per request: method, path, status, milliseconds; never a header, so never the key. */
function logRequest(logger: Logger, method: string, path: string, status: number, ms: number): void {
  logger.info({ method, path, status, ms: Math.round(ms * 100) / 100 }, 'request');
}

const DEPRECATION_HEADERS = {
  // RFC 9745: the moment the operation became deprecated: it is deprecated as of interface 1.0.0,
  // which this service implements from its first release (2026-11-22).
  deprecation: `@${Date.UTC(2026, 10, 22) / 1000}`,
  sunset: GET_PET_DEPRECATION.sunsetHttpDate,
  link: `<${API_PREFIX}/pets>; rel="successor-version"`,
};

function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  if (error.status === 401) reply.header('www-authenticate', 'Bearer realm="petstore"');
  return reply.code(error.status).type(JSON_TYPE).send(JSON.stringify(error.toBody()));
}

/** The animal store service over HTTP: the interface's three operations under /v1. Not yet listening. */
export function buildServer({ db, store, apiKey, logger, listCache = true }: ServerOptions): FastifyInstance {
  const checkBearer = createBearerCheck(apiKey);
  const listPetsBody = (query: unknown) => stringifyJson(store.listPets(query as never).map(petToWire));
  const cache = listCache ? createListCache(() => store.changeStamp()) : undefined;

  const idempotency = createIdempotencyStore(db);
  idempotency.purgeExpired();
  const app = Fastify({
    logger: false,
    // Fastify's own server, with the cached list's hot path in front of its router (timeouts set as Fastify would).
    serverFactory: (handler, options) => {
      const server = createServer(
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
      );
      const timeouts = options as { keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number };
      server.keepAliveTimeout = timeouts.keepAliveTimeout;
      server.requestTimeout = timeouts.requestTimeout;
      server.setTimeout(timeouts.connectionTimeout);
      return server;
    },
    bodyLimit: REQUEST_BODY_MAX_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    clientErrorHandler: replyToClientError,
    // Errors the router raises before any route or hook runs, such as a malformed %-escape in the path.
    frameworkErrors: (error, _request, reply) => {
      void sendError(reply, new ApiError('invalid_parameter', `The request URL could not be read: ${error.message}`));
    },
    return503OnClosing: false,
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
    if (charset !== undefined && charset.toLowerCase() !== 'utf-8') {
      done(new ApiError('unsupported_media_type', `Send the body as UTF-8 JSON, not ${charset}.`));
      return;
    }
    try {
      done(null, parseJson(body as string));
    } catch (error) {
      done(new ApiError('invalid_json', `body is not valid JSON: ${(error as Error).message}`));
    }
  });

  // Hooks and handlers are synchronous on purpose: an async one costs a promise per request,
  // which on the hot path of GET /v1/pets is measurable (see BENCHMARKS.md).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.url === `${API_PREFIX}/pets/:petId`) reply.headers(DEPRECATION_HEADERS);
    if (request.routeOptions.url === undefined) return done(); // unknown route: the not-found handler answers
    const verdict = checkBearer(request.headers.authorization);
    if (verdict === 'ok') return done();
    sendError(
      reply,
      new ApiError(
        'unauthorized',
        verdict === 'missing' ? 'Send the API key as "Authorization: Bearer <key>".' : 'The API key is not valid.',
      ),
    );
  });

  if (logger) {
    app.addHook('onResponse', (request, reply, done) => {
      logRequest(logger, request.method, request.url, reply.statusCode, reply.elapsedTime);
      done();
    });
  }

  app.setErrorHandler((error, _request, reply) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) logger?.error({ err: error }, 'request failed');
    return sendError(reply, apiError);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allow = ALLOWED_METHODS.find(([pattern]) => pattern.test(path))?.[1];
    if (allow !== undefined && !allow.split(', ').includes(request.method)) {
      reply.header('allow', allow);
      return sendError(
        reply,
        new ApiError('method_not_allowed', `${request.method} is not allowed here; use ${allow}.`),
      );
    }
    return sendError(reply, new ApiError('not_found', `No such resource: ${request.method} ${path}.`));
  });

  const json = (reply: FastifyReply, status: number, body: string | Buffer) =>
    reply.code(status).type(JSON_TYPE).send(body);

  app.get(`${API_PREFIX}/pets`, (request, reply) => {
    const rawQuery = request.url.slice(request.url.indexOf('?') + 1 || request.url.length);
    const body = cache ? cache.get(rawQuery, () => listPetsBody(request.query)) : listPetsBody(request.query);
    return json(reply, 200, body);
  });

  app.post(`${API_PREFIX}/pets`, (request, reply) => {
    const key = readIdempotencyKey(request.headers['idempotency-key']);
    const newPet = parseOrThrow(newPetSchema('json'), request.body, 'invalid_body', 'body');
    const create = () => {
      const pet = store.createPet(newPet);
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
    return json(reply, 200, stringifyJson(petToWire(pet)));
  });

  return app;
}
