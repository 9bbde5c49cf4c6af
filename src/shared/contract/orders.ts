import { z } from 'zod';
import { priceSchema, shortTextSchema } from './animal-details';
import type { Int64 } from './int64';

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
