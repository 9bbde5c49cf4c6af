import { refuseSoldAgain, type SaleTerms, type Sale } from '../../shared/contract/orders';
import { ApiError, type IfMatch, type Pet } from '../../shared/contract';
import { writeTransaction, type SqliteDatabase } from './database';
import { createOrders } from './orders-table';
import type { PetsTable } from './pets-table';
import { acting } from './write-context';

/**
 * Selling an animal of a store that writes at once (the local store, our service): the status
 * change under If-Match and its sale (recorded by the table's trigger) in one transaction, with the
 * terms the person gave. Refused, writing nothing, for an animal that does not exist or is already
 * sold, and by the store's rules for one under treatment or that has left.
 */
export function createSelling(db: SqliteDatabase, store: PetsTable) {
  const orders = createOrders(db);
  const sell = writeTransaction(db, (petId: string, terms: SaleTerms, ifMatch: IfMatch): { pet: Pet; sale: Sale } => {
    const current = store.findPet(petId);
    if (current === undefined) throw new ApiError('not_found', `No animal has id ${petId}.`);
    refuseSoldAgain(current);
    const pet = acting(db, { sale: terms }, () => store.changePet(petId, { status: 'sold' }, ifMatch));
    return { pet, sale: orders.standingSale(petId)! };
  });
  return { sell, orders };
}
