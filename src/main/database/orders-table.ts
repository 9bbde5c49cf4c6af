import type { Sale, SaleTaking } from '../../shared/contract/orders';
import type { SqliteDatabase } from './database';
import type { Migration } from './schema-steps';

/**
 * The sales, one row per animal sold here, in the database that holds the animal (the app's, for
 * the local store and our service; a replica, for a server's animals). A row is written by a
 * trigger on `pets` in the same statement as the status change, so every road that marks an
 * animal sold (the window, the CLI, an import, the service, a replica) records one, and nothing
 * can leave a sold animal without its sale. An animal no longer sold takes its sale back. A sale
 * is of the moment it is recorded, or of the day sold when the write dates it before that day.
 */
export const addOrdersTable: Migration = (db) => {
  db.exec(`
    CREATE TABLE orders (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      pet_id INTEGER NOT NULL,
      sold_at INTEGER NOT NULL,
      price_minor INTEGER CHECK (price_minor >= 0),
      sold_by TEXT CHECK (length(sold_by) > 0),
      buyer_name TEXT CHECK (length(buyer_name) > 0),
      buyer_contact TEXT CHECK (length(buyer_contact) > 0),
      taken_back_at INTEGER,
      server_order_id INTEGER
    ) STRICT;
    CREATE INDEX orders_by_sold_at ON orders (sold_at);
    CREATE INDEX orders_standing_by_animal ON orders (pet_id) WHERE taken_back_at IS NULL;
  `);
};

/**
 * The triggers that record and take back sales, the connection's own (TEMP) as the history's are
 * (history-table.ts): they read the act around the write (write-context.ts). A sale is recorded
 * for a write made here that sells an animal with none standing (a server's answer that an animal
 * is sold is the server's sale, not ours). It is taken back when a person's write leaves the animal
 * unsold, so takings never count it; on a replica, also when the server's answers do and no sale of
 * ours is on its way (a conflict shows the server's version for a while, and takes nothing back),
 * and when the sale's change is dropped before the server took it.
 */
export function keepSaleTriggers(db: SqliteDatabase): void {
  const has = (sql: string) => db.prepare(sql).get() !== undefined;
  if (!has(`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'orders'`)) return;
  const animalPrice = has(`SELECT 1 FROM pragma_table_info('pets') WHERE name = 'price_minor'`)
    ? 'new.price_minor'
    : 'NULL';
  const replica = has(`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'pet_changes'`);
  // A sale dated before the day it is recorded (an animal sold last month, entered now) is that
  // day's, at its local noon: that day's takings, not today's.
  const soldAt = has(`SELECT 1 FROM pragma_table_info('pets') WHERE name = 'sold_on'`)
    ? `CASE WHEN new.sold_on < date(json_extract(w.j, '$.at') / 1000, 'unixepoch', 'localtime')
         THEN unixepoch(new.sold_on || ' 12:00:00', 'utc') * 1000 ELSE json_extract(w.j, '$.at') END`
    : `json_extract(w.j, '$.at')`;
  const standing = (petId: string) => `SELECT 1 FROM main.orders WHERE pet_id = ${petId} AND taken_back_at IS NULL`;
  const saleOnItsWay = `SELECT 1 FROM main.pet_changes WHERE pet_id = new.id AND state <> 'accepted'
    AND json_extract(act, '$.sale') IS NOT NULL`;
  const takeBack = (
    petId: string,
  ) => `UPDATE main.orders SET taken_back_at = json_extract(write_context('changed'), '$.at')
      WHERE pet_id = ${petId} AND taken_back_at IS NULL;`;
  // The price the person gave (a number, or null for none), else the animal's.
  const record = `INSERT INTO main.orders (pet_id, sold_at, price_minor, sold_by, buyer_name, buyer_contact)
    SELECT new.id, ${soldAt},
      CASE WHEN json_type(w.s, '$.price') IS NULL THEN ${animalPrice} ELSE json_extract(w.s, '$.price') END,
      json_extract(w.j, '$.by'), json_extract(w.s, '$.buyerName'), json_extract(w.s, '$.buyerContact')
    FROM (SELECT write_context('changed') AS j, write_sale() AS s) AS w;`;
  const sells = `new.status = 'sold' AND write_place() = 'here' AND NOT EXISTS (${standing('new.id')})`;
  db.exec(`
    CREATE TEMP TRIGGER IF NOT EXISTS pets_sold AFTER UPDATE OF status ON main.pets
      WHEN old.status IS NOT 'sold' AND ${sells} BEGIN
      ${record}
    END;
    CREATE TEMP TRIGGER IF NOT EXISTS pets_added_sold AFTER INSERT ON main.pets WHEN ${sells} BEGIN
      ${record}
    END;
    CREATE TEMP TRIGGER IF NOT EXISTS pets_sale_taken_back AFTER UPDATE OF status ON main.pets
      WHEN old.status = 'sold' AND new.status IS NOT 'sold'
        ${replica ? `AND (write_place() = 'here' OR NOT EXISTS (${saleOnItsWay}))` : ''} BEGIN
      ${takeBack('new.id')}
    END;
  `);
  if (!replica) return;
  // A sale's change dropped before the server took it (withdrawn by an undo, discarded, the server's
  // version kept): that sale never happened there, whatever the animal shows now.
  db.exec(`
    CREATE TEMP TRIGGER IF NOT EXISTS sale_change_dropped AFTER DELETE ON main.pet_changes
      WHEN old.state <> 'accepted' AND json_extract(old.act, '$.sale') IS NOT NULL BEGIN
      ${takeBack('old.pet_id')}
    END;
  `);
}

