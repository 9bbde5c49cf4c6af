import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError, INT64_MAX, parseOrThrow } from '../../shared/contract';
import { newOrderSchema, ORDERS_PAGE, saleToOrder, type Sale } from '../../shared/contract/orders';
import type { SqliteDatabase } from '../database/database';
import type { PetsTable } from '../database/pets-table';
import { createSelling } from '../database/sell-animal';
import { petToWire, stringifyJson } from '../wire/json-codec';
import { actOfRequest, asClient } from './client-act';
import { readIdempotencyKey, type createIdempotencyStore } from './idempotency';
import { readIfMatch } from './if-match';
import { momentOf } from './rfc3339';

/** The methods the orders' paths answer (app.ts answers any other with 405 and Allow). */
export const ORDERS_ALLOWED_METHODS: ReadonlyArray<[RegExp, string]> = [
  [/^\/v1\/store\/orders\/?$/, 'GET, HEAD, POST'],
  [/^\/v1\/store\/orders\/[^/]+\/?$/, 'GET, HEAD'],
];

const JSON_TYPE = 'application/json; charset=utf-8';
/** An order id of the interface's: an int64 from 1 (one beyond the numbers this store gives is no order's). */
const ORDER_ID = /^[1-9]\d{0,18}$/;
const isOrderId = (text: string) => ORDER_ID.test(text) && BigInt(text) <= BigInt(INT64_MAX);

/** The cursor of the next page: the last order's moment and id, opaque to clients (base64url of "o1:<ms>:<id>"). */
const CURSOR = /^o1:(\d{1,16}):([1-9]\d{0,15})$/;
const encodeCursor = ({ soldAt, id }: Sale) => Buffer.from(`o1:${soldAt}:${id}`).toString('base64url');
function decodeCursor(cursor: unknown): { soldAt: number; id: number } | undefined {
  if (cursor === undefined) return undefined;
  const text = typeof cursor === 'string' && cursor.length <= 64 ? Buffer.from(cursor, 'base64url').toString() : '';
  const match = CURSOR.exec(text);
  if (match === null || encodeCursor({ soldAt: Number(match[1]), id: Number(match[2]) } as Sale) !== cursor)
    refuse(
      'cursor',
      'is not a cursor this service gave out: start again from the first page, then follow Link rel="next"',
    );
  return { soldAt: Number(match[1]), id: Number(match[2]) };
}

function refuse(field: string, message: string): never {
  throw ApiError.fromFields('invalid_parameter', [{ field, message }]);
}

/** A moment given as a query parameter (RFC 3339, with its offset), in ms since epoch. */
function momentParameter(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  const ms = momentOf(value);
  if (Number.isNaN(ms)) refuse(name, 'must be a moment such as 2026-11-01T00:00:00Z (RFC 3339)');
  return ms;
}

function limitParameter(value: unknown): number {
  if (value === undefined) return ORDERS_PAGE.default;
  const limit = typeof value === 'string' && /^[1-9]\d{0,3}$/.test(value) ? Number(value) : NaN;
  if (!(limit <= ORDERS_PAGE.max)) refuse('limit', `must be a whole number from 1 to ${ORDERS_PAGE.max}`);
  return limit;
}

/**
 * Our `orders` extension, after Swagger Petstore's store: `POST /store/orders` sells an animal (its
 * status change and its sale in one transaction, exactly once under an Idempotency-Key, as the
 * `history` extension's headers say who and when; under If-Match when given), `GET /store/orders` lists a period's orders
 * newest first a page at a time, `GET /store/orders/{orderId}` one. The buyer's details are
 * answered to a client with the key, and never logged: the request line holds none of them.
 */
export function registerOrdersRoutes(
  app: FastifyInstance,
  prefix: string,
  {
    db,
    store,
    idempotency,
  }: { db: SqliteDatabase; store: PetsTable; idempotency: ReturnType<typeof createIdempotencyStore> },
): void {
  const { sell, orders } = createSelling(db, store);
  const path = `${prefix}/store/orders`;
  const json = (reply: FastifyReply, status: number, body: string) => reply.code(status).type(JSON_TYPE).send(body);

  app.post(path, (request, reply) => {
    if ((request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() !== 'application/json')
      throw new ApiError('unsupported_media_type', 'Send the order as application/json (UTF-8).');
    const key = readIdempotencyKey(request.headers['idempotency-key']);
    const act = actOfRequest(request.headers, Date.now());
    const {
      petId,
      quantity: _one,
      ...terms
    } = parseOrThrow(newOrderSchema('json'), request.body, 'invalid_body', 'body');
    // Optional here, unlike a change: an order names its animal, and a sale is refused when it is sold already.
    const ifMatch = request.headers['if-match'] === undefined ? '*' : readIfMatch(request.headers['if-match']);
    const create = () => {
      const { sale, pet } = asClient(db, act, () => sell(petId, terms, ifMatch));
      // The animal as sold comes with its order: a client's copy takes its new revision without asking again.
      return { location: `${path}/${sale.id}`, body: stringifyJson({ ...saleToOrder(sale), pet: petToWire(pet) }) };
    };
    const response =
      key === undefined
        ? { ...create(), replayed: false }
        : idempotency.respond(key, JSON.stringify({ method: 'POST', path, petId, terms, ifMatch }), create);
    if (response.replayed) reply.header('idempotent-replayed', 'true');
    return json(reply.header('location', response.location), 201, response.body);
  });

  app.get<{ Querystring: Record<string, unknown> }>(path, (request, reply) => {
    const { query } = request;
    const from = momentParameter(query['from'], 'from') ?? 0;
    const to = momentParameter(query['to'], 'to') ?? Number.MAX_SAFE_INTEGER;
    if (from > to) refuse('from', 'must not be after to');
    const limit = limitParameter(query['limit']);
    const page = orders.page({ from, to }, limit, decodeCursor(query['cursor']));
    if (page.more) {
      const next = new URLSearchParams();
      for (const name of ['from', 'to', 'limit'] as const)
        if (typeof query[name] === 'string') next.set(name, query[name]);
      next.set('cursor', encodeCursor(page.sales.at(-1)!));
      reply.header('link', `<${path}?${next}>; rel="next"`);
    }
    return json(reply, 200, stringifyJson(page.sales.map(saleToOrder)));
  });

  app.get<{ Params: { orderId: string } }>(`${path}/:orderId`, (request, reply) => {
    const { orderId } = request.params;
    if (!isOrderId(orderId)) refuse('orderId', `must be an order id, a whole number from 1 to ${INT64_MAX}`);
    const sale = Number.isSafeInteger(Number(orderId)) ? orders.sale(Number(orderId)) : undefined;
    if (sale === undefined) throw new ApiError('not_found', `No order has id ${orderId}.`);
    return json(reply, 200, stringifyJson(saleToOrder(sale)));
  });
}
