import { z } from 'zod';
import { priceSchema, shortTextSchema, storedTextSchema } from './animal-details';
import { ApiError } from './errors';
import { ACTOR_MAX_LENGTH } from './history';
import { int64Schema, type Int64, type ValueSource } from './int64';

/**
 * A sale is an order: marking an animal sold records what it went for, who sold it, when, and
 * optionally who bought it. The buyer's name and contact are personal data: they never reach a log
 * or a support bundle (docs/security.md).
 */

/** Our bounds on the buyer's details (Unicode code points, after trimming). */
export const BUYER_TEXT_MAX = { buyerName: 120, buyerContact: 200 } as const;

/** What a person says of a sale beyond the status change: each left out takes its default. */
export const saleTermsSchema = z.strictObject({
  /** What it went for, in minor units of the environment's currency; absent: the animal's price. */
  price: priceSchema.optional(),
  buyerName: shortTextSchema(BUYER_TEXT_MAX.buyerName).optional(),
  buyerContact: shortTextSchema(BUYER_TEXT_MAX.buyerContact).optional(),
});
export type SaleTerms = z.infer<typeof saleTermsSchema>;

/** A sale as this computer recorded it. */
export interface Sale {
  /** Its id where it was recorded (this computer's, or the service's order id). */
  id: number;
  petId: Int64;
  /** When the person acted (ms since epoch). */
  soldAt: number;
  /** Minor units of the environment's currency; null when the animal had no price and none was given. */
  priceMinor: number | null;
  /** The person named at the counter; null for an unnamed counter. */
  soldBy: string | null;
  buyerName: string | null;
  buyerContact: string | null;
  /** When the sale was taken back (the animal no longer sold), or null. */
  takenBackAt: number | null;
  /** The server's order id once it has the sale (a remote environment's replica); null otherwise. */
  serverOrderId: Int64 | null;
}

/** What the week's takings read of a sale. */
export type SaleTaking = Pick<Sale, 'petId' | 'soldAt' | 'priceMinor' | 'soldBy'>;

/** Whether the animal is sold now: a refusal to sell it again, naming the fix. */
export function refuseSoldAgain(pet: { name: string; status?: string }): void {
  if (pet.status !== 'sold') return;
  throw new ApiError(
    'conflict',
    `${pet.name} is already sold: an animal is sold once. If its sale was a mistake, undo it (or mark it available), then sell it again.`,
    [{ field: 'petId', message: 'is already sold' }],
  );
}

/**
 * An order as our `orders` extension sends it, after Swagger Petstore's Order: `quantity` is
 * always 1 (an order is for one animal); `shipDate` is when it was sold, the moment the animal
 * went home with its buyer; `status` is `delivered`, or `cancelled` once the sale is taken back,
 * and `complete` says the same as a yes or no. Read from a server: bounded, never trusted.
 */
export const ORDER_STATUSES = ['delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What a server's order may hold, as read with our lossless JSON parser (an integer is a bigint). */
export const serverOrderSchema = z.object({
  id: int64Schema('json'),
  petId: int64Schema('json'),
  quantity: z.literal(1n, { error: 'must be 1: an order is for one animal' }),
  shipDate: z.iso.datetime({ offset: true, error: 'must be a moment such as 2026-11-27T09:30:00Z' }),
  status: z.enum(ORDER_STATUSES),
  complete: z.boolean(),
  price: priceSchema.optional(),
  soldBy: storedTextSchema(ACTOR_MAX_LENGTH).optional(),
  // Bounded in UTF-16 units: twice our bound in code points holds any text we would accept.
  buyerName: storedTextSchema(BUYER_TEXT_MAX.buyerName * 2).optional(),
  buyerContact: storedTextSchema(BUYER_TEXT_MAX.buyerContact * 2).optional(),
});
export type ServerOrder = z.output<typeof serverOrderSchema>;

/** A sale as an order of our extension's (the JSON integers as bigints, for our lossless writer). */
export function saleToOrder(sale: Sale) {
  return {
    id: BigInt(sale.serverOrderId ?? sale.id),
    petId: BigInt(sale.petId),
    quantity: 1n,
    shipDate: new Date(sale.soldAt).toISOString(),
    status: sale.takenBackAt === null ? 'delivered' : 'cancelled',
    complete: sale.takenBackAt === null,
    ...(sale.priceMinor === null ? {} : { price: BigInt(sale.priceMinor) }),
    ...(sale.soldBy === null ? {} : { soldBy: sale.soldBy }),
    ...(sale.buyerName === null ? {} : { buyerName: sale.buyerName }),
    ...(sale.buyerContact === null ? {} : { buyerContact: sale.buyerContact }),
  };
}

/** A new order as the service takes it (`POST /store/orders`): the animal, and the sale's terms. */
export const newOrderSchema = (source: ValueSource) =>
  z.strictObject({
    petId: int64Schema(source),
    quantity: z
      .unknown()
      .optional()
      .refine((value) => value === undefined || value === 1n || value === 1, {
        error: 'must be 1: an order is for one animal (leave it out)',
      }),
    ...saleTermsSchema.shape,
  });

/** The most orders one page holds, and how many when not said. */
export const ORDERS_PAGE = { default: 50, max: 500 } as const;
