// An animal's details, our extension, on our service: taken on createPet, changePet and
// changePets, answered as resources/openapi.yaml describes (every answer here is validated against
// it), with the store's rules in the Error shape: a sale under treatment and a microchip another
// animal has are 409 with their own codes, bad values and how an animal left 400 with `fields`, a
// change's sale dated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { localToday, PRICE_MAX_MINOR } from '../../../src/shared/contract';
import { send } from '../../helpers/http-client';
import { startService, type RunningService } from '../../helpers/http-service';

const REX = {
  name: 'Rex',
  categoryId: 1,
  price: 1250,
  sex: 'male',
  bornOn: '2026-05',
  species: 'Dog',
  breed: 'Labrador',
  microchip: '985141000123456',
  acquiredOn: '2026-08-01',
  supplier: 'Hill Farm',
  treatment: 'Worming, until 2026-12-01',
  notes: 'Shy',
};

describe('the details on our service', () => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(() => service.close());

  const post = (body: object, headers: Record<string, string> = {}) =>
    send(service.baseUrl, 'POST', '/v1/pets', { body, headers });
  const patch = (id: number, body: object, tag: string) =>
    send(service.baseUrl, 'PATCH', `/v1/pets/${id}`, {
      headers: { 'content-type': 'application/merge-patch+json', 'if-match': tag },
      body: JSON.stringify(body),
    });

  it('an add with every detail is answered with them; a microchip with a reader’s spaces is kept as its digits', async () => {
    const created = await post({ ...REX, microchip: '985 141 000 123 456' });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ id: created.json.id, ...REX, revision: 1 });
    const listed = await send(service.baseUrl, 'GET', '/v1/pets?limit=100');
    expect(listed.json).toContainEqual({ id: created.json.id, ...REX, revision: 1 });
  });

  it('a second animal with the same microchip is 409 microchip_taken, naming the first; nothing is added', async () => {
    const first = await post({ name: 'Bella', categoryId: 2, microchip: '900000000000017' });
    const twice = await post({ name: 'Max', categoryId: 2, microchip: '900 000 000 000 017' });
    expect(twice.status).toBe(409);
    expect(twice.json).toMatchObject({
      code: 'microchip_taken',
      status: 409,
      fields: [{ field: 'microchip', message: expect.stringContaining(`Bella's (id ${first.json.id})`) }],
    });
    const max = await post({ name: 'Max', categoryId: 2 });
    expect((await patch(max.json.id, { microchip: '900000000000017' }, '"1"')).json.code).toBe('microchip_taken');
    expect((await send(service.baseUrl, 'GET', `/v1/pets/${max.json.id}`)).json.microchip).toBeUndefined();
  });

  it('a sale under treatment is 409 under_treatment; once cleared, the sale is dated today and undone with the status', async () => {
    const rex = await post({ ...REX, microchip: '985141000999999' });
    const refused = await patch(rex.json.id, { status: 'sold' }, '"1"');
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'under_treatment', fields: [{ field: 'status' }] });
    expect(refused.json.message).toContain('empty its Treatment, then mark it sold');
    const sold = await patch(rex.json.id, { treatment: null, status: 'sold' }, '"1"');
    expect(sold.status).toBe(200);
    expect(sold.json).toMatchObject({ status: 'sold', soldOn: localToday(), revision: 2 });
    expect(sold.json.treatment).toBeUndefined();
    const back = await patch(rex.json.id, { status: 'available' }, '"2"');
    expect(back.json.soldOn).toBeUndefined();
    const dated = await patch(rex.json.id, { soldOn: '2026-01-02' }, '"3"');
    expect(dated.status).toBe(400);
    expect(dated.json.fields).toEqual([
      { field: 'soldOn', message: expect.stringContaining('only be given for a sold animal') },
    ]);
    // Sold again, then given a treatment: refused on the treatment, which is no longer the shop's to give.
    await patch(rex.json.id, { status: 'sold' }, '"3"');
    const treated = await patch(rex.json.id, { treatment: 'Ear drops' }, '"4"');
    expect([treated.status, treated.json.fields]).toEqual([
      400,
      [
        {
          field: 'treatment',
          message: `cannot be given to an animal sold on ${localToday()}: it is no longer the shop's to treat`,
        },
      ],
    ]);
  });

  it('how and when an animal left: taken together and answered, refused on the field to fix, removed with null', async () => {
    const goldie = { name: 'Goldie', categoryId: 4, acquiredOn: '2026-08-01' };
    const died = { leftOn: '2026-09-14', leftHow: 'died' };
    const added = await post({ ...goldie, ...died });
    expect(added.status).toBe(201);
    expect(added.json).toEqual({ id: added.json.id, ...goldie, ...died, revision: 1 });
    expect((await send(service.baseUrl, 'GET', `/v1/pets/${added.json.id}`)).json).toEqual(added.json);
    const alone = await post({ name: 'Half', categoryId: 4, leftOn: '2026-09-14' });
    expect(alone.status).toBe(400);
    expect(alone.json).toMatchObject({
      code: 'invalid_body',
      fields: [{ field: 'leftHow', message: expect.stringContaining('must be given with the day it left') }],
    });
    const early = await post({ ...goldie, name: 'Early', leftOn: '2026-07-31', leftHow: 'returned' });
    expect(early.json.fields).toEqual([
      { field: 'leftOn', message: 'must not be before the day it was acquired (2026-08-01)' },
    ]);
    const later = await post({ name: 'Later', categoryId: 4, leftOn: '2999-01-01', leftHow: 'other' });
    expect(later.json.fields[0]).toMatchObject({ field: 'leftOn', message: expect.stringContaining('future') });
    const sold = await patch(added.json.id, { status: 'sold' }, '"1"');
    expect(sold.status).toBe(400);
    expect(sold.json.fields).toEqual([
      { field: 'status', message: expect.stringContaining('Goldie left the shop on 2026-09-14 (died)') },
    ]);
    const back = await patch(added.json.id, { leftOn: null, leftHow: null, status: 'available' }, '"1"');
    expect(back.status).toBe(200);
    expect(back.json).toEqual({ id: added.json.id, ...goldie, status: 'available', revision: 2 });
    const forSale = await patch(added.json.id, { leftOn: '2026-10-01', leftHow: 'rehomed' }, '"2"');
    expect(forSale.json.fields).toEqual([{ field: 'leftOn', message: expect.stringContaining('available animal') }]);
    const batch = await send(service.baseUrl, 'POST', '/v1/pet-changes', {
      body: {
        changes: [
          { petId: added.json.id, ifMatch: '"2"', patch: { status: null, leftOn: '2026-10-01', leftHow: 'rehomed' } },
        ],
      },
    });
    expect(batch.json.results[0]).toMatchObject({
      status: 200,
      pet: { leftOn: '2026-10-01', leftHow: 'rehomed', revision: 3 },
    });
  });

  it('a client of the interface alone gets exactly what it sent: an add as sold is not dated', async () => {
    const added = await post({ name: 'Old sale', categoryId: 3, status: 'sold' });
    expect(added.json).toEqual({ id: added.json.id, name: 'Old sale', categoryId: 3, status: 'sold', revision: 1 });
  });

  it('bad values are 400 with each problem on its field', async () => {
    const bad = await post({
      name: 'Bad',
      categoryId: 1,
      price: 12.5,
      sex: 'boy',
      bornOn: '2026-02-30',
      microchip: '12345',
      acquiredOn: '2026-05',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields.map((problem: { field: string }) => problem.field)).toEqual([
      'price',
      'sex',
      'bornOn',
      'microchip',
      'acquiredOn',
    ]);
    const future = await post({ name: 'Bad', categoryId: 1, bornOn: '2999' });
    expect(future.json.fields[0]).toMatchObject({ field: 'bornOn', message: expect.stringContaining('future') });
  });

  it('any price from 0 to the bound goes in and comes out exactly, and one past it is refused', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: PRICE_MAX_MINOR }), async (price) => {
        const created = await post({ name: 'Priced', categoryId: 1, price });
        expect(created.json.price).toBe(price);
      }),
      { numRuns: 30 },
    );
    expect((await post({ name: 'Priced', categoryId: 1, price: PRICE_MAX_MINOR + 1 })).status).toBe(400);
    expect((await post({ name: 'Priced', categoryId: 1, price: -1 })).status).toBe(400);
  });

  it('a change of details in a batch is made as its PATCH would be, each refusal in its place', async () => {
    const a = await post({ name: 'A', categoryId: 1 });
    const b = await post({ name: 'B', categoryId: 1, treatment: 'Drops' });
    const batch = await send(service.baseUrl, 'POST', '/v1/pet-changes', {
      body: {
        changes: [
          { petId: a.json.id, ifMatch: '"1"', patch: { price: 999, breed: 'Mixed' } },
          { petId: b.json.id, ifMatch: '"1"', patch: { status: 'sold' } },
        ],
      },
    });
    expect(batch.status).toBe(200);
    expect(batch.json.results[0]).toMatchObject({ status: 200, pet: { price: 999, breed: 'Mixed', revision: 2 } });
    expect(batch.json.results[1]).toMatchObject({ status: 409, error: { code: 'under_treatment' } });
  });
});
