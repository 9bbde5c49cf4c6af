import { refuseDaysOutOfOrder } from './day-order-rules';
import { refuseBrokenLeaving } from './leaving-rules';
import { settleSale } from './sale-rules';

type Facts = Parameters<typeof settleSale>[1] & Parameters<typeof refuseBrokenLeaving>[0];

/**
 * The store's rules across an animal's fields, as every add and change is made, whoever asks (the
 * window, the command line, the HTTP service, an import): its sale settled (sale-rules.ts), its days
 * in order (day-order-rules.ts), and how it left checked (leaving-rules.ts). The animal after the
 * write, or an ApiError on the field to fix.
 */
export function settleAnimal<A extends Facts>(before: Facts | undefined, after: A, given: object, today: string): A {
  const settled = settleSale(before, after, given, today);
  refuseDaysOutOfOrder(settled, given);
  refuseBrokenLeaving(settled, given);
  return settled;
}
