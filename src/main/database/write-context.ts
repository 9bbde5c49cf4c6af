import type { Database } from 'better-sqlite3';
import type { HistoryAction, HistoryPlace, HistoryRoad } from '../../shared/contract/history';
import type { SaleTerms } from '../../shared/contract/orders';
import { localToday } from '../../shared/contract/calendar-date';

/**
 * Who is writing, for the animal's history: the triggers that record each change (history-table.ts)
 * ask the connection through the SQL function `write_context`. A connection has an origin (the
 * local store's writes are made here; a replica's, unless said otherwise, are the server's answers),
 * and a person's write says so around itself with `acting`. Writes are synchronous, so the act
 * holds for exactly the statements run inside it.
 */
export interface WriteAct {
  where: HistoryPlace;
  via: HistoryRoad | null;
  by: string | null;
  action: HistoryAction;
  /** When the person acted (ms since epoch): a queued add accepted later keeps its own moment. */
  at: number;
  /** What a sale made in this act was for, if the person said (orders-table.ts records it). */
  sale?: SaleTerms;
}

interface Context {
  origin: Pick<WriteAct, 'where' | 'via'>;
  acts: Partial<WriteAct>[];
  now: () => number;
}

const contexts = new WeakMap<Database, Context>();

/** Registers `write_context(defaultAction)`, `write_place()` and `write_sale()` on a connection (openDatabase does, for every one). */
export function registerWriteContext(db: Database, now: () => number = Date.now): void {
  const context: Context = { origin: { where: 'here', via: null }, acts: [], now };
  contexts.set(db, context);
  const current = (): Partial<WriteAct> => context.acts.at(-1) ?? {};
  db.function('write_place', { deterministic: false }, () => current().where ?? context.origin.where);
  db.function('write_sale', { deterministic: false }, () => {
    const { sale } = current();
    return sale === undefined ? null : JSON.stringify(sale);
  });
  db.function('write_context', { deterministic: false }, (defaultAction) => {
    const act = current();
    return JSON.stringify({
      where: act.where ?? context.origin.where,
      via: act.via ?? context.origin.via,
      by: act.by ?? null,
      action: act.action ?? defaultAction,
      at: act.at ?? context.now(),
    });
  });
}

/** Where this connection's writes come from when no act says otherwise. */
export function setWriteOrigin(db: Database, origin: Partial<Pick<WriteAct, 'where' | 'via'>>): void {
  const context = contextOf(db);
  context.origin = { ...context.origin, ...origin };
}

/** Runs `run` (synchronous) as `act`, within any act around it. */
export function acting<R>(db: Database, act: Partial<WriteAct>, run: () => R): R {
  const context = contextOf(db);
  context.acts.push({ ...context.acts.at(-1), ...act });
  try {
    const result = run();
    if (result instanceof Promise) throw new Error('acting takes a synchronous write: an await would outlive the act.');
    return result;
  } finally {
    context.acts.pop();
  }
}

/** The day (this computer's calendar) of the act around this write: today, or the day a person acted on a write sent later. */
export function actDay(db: Database): string {
  const context = contextOf(db);
  return localToday(new Date(context.acts.at(-1)?.at ?? context.now()));
}

function contextOf(db: Database): Context {
  const context = contexts.get(db);
  if (context === undefined) throw new Error('The connection was not opened by openDatabase: it has no write context.');
  return context;
}

/** The person's act around this write, as JSON to keep with what waits to be sent (null outside any act). */
export function personAct(db: Database): string | null {
  const act = contextOf(db).acts.at(-1);
  if (act === undefined) return null;
  return JSON.stringify({
    via: act.via ?? null,
    by: act.by ?? null,
    action: act.action ?? 'added',
    at: act.at ?? null,
    ...(act.sale === undefined ? {} : { sale: act.sale }),
  });
}
