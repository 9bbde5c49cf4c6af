// A server's answer to an order is untrusted: read against the Order and the animal, bounded, and
// about the animal sent. Our service on 127.0.0.1, and a server on 127.0.0.1 that answers as told.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteClient } from '../../../src/main/remote/remote-client';
import { RemoteError } from '../../../src/main/remote/remote-error';
import { startService, TEST_API_KEY, type RunningService } from '../../helpers/http-service';

const clientOf = (baseUrl: string) =>
  createRemoteClient({ environment: 'staging', baseUrl, apiKey: async () => TEST_API_KEY });

const ORDER = {
  id: 7,
  petId: 1,
  quantity: 1,
  shipDate: '2026-11-27T09:30:00.000Z',
  status: 'delivered',
  complete: true,
  pet: { id: 1, name: 'Rex', categoryId: 3, status: 'sold', revision: 2 },
};

describe('an order as the remote client places it', () => {
  let service: RunningService;
  let told: unknown = ORDER;
  let teller: Server;
  let tellerUrl = '';
  beforeAll(async () => {
    service = await startService();
    teller = createServer((req, res) => {
      req.resume();
      if (req.method === 'GET') {
        res.writeHead(404, { 'content-type': 'text/html' });
        return res.end('<html><body>No such page</body></html>');
      }
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(typeof told === 'string' ? told : JSON.stringify(told));
    });
    await new Promise<void>((resolve) => teller.listen(0, '127.0.0.1', resolve));
    tellerUrl = `http://127.0.0.1:${(teller.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await service.close();
    await new Promise((resolve) => teller.close(resolve));
  });

  it('sends the terms under the revision and key, and reads back the order id and the animal as sold', async () => {
    const rex = service.store.createPet({ name: 'Rex', categoryId: '3', status: 'available' });
    const options = { revision: 1, idempotencyKey: 'k-order-1', act: { by: 'Zoë' } };
    const placed = await clientOf(`${service.baseUrl}/v1`).placeOrder(
      rex.id,
      { price: 900, buyerName: 'Bea' },
      options,
    );
    expect(placed).toMatchObject({ orderId: expect.stringMatching(/^\d+$/), pet: { id: rex.id, status: 'sold' } });
    const again = await clientOf(`${service.baseUrl}/v1`).placeOrder(rex.id, { price: 900, buyerName: 'Bea' }, options);
    expect(again.orderId).toBe(placed.orderId);
    const tom = service.store.createPet({ name: 'Tom', categoryId: '3', status: 'available' });
    service.store.changePet(tom.id, { status: 'pending' }, '*'); // another counter: revision 2
    const stale = clientOf(`${service.baseUrl}/v1`).placeOrder(tom.id, {}, { revision: 1 });
    await expect(stale).rejects.toMatchObject({ details: { status: 412, current: { status: 'pending' } } });
    const soldAgain = clientOf(`${service.baseUrl}/v1`).placeOrder(rex.id, {}, { revision: 2 });
    await expect(soldAgain).rejects.toMatchObject({ details: { status: 409 } });
  });

  it('refuses an answer that is not an order of the animal sent', async () => {
    const cases: unknown[] = [
      { ...ORDER, quantity: 2 },
      { ...ORDER, petId: 2 },
      { ...ORDER, pet: { ...ORDER.pet, id: 2 } },
      { ...ORDER, buyerName: 'x'.repeat(5_000) },
      { ...ORDER, shipDate: 'yesterday' },
      { ...ORDER, status: 'placed' },
      { ...ORDER, id: '7' },
      '{"id":1,',
    ];
    for (const answer of cases) {
      told = answer;
      const refused = await clientOf(tellerUrl)
        .placeOrder('1', {}, { revision: null })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(refused, JSON.stringify(answer).slice(0, 80)).toBeInstanceOf(RemoteError);
      expect((refused as RemoteError).kind).toBe('not_the_contract');
    }
    told = ORDER;
    expect(await clientOf(tellerUrl).placeOrder('1', {}, { revision: null })).toMatchObject({ orderId: '7' });
  });

  it('counts the sales standing on a server in a period; none from a server without orders', async () => {
    const client = clientOf(`${service.baseUrl}/v1`);
    const before = await client.countOrders({ from: 0, to: Number.MAX_SAFE_INTEGER });
    const mia = service.store.createPet({ name: 'Mia', categoryId: '3', status: 'sold' });
    service.store.changePet(mia.id, { status: 'available' }, '*'); // its sale taken back: not counted
    service.store.createPet({ name: 'Leo', categoryId: '3', status: 'sold' });
    expect(await client.countOrders({ from: 0, to: Number.MAX_SAFE_INTEGER })).toEqual({
      count: before!.count + 1,
      complete: true,
    });
    expect(await client.countOrders({ from: Date.now() + 86_400_000, to: Number.MAX_SAFE_INTEGER })).toEqual({
      count: 0,
      complete: true,
    });
    expect(await clientOf(tellerUrl).countOrders({ from: 0, to: Number.MAX_SAFE_INTEGER })).toBeNull();
  });
});