interface SaleRow {
  id: number;
  pet_id: string;
  sold_at: number;
  price_minor: number | null;
  sold_by: string | null;
  buyer_name: string | null;
  buyer_contact: string | null;
  taken_back_at: number | null;
  server_order_id: string | null;
}

const SALE_COLUMNS = `id, CAST(pet_id AS TEXT) AS pet_id, sold_at, price_minor, sold_by, buyer_name, buyer_contact,
  taken_back_at, CAST(server_order_id AS TEXT) AS server_order_id`;

const saleOf = (row: SaleRow): Sale => ({
  id: row.id,
  petId: row.pet_id,
  soldAt: row.sold_at,
  priceMinor: row.price_minor,
  soldBy: row.sold_by,
  buyerName: row.buyer_name,
  buyerContact: row.buyer_contact,
  takenBackAt: row.taken_back_at,
  serverOrderId: row.server_order_id,
});

/** The sales not taken back with `fromMs <= soldAt < toMs`, oldest first: the takings of a period. */
export function salesBetween(db: SqliteDatabase, fromMs: number, toMs: number): SaleTaking[] {
  return db
    .prepare<[number, number], Pick<SaleRow, 'pet_id' | 'sold_at' | 'price_minor' | 'sold_by'>>(
      `SELECT CAST(pet_id AS TEXT) AS pet_id, sold_at, price_minor, sold_by FROM orders INDEXED BY orders_by_sold_at
       WHERE sold_at >= ? AND sold_at < ? AND taken_back_at IS NULL ORDER BY sold_at, id`,
    )
    .all(fromMs, toMs)
    .map((row) => ({ petId: row.pet_id, soldAt: row.sold_at, priceMinor: row.price_minor, soldBy: row.sold_by }));
}

export type Orders = ReturnType<typeof createOrders>;

/** Reading the sales: one by id, the standing sale of an animal, a period's newest first a page at a time. */
export function createOrders(db: SqliteDatabase) {
  const byId = db.prepare<[number], SaleRow>(`SELECT ${SALE_COLUMNS} FROM orders WHERE id = ?`);
  const standing = db.prepare<[bigint], SaleRow>(
    `SELECT ${SALE_COLUMNS} FROM orders WHERE pet_id = ? AND taken_back_at IS NULL ORDER BY id DESC LIMIT 1`,
  );
  // Newest first by (sold_at, id), after a cursor's (sold_at, id); one more row than the page.
  const page = db.prepare<{ from: number; to: number; atBefore: number; idBefore: number; limit: number }, SaleRow>(
    `SELECT ${SALE_COLUMNS} FROM orders INDEXED BY orders_by_sold_at
     WHERE sold_at >= @from AND sold_at < @to AND (sold_at < @atBefore OR (sold_at = @atBefore AND id < @idBefore))
     ORDER BY sold_at DESC, id DESC LIMIT @limit`,
  );
  const setServerId = db.prepare<[bigint, number]>('UPDATE orders SET server_order_id = ? WHERE id = ?');
  return {
    sale: (id: number): Sale | undefined => {
      const row = byId.get(id);
      return row === undefined ? undefined : saleOf(row);
    },
    /** The animal's sale not taken back, if it is sold here. */
    standingSale: (petId: string): Sale | undefined => {
      const row = standing.get(BigInt(petId));
      return row === undefined ? undefined : saleOf(row);
    },
    /** The period's sales (taken back ones too), newest first, after `before` (a sale's soldAt and id). */
    page(
      { from, to }: { from: number; to: number },
      limit: number,
      before?: { soldAt: number; id: number },
    ): { sales: Sale[]; more: boolean } {
      const rows = page.all({
        from,
        to,
        atBefore: before?.soldAt ?? Number.MAX_SAFE_INTEGER,
        idBefore: before?.id ?? Number.MAX_SAFE_INTEGER,
        limit: limit + 1,
      });
      return { sales: rows.slice(0, limit).map(saleOf), more: rows.length > limit };
    },
    setServerOrderId: (id: number, serverOrderId: string) => void setServerId.run(BigInt(serverOrderId), id),
  };
}
