import { z } from 'zod';
import { parseOrThrow, petIdSchema, remotePetSchema, type Pet } from '../../shared/contract';
import { ORDERS_PAGE, serverOrderSchema, type SaleTerms } from '../../shared/contract/orders';
import { nextPageOf } from './next-page';
import { stringifyJson } from '../wire/json-codec';
import { RemoteError } from './remote-error';
import { writeHeaders, type WriteOptions } from './write-headers';

/** Where our orders extension takes a new order, under the base address. */
export const ORDERS_PATH = '/store/orders';

/** The answer to a new order: the order, and the animal as sold (both read as untrusted). */
const placedOrderSchema = serverOrderSchema.extend({ pet: remotePetSchema('json') });

/** What the client's answers give this file: a header, and the key taken out of a text. */
interface Answered {
  status: number;
  header(name: string): string | null;
  removal: { text(text: string): string };
}
type Call<A> = (
  method: 'POST' | 'GET',
  path: string | URL,
  init: { body?: string; headers?: Record<string, string>; signal?: AbortSignal },
) => Promise<A>;

/** Statuses with which a server says it has no such operation. */
const lacks = (status: number | undefined) => status === 404 || status === 405 || status === 501;
/** The most pages of orders counted for one period: 20 of 500 (a shop's busiest year), then "at least". */
const COUNTED_PAGES_MAX = 20;
/** A page of orders as read from a server, bounded by the limit asked for. */
const serverOrdersSchema = z.array(serverOrderSchema).max(ORDERS_PAGE.max);
type Expect<A> = <S extends z.ZodType>(answer: A, okStatus: number, schema: S, what: string) => z.output<S>;

/** The requests of our orders extension, over the remote client's one exchange and its reading of answers. */
export function orderRequests<A extends Answered>(
  call: Call<A>,
  expect: Expect<A>,
  where: string,
  baseUrl: string | null,
) {
  return {
    /**
     * Our orders extension: the animal sold with the sale's terms (POST /store/orders), under
     * If-Match (`revision`; none when null) and an Idempotency-Key as changePet. Answers the
     * server's order id and the animal as sold; a 412 carries the animal now in `details.current`.
     */
    async placeOrder(
      petId: string,
      terms: SaleTerms,
      options: WriteOptions & { revision: number | null },
    ): Promise<{ orderId: string; pet: Pet }> {
      const id = parseOrThrow(petIdSchema, petId, 'invalid_parameter', 'petId');
      const { price, buyerName, buyerContact } = terms;
      const body = stringifyJson({
        petId: BigInt(id),
        ...(price === undefined ? {} : { price: BigInt(price) }),
        ...(buyerName === undefined ? {} : { buyerName }),
        ...(buyerContact === undefined ? {} : { buyerContact }),
      });
      const headers = writeHeaders('application/json', options, options.revision);
      const answer = await call('POST', ORDERS_PATH, { body, headers, signal: options.signal });
      const placed = expect(answer, 201, placedOrderSchema, 'an order with its animal');
      if (placed.petId !== id || placed.pet.id !== id)
        throw new RemoteError('not_the_contract', `${where} answered an order of animal ${id} with another animal.`, {
          status: 201,
        });
      return { orderId: placed.id, pet: placed.pet };
    },

    /**
     * Our orders extension: how many sales stand on the server in `from <= soldAt < to` (ms),
     * following its pages (at most COUNTED_PAGES_MAX; `complete` false past them). Null from a
     * server without the extension (404, 405, 501).
     */
    async countOrders(
      { from, to }: { from: number; to: number },
      { signal }: { signal?: AbortSignal } = {},
    ): Promise<{ count: number; complete: boolean } | null> {
      const listUrl = `${baseUrl}${ORDERS_PATH}`;
      const query = new URLSearchParams({ limit: String(ORDERS_PAGE.max) });
      if (from > 0) query.set('from', new Date(from).toISOString());
      if (to < Number.MAX_SAFE_INTEGER) query.set('to', new Date(to).toISOString());
      let page: string | URL = `${ORDERS_PATH}?${query}`;
      let count = 0;
      for (let pages = 0; pages < COUNTED_PAGES_MAX; pages++) {
        const answer = await call('GET', page, { signal }).catch((error: unknown) => {
          // A server without it may answer with a web page rather than the Error shape.
          const first = pages === 0 && error instanceof RemoteError && error.kind === 'not_the_contract';
          if (first && lacks(error.details.status)) return null;
          throw error;
        });
        if (answer === null || (pages === 0 && lacks(answer.status))) return null;
        const orders = expect(answer, 200, serverOrdersSchema, 'a list of orders');
        count += orders.filter((order) => order.status === 'delivered').length;
        const { next } = nextPageOf(answer.header('link'), listUrl, answer.removal.text);
        if (next === null) return { count, complete: true };
        page = new URL(next);
      }
      return { count, complete: false };
    },
  };
}
