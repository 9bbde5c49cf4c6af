import type { z } from 'zod';
import { parseOrThrow, petIdSchema, remotePetSchema, type Pet } from '../../shared/contract';
import { serverOrderSchema, type SaleTerms } from '../../shared/contract/orders';
import { stringifyJson } from '../wire/json-codec';
import { RemoteError } from './remote-error';
import { writeHeaders, type WriteOptions } from './write-headers';

/** Where our orders extension takes a new order, under the base address. */
export const ORDERS_PATH = '/store/orders';

/** The answer to a new order: the order, and the animal as sold (both read as untrusted). */
const placedOrderSchema = serverOrderSchema.extend({ pet: remotePetSchema('json') });

type Post<A> = (
  method: 'POST',
  path: string,
  init: { body: string; headers: Record<string, string>; signal?: AbortSignal },
) => Promise<A>;
type Expect<A> = <S extends z.ZodType>(answer: A, okStatus: number, schema: S, what: string) => z.output<S>;

/** The requests of our orders extension, over the remote client's one exchange and its reading of answers. */
export function orderRequests<A>(call: Post<A>, expect: Expect<A>, where: string) {
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
  };
}
