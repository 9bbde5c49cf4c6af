import type { SaleTerms } from '../../shared/contract/orders';
import type { SqliteDatabase } from '../database/database';
import type { ServerExtensions } from './server-extensions';

/** What a change kept to be sent holds when it is a sale (its act's `sale`, write-context.ts). */
export function saleTermsIn(act: string | null): SaleTerms | undefined {
  if (act === null) return undefined;
  const { sale } = JSON.parse(act) as { sale?: SaleTerms };
  return sale;
}

/**
 * A sale made here waits as its status change does (pet-changes.ts), and is sent apart from other
 * changes, as a photo is: to a server with our orders extension as an order, which sells the
 * animal and records the sale there in one request; to any other as exactly the status change it
 * always got. One entry, one request: never both.
 */
export function createSalesToSend(db: SqliteDatabase, extensions: ServerExtensions) {
  const setServerId = db.prepare<[bigint, bigint]>(
    `UPDATE orders SET server_order_id = ? WHERE pet_id = ? AND taken_back_at IS NULL AND server_order_id IS NULL`,
  );
  const recordedPrice = db
    .prepare<[bigint], number | null>(
      `SELECT price_minor FROM orders WHERE pet_id = ? AND taken_back_at IS NULL ORDER BY id DESC LIMIT 1`,
    )
    .pluck();
  return {
    /**
     * The terms to send as an order, when the entry is a sale and its server takes orders: the
     * price as the sale here recorded it (the animal's as shown when none was given), so that the
     * server's takings and this computer's agree.
     */
    asOrder(entry: { order?: SaleTerms; baseUrl: string; petId: string }): SaleTerms | undefined {
      if (entry.order === undefined || extensions.known(entry.baseUrl)?.names.includes('orders') !== true)
        return undefined;
      const price = entry.order.price ?? recordedPrice.get(BigInt(entry.petId)) ?? undefined;
      return { ...entry.order, ...(price === undefined ? {} : { price }) };
    },
    /** The server has the animal's sale as this order: the sale made here knows it by that id. */
    placed(petId: string, serverOrderId: string): void {
      setServerId.run(BigInt(serverOrderId), BigInt(petId));
    },
  };
}
export type SalesToSend = ReturnType<typeof createSalesToSend>;
