// Our `orders` extension over real HTTP on 127.0.0.1: selling with POST /v1/store/orders (exactly
// once under an Idempotency-Key), listing a period's orders a page at a time, reading one; every
// answer checked against the OpenAPI description; the buyer's details never in the service's log.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { salesBetween } from '../../../src/main/database/orders-table';
import { localToday } from '../../../src/shared/contract';
import { send } from '../../helpers/http-client';
import { startService, type RunningService } from '../../helpers/http-service';

let service: RunningService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function started(options: Parameters<typeof startService>[0] = {}) {
  service = await startService(options);
  return service;
}

const order = (s: RunningService, body: unknown, headers: Record<string, string> = {}) =>
  send(s.baseUrl, 'POST', '/v1/store/orders', { body, headers });

describe('the orders extension', () => {
  it('is listed among the extensions', async () => {
    const s = await started();
    expect((await send(s.baseUrl, 'GET', '/v1/extensions')).json.extensions).toContain('orders');
  });

  it('sells the animal and records its order: price, buyer, who sold it and when', async () => {
    const s = await started();
    const rex = s.store.createPet({ name: 'Rex', categoryId: '3', status: 'available', price: 4500 });
    const actedAt = new Date(Date.now() - 3_600_000).toISOString();
    const sold = await order(
      s,
      { petId: Number(rex.id), quantity: 1, price: 4000, buyerName: 'Bea Buyer', buyerContact: '07700 900123' },
      { 'petstore-actor': 'Ana', 'petstore-acted-at': actedAt },
    );
    expect(sold.status).toBe(201);
    expect(sold.json).toEqual({
      id: expect.any(Number),
      petId: Number(rex.id),
      quantity: 1,
      shipDate: actedAt,
      status: 'delivered',
      complete: true,
      price: 4000,
      soldBy: 'Ana',
      buyerName: 'Bea Buyer',
      buyerContact: '07700 900123',
      pet: expect.objectContaining({ id: Number(rex.id), status: 'sold', revision: 2 }),
    });
    expect(sold.headers.get('location')).toBe(`/v1/store/orders/${sold.json.id}`);
    expect(s.store.getPet(rex.id)).toMatchObject({ status: 'sold' });
    const { pet: _pet, ...placed } = sold.json;
    expect((await send(s.baseUrl, 'GET', `/v1/store/orders/${sold.json.id}`)).json).toEqual(placed);
  });

  it('a sale the client acted on days ago is of that day: the animal’s date sold and its order agree', async () => {
    const s = await started();
    const tom = s.store.createPet({ name: 'Tom', categoryId: '3', status: 'available', price: 4500 });
    const actedAt = new Date(Date.now() - 5 * 86_400_000).toISOString(); // sold offline, sent today
    const sold = await order(s, { petId: Number(tom.id) }, { 'petstore-acted-at': actedAt });
    expect(sold.status).toBe(201);
    expect(sold.json.shipDate).toBe(actedAt);
    expect(sold.json.pet.soldOn).toBe(localToday(new Date(actedAt)));
  });

  it('sells once under an Idempotency-Key: a retry gets the first answer, another order with it 422', async () => {
    const s = await started();
    const rex = s.store.createPet({ name: 'Rex', categoryId: '3', status: 'available' });
    const key = { 'idempotency-key': '0195f3c6-6a3e-7cc1-9b2a-2f0c3b0a4d11' };
    const first = await order(s, { petId: Number(rex.id) }, key);
    const again = await order(s, { petId: Number(rex.id) }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
    expect((await order(s, { petId: Number(rex.id), price: 1 }, key)).status).toBe(422);
    expect(salesBetween(s.db, 0, Number.MAX_SAFE_INTEGER)).toHaveLength(1);
  });

  it('sells under If-Match only the animal as the client saw it: 412 with the animal now', async () => {
    const s = await started();
    const rex = s.store.createPet({ name: 'Rex', categoryId: '3', status: 'available' });
    s.store.changePet(rex.id, { status: 'pending' }, '*'); // another counter, since revision 1
    const stale = await order(s, { petId: Number(rex.id) }, { 'if-match': '"1"' });
    expect([stale.status, stale.json.code, stale.json.current?.status]).toEqual([
      412,
      'precondition_failed',
      'pending',
    ]);
    expect((await order(s, { petId: Number(rex.id) }, { 'if-match': '"2"' })).status).toBe(201);
  });

  it('refuses, selling nothing: no such animal, already sold, under treatment, a bad body', async () => {
    const s = await started();
    const sold = s.store.createPet({ name: 'Tom', categoryId: '3', status: 'sold' });
    const treated = s.store.createPet({ name: 'Mia', categoryId: '3', status: 'available', treatment: 'Drops' });
    const rex = s.store.createPet({ name: 'Rex', categoryId: '3', status: 'available' });
    const before = salesBetween(s.db, 0, Number.MAX_SAFE_INTEGER).length;
    const cases: Array<[unknown, number, string]> = [
      [{ petId: 999 }, 404, 'not_found'],
      [{ petId: Number(sold.id) }, 409, 'conflict'],
      [{ petId: Number(treated.id) }, 409, 'under_treatment'],
      [{ petId: Number(rex.id), quantity: 2 }, 400, 'invalid_body'],
      [{ petId: Number(rex.id), price: -5 }, 400, 'invalid_body'],
      [{ petId: Number(rex.id), status: 'placed' }, 400, 'invalid_body'],
      [{ petId: String(rex.id) }, 400, 'invalid_body'],
      [{ petId: Number(rex.id), buyerName: 'x'.repeat(121) }, 400, 'invalid_body'],
    ];
    for (const [body, status, code] of cases) {
      const refused = await order(s, body);
      expect([refused.status, refused.json.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(s.store.getPet(rex.id).status).toBe('available');
    expect(salesBetween(s.db, 0, Number.MAX_SAFE_INTEGER)).toHaveLength(before);
    const text = await send(s.baseUrl, 'POST', '/v1/store/orders', {
      body: 'petId=1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });

  it('lists a period newest first, a page at a time by Link rel="next"; a taken back sale is cancelled', async () => {
    const s = await started();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const pet = s.store.createPet({ name: `Pet ${i}`, categoryId: '1', status: 'available' });
      ids.push(pet.id);
      await order(s, { petId: Number(pet.id) });
    }
    s.store.changePet(ids[0]!, { status: 'available' }, '*'); // its sale taken back
    const seen: Array<{ petId: number; status: string }> = [];
    let next: string | null = '/v1/store/orders?limit=2';
    while (next !== null) {
      const page = await send(s.baseUrl, 'GET', next);
      expect(page.status).toBe(200);
      seen.push(...page.json);
      next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1] ?? null;
    }
    expect(seen.map((o) => String(o.petId))).toEqual([...ids].reverse());
    expect(seen.at(-1)!.status).toBe('cancelled');
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await send(s.baseUrl, 'GET', `/v1/store/orders?from=${future}`)).json).toEqual([]);
  });

  it('refuses a wrong period, limit, cursor or order id on its field', async () => {
    const s = await started();
    const notADay = ['from=2026-02-30T00:00:00Z', 'to=2026-04-31T00:00:00%2B01:00'];
    for (const query of ['from=yesterday', 'to=2026-01-01', 'limit=0', 'limit=501', 'cursor=abc', ...notADay]) {
      const refused = await send(s.baseUrl, 'GET', `/v1/store/orders?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.json.fields[0].field).toBe(query.split('=')[0]);
    }
    expect((await send(s.baseUrl, 'GET', '/v1/store/orders/abc')).status).toBe(400);
    expect((await send(s.baseUrl, 'GET', '/v1/store/orders/77')).status).toBe(404);
    // Any order id of the interface's (an int64 from 1) is asked for; none so large was made.
    expect((await send(s.baseUrl, 'GET', '/v1/store/orders/9223372036854775807')).status).toBe(404);
    expect((await send(s.baseUrl, 'GET', '/v1/store/orders/9223372036854775808')).status).toBe(400);
    const wrongMethod = await send(s.baseUrl, 'DELETE', '/v1/store/orders/77');
    expect([wrongMethod.status, wrongMethod.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  it('writes no buyer’s details to its log', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const s = await started({ logger: pino({ level: 'info' }, sink) });
    const rex = s.store.createPet({ name: 'Rex', categoryId: '3', status: 'available' });
    await order(s, { petId: Number(rex.id), buyerName: 'Bea Secretname', buyerContact: 'bea@secret.example' });
    await order(s, { petId: Number(rex.id), buyerName: 'Bea Secretname', buyerContact: 'bea@secret.example' });
    await send(s.baseUrl, 'GET', '/v1/store/orders');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('')).not.toMatch(/Secretname|secret\.example/);
  });
});
