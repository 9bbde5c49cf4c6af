// A sale made on a server's environment: kept here, then sent exactly once, as an order to a server
// with our orders extension and as the status change it always got to one without; taken back by
// undo after the send. Real cores over real SQLite files; our service on 127.0.0.1 behind a front
// that counts the requests and can say the server lacks the extension.
import { request } from 'node:http';
import { describe, expect } from 'vitest';
import type { PetstoreCore } from '../../../src/main/core/petstore-core';
import { salesBetween } from '../../../src/main/database/orders-table';
import { OUR_EXTENSIONS } from '../../../src/shared/contract';
import { startService, TEST_API_KEY, type RunningService } from '../../helpers/http-service';
import { send } from '../../helpers/http-client';
import { itWithKeyring } from '../../helpers/keyring';
import { startServiceFront } from '../../helpers/service-front';
import { useTestCore } from '../core/test-core';

const ALL = Number.MAX_SAFE_INTEGER;

describe("a sale on a server's environment", () => {
  const { open, track } = useTestCore();

  /**
   * Our service with Rex, behind a front that counts each request (`METHOD path`), may say the
   * server lacks the orders extension, and may cut the connection after the first order is placed.
   */
  async function rexOnStaging({ orders = true, loseFirstOrderAnswer = false } = {}) {
    const service = track(await startService());
    const rex = service.store.createPet({ name: 'Rex', categoryId: '3', status: 'available', price: 4500 });
    const seen: string[] = [];
    let lost = false;
    const front = track(
      await startServiceFront(service.port, (req, res) => {
        const path = (req.url ?? '').replace(/\?.*$/, '');
        seen.push(`${req.method} ${path}`);
        if (!orders && path === '/v1/extensions') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ extensions: OUR_EXTENSIONS.filter((name) => name !== 'orders') }));
          return true;
        }
        if (loseFirstOrderAnswer && !lost && req.method === 'POST' && path === '/v1/store/orders') {
          lost = true;
          // The service places the order; its answer never reaches the counter.
          const upstream = request(
            { host: '127.0.0.1', port: service.port, method: 'POST', path: req.url, headers: req.headers },
            (answer) => {
              answer.resume();
              answer.on('end', () => res.destroy());
            },
          );
          req.pipe(upstream);
          return true;
        }
        return false;
      }),
    );
    const core = open();
    await core.setBaseUrl('staging', front.baseUrl);
    await core.setKey('staging', TEST_API_KEY);
    await core.syncNow('staging');
    seen.length = 0;
    return { service, rex, core, seen };
  }

  const newestSeq = (core: PetstoreCore, petId: string) =>
    core.petHistory('staging', petId, { limit: 1 }).entries[0]!.seq;
  const serverOrders = async (service: RunningService) => (await send(service.baseUrl, 'GET', '/v1/store/orders')).json;

  itWithKeyring('goes to a server with the orders extension as one order, with its terms', async () => {
    const { service, rex, core, seen } = await rexOnStaging();
    core.sellPet('staging', rex.id, { price: 4000, buyerName: 'Bea Buyer', buyerContact: '07700 900123' });
    await core.syncUntilSettled('staging');
    expect(seen.filter((line) => !line.startsWith('GET'))).toEqual(['POST /v1/store/orders']);
    const [order] = await serverOrders(service);
    expect(order).toMatchObject({ petId: Number(rex.id), price: 4000, buyerName: 'Bea Buyer', status: 'delivered' });
    expect(service.store.getPet(rex.id).status).toBe('sold');
    expect(core.listOrders('staging').sales).toMatchObject([{ serverOrderId: String(order.id), priceMinor: 4000 }]);
    expect(core.shownPet('staging', rex.id)).toMatchObject({ status: 'sold', revision: 2 });
    expect(core.changeEntries('staging').filter((entry) => entry.state !== 'accepted')).toEqual([]);
  });

  itWithKeyring(
    'after another counter changed the price: sent again to their version, at the price seen here',
    async () => {
      const { service, rex, core, seen } = await rexOnStaging();
      core.sellPet('staging', rex.id); // at 45.00, as shown here
      service.store.changePet(rex.id, { price: 5000 }, '*'); // another counter, before the sale is sent
      await core.syncUntilSettled('staging');
      expect(seen.filter((line) => line === 'POST /v1/store/orders')).toHaveLength(2); // 412, then to their version
      expect(await serverOrders(service)).toMatchObject([{ price: 4500, status: 'delivered' }]);
      expect(service.store.getPet(rex.id)).toMatchObject({ status: 'sold', price: 5000 });
      expect(core.listOrders('staging').sales).toMatchObject([{ priceMinor: 4500, serverOrderId: expect.any(String) }]);
    },
  );

  for (const choice of ['keep-theirs', 'keep-mine'] as const)
    itWithKeyring(
      `a conflict over the status, ${choice}: the sale goes with theirs, stays (with its buyer) with mine`,
      async () => {
        const { service, rex, core } = await rexOnStaging();
        core.sellPet('staging', rex.id, { buyerName: 'Bea' });
        service.store.changePet(rex.id, { status: 'pending' }, '*'); // another counter, before the sale is sent
        await core.syncUntilSettled('staging');
        const conflict = core.changeEntries('staging').find((entry) => entry.state === 'conflict')!;
        expect(conflict).toBeDefined();
        expect(core.listOrders('staging').sales).toMatchObject([{ takenBackAt: null }]); // while a person decides
        core.resolveConflict('staging', conflict.entryId, choice);
        await core.syncUntilSettled('staging');
        const here = core.listOrders('staging').sales;
        if (choice === 'keep-theirs') {
          expect(here).toMatchObject([{ takenBackAt: expect.any(Number) }]);
          expect(await serverOrders(service)).toEqual([]);
          expect(service.store.getPet(rex.id).status).toBe('pending');
        } else {
          expect(here).toMatchObject([{ takenBackAt: null, buyerName: 'Bea', serverOrderId: expect.any(String) }]);
          expect(await serverOrders(service)).toMatchObject([{ buyerName: 'Bea', status: 'delivered' }]);
        }
      },
    );

  itWithKeyring('refused by the server (sold by another counter), then discarded: the sale is taken back', async () => {
    const { service, rex, core } = await rexOnStaging();
    core.sellPet('staging', rex.id, { buyerName: 'Bea' });
    service.store.changePet(rex.id, { status: 'sold' }, '*'); // another counter sold it first
    await core.syncUntilSettled('staging');
    const refused = core.changeEntries('staging').find((entry) => entry.state === 'refused')!;
    expect(refused.lastError).toMatch(/already sold/);
    core.discardEntry('staging', refused.entryId);
    expect(core.listOrders('staging').sales).toMatchObject([{ takenBackAt: expect.any(Number) }]);
    expect(await serverOrders(service)).toMatchObject([{ status: 'delivered' }]); // the other counter's alone
    expect(await serverOrders(service)).not.toMatchObject([{ buyerName: 'Bea' }]);
  });

  itWithKeyring('an order whose answer was lost is sent again under its key and placed once', async () => {
    const { service, rex, core, seen } = await rexOnStaging({ loseFirstOrderAnswer: true });
    core.sellPet('staging', rex.id, { buyerName: 'Bea' });
    await core.syncUntilSettled('staging');
    await core.syncNow('staging'); // whatever is still in backoff goes now
    expect(seen.filter((line) => line === 'POST /v1/store/orders').length).toBeGreaterThanOrEqual(2);
    expect(await serverOrders(service)).toHaveLength(1);
    expect(salesBetween(service.db, 0, ALL)).toHaveLength(1);
    expect(core.listOrders('staging').sales[0]!.serverOrderId).not.toBeNull();
  });

  itWithKeyring('goes to a server without it as exactly the status change it always got', async () => {
    const { service, rex, core, seen } = await rexOnStaging({ orders: false });
    core.sellPet('staging', rex.id, { price: 4000, buyerName: 'Bea Buyer' });
    await core.syncUntilSettled('staging');
    const writes = seen.filter((line) => !line.startsWith('GET'));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^(PATCH \/v1\/pets\/\d+|POST \/v1\/pet-changes)$/);
    expect(service.store.getPet(rex.id).status).toBe('sold');
    expect(core.listOrders('staging').sales).toMatchObject([{ serverOrderId: null, buyerName: 'Bea Buyer' }]);
  });

  itWithKeyring('undone after the send: the server gets the reverse change and cancels the order', async () => {
    const { service, rex, core } = await rexOnStaging();
    core.sellPet('staging', rex.id);
    await core.syncUntilSettled('staging');
    core.undoChange('staging', rex.id, newestSeq(core, rex.id));
    await core.syncUntilSettled('staging');
    expect(service.store.getPet(rex.id).status).toBe('available');
    expect(await serverOrders(service)).toMatchObject([{ status: 'cancelled', complete: false }]);
    expect(salesBetween(service.db, 0, ALL)).toEqual([]);
    expect(core.listOrders('staging').sales).toMatchObject([{ takenBackAt: expect.any(Number) }]);
  });

  itWithKeyring('a change made after a sale waiting to be sent goes apart from it, after it', async () => {
    const { service, rex, core, seen } = await rexOnStaging();
    core.sellPet('staging', rex.id);
    core.changePet('staging', rex.id, { name: 'Rex the sold' });
    expect(core.changeEntries('staging').filter((entry) => entry.state === 'pending')).toHaveLength(2);
    await core.syncUntilSettled('staging');
    expect(seen.filter((line) => !line.startsWith('GET'))[0]).toBe('POST /v1/store/orders');
    expect(service.store.getPet(rex.id)).toMatchObject({ name: 'Rex the sold', status: 'sold' });
    expect(await serverOrders(service)).toHaveLength(1);
  });
});
