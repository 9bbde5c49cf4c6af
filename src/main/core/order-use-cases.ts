import {
  ApiError,
  dateProblem,
  parseOrThrow,
  petIdSchema,
  type ChangeEntry,
  type EnvironmentName,
  type FieldProblem,
  type Pet,
  type RemoteEnvironment,
} from '../../shared/contract';
import { ORDERS_PAGE, saleTermsSchema, type Sale } from '../../shared/contract/orders';
import type { CoreParts } from './core-parts';

/** Which sales to list: a period of calendar days on this computer's clock (both days included), a page at a time. */
export interface OrdersQuery {
  from?: string;
  to?: string;
  limit?: number;
  /** The sales before this one (a page's last: its soldAt and id). */
  before?: { soldAt: number; id: number };
}

export interface OrdersPage {
  sales: Sale[];
  more: boolean;
  /** A server's environment lists the sales made on this computer: the server may have more. */
  madeHereOnly: boolean;
}

// A period may run on past today (this week's, on its first day).
const NO_LATER_THAN = '9999-12-31';

/** The first moment of a calendar day on this computer's clock, and of the day after. */
const startOfDay = (day: string, after = 0): number => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + after).getTime();
};

/** The period's bounds in ms since epoch, checked: days as 2026-11-27, from not after to. */
function periodBounds({ from, to }: Pick<OrdersQuery, 'from' | 'to'>): { from: number; to: number } {
  const problems: FieldProblem[] = [];
  for (const [field, day] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (day === undefined) continue;
    const problem = dateProblem(day, { precisions: ['day'], today: NO_LATER_THAN });
    if (problem !== null) problems.push({ field, message: problem });
  }
  if (problems.length === 0 && from !== undefined && to !== undefined && from > to)
    problems.push({
      field: 'from',
      message: `must not be after to (${to}): the period runs from one day to a later one`,
    });
  if (problems.length > 0) throw ApiError.fromFields('invalid_parameter', problems);
  return {
    from: from === undefined ? 0 : startOfDay(from),
    to: to === undefined ? Number.MAX_SAFE_INTEGER : startOfDay(to, 1),
  };
}

/** Selling an animal with its sale's terms, and the sales of a period: one road for the window, the CLI and the service's store. */
export function createOrderUseCases({ inventory, server, events, settings }: CoreParts) {
  return {
    /** How many sales stand on a server in the period (our orders extension); null from a server without it. */
    serverSales: (environment: RemoteEnvironment, query: Pick<OrdersQuery, 'from' | 'to'> = {}) =>
      server(environment).serverSales(periodBounds(query)),

    /**
     * Marks an animal sold and records its sale, with the price it went for (its price unless
     * given), who sold it and the buyer if given: at once in the local store; for a server, waiting
     * with the status change to be sent. `historySeq`: the entry the sale made in the animal's history.
     */
    sellPet(
      environment: EnvironmentName,
      petId: unknown,
      terms: unknown = {},
      { revision }: { revision?: number } = {},
    ): ({ pet: Pet } | { change: ChangeEntry | null }) & { sale: Sale; historySeq: number | null } {
      const id = parseOrThrow(petIdSchema, petId, 'invalid_parameter', 'petId');
      const valid = parseOrThrow(saleTermsSchema, terms, 'invalid_body', 'body');
      const animals = inventory(environment);
      const sold = animals.sellPet(id, valid, revision);
      if (sold.sale.priceMinor !== null) settings.keepCurrency(environment);
      events.emit('dataChanged', { environment });
      // The sale's entry in the animal's history (what an undo takes back): its newest made here.
      const made = animals.history(id, { limit: 5 }).entries.find((entry) => entry.where === 'here');
      return { ...sold, historySeq: made?.seq ?? null };
    },

    /** The animal's sale recorded on this computer and not taken back, if it has one. */
    standingSale(environment: EnvironmentName, petId: unknown): Sale | undefined {
      const id = parseOrThrow(petIdSchema, petId, 'invalid_parameter', 'petId');
      return inventory(environment).sales().orders.standingSale(id);
    },

    /** The period's sales recorded on this computer, newest first (taken back ones too, so marked). */
    listOrders(environment: EnvironmentName, query: OrdersQuery = {}): OrdersPage {
      const limit = query.limit ?? ORDERS_PAGE.default;
      if (!Number.isInteger(limit) || limit < 1 || limit > ORDERS_PAGE.max)
        throw ApiError.fromFields('invalid_parameter', [
          { field: 'limit', message: `must be a whole number from 1 to ${ORDERS_PAGE.max}` },
        ]);
      const { orders, madeHereOnly } = inventory(environment).sales();
      return { ...orders.page(periodBounds(query), limit, query.before), madeHereOnly };
    },
  };
}
