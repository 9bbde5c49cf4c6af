// Selling an animal with its sale's terms, through the core: real cores over real SQLite files, and
// for a server's environment our service on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import type { PetstoreCore } from '../../../src/main/core/petstore-core';
import type { ProductionQuestion } from '../../../src/main/core/write-guard';
import { createIpcRouter } from '../../../src/main/ipc/router';
import { salesBetween } from '../../../src/main/database/orders-table';
import { localToday } from '../../../src/shared/contract';
import { startService, TEST_API_KEY } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';
import { rexOnStaging } from './rex-on-staging';
import { useTestCore } from './test-core';

const newestSeq = (core: PetstoreCore, environment: 'local' | 'staging', petId: string) =>
  core.petHistory(environment, petId, { limit: 1 }).entries[0]!.seq;

const addRex = (core: PetstoreCore, more: object = {}) =>
  (
    core.addPet('local', { name: 'Rex', categoryId: '3', status: 'available', price: 4500, ...more }) as {
      pet: { id: string };
    }
  ).pet.id;

describe('selling in the local store', () => {
  const { open } = useTestCore();

  it('marks the animal sold and records its sale with the price and buyer given', () => {
    const core = open();
    const id = addRex(core);
    const sold = core.sellPet('local', id, { price: 4000, buyerName: ' Bea Buyer ', buyerContact: 'bea@example.com' });
    expect(sold).toMatchObject({ pet: { status: 'sold', soldOn: localToday() } });
    expect(sold.sale).toMatchObject({ petId: id, priceMinor: 4000, buyerName: 'Bea Buyer', soldBy: null });
    expect(core.listOrders('local', { from: localToday(), to: localToday() })).toMatchObject({
      sales: [{ id: sold.sale.id, buyerContact: 'bea@example.com', takenBackAt: null }],
      more: false,
      madeHereOnly: false,
    });
  });

  it('sells at the animal’s price when none is given, as the S key’s change does', () => {
    const core = open();
    const [keyed, sold] = [addRex(core), addRex(core, { name: 'Tom' })];
    core.changePet('local', keyed, { status: 'sold' });
    core.sellPet('local', sold);
    expect(core.listOrders('local').sales.map((sale) => sale.priceMinor)).toEqual([4500, 4500]);
  });

  it('refuses, writing nothing, an animal unknown, already sold, under treatment, or bad terms', () => {
    const core = open();
    const id = addRex(core);
    const treated = addRex(core, { name: 'Tom', treatment: 'Ear drops' });
    const refusal = (petId: string, terms: object = {}) => {
      try {
        core.sellPet('local', petId, terms);
      } catch (error) {
        return error;
      }
      throw new Error('expected a refusal');
    };
    expect(refusal('999')).toMatchObject({ code: 'not_found' });
    expect(refusal(treated)).toMatchObject({ code: 'under_treatment' });
    expect(refusal(id, { price: -1 })).toMatchObject({ code: 'invalid_body', fields: [{ field: 'price' }] });
    expect(refusal(id, { buyerName: 'x'.repeat(121) })).toMatchObject({ fields: [{ field: 'buyerName' }] });
    expect(refusal(id, { quantity: 2 })).toMatchObject({ code: 'invalid_body' });
    expect(core.listOrders('local').sales).toEqual([]);
    core.sellPet('local', id);
    expect(refusal(id)).toMatchObject({ code: 'conflict', message: expect.stringMatching(/^Rex is already sold/) });
    expect(core.listOrders('local').sales).toHaveLength(1);
  });

  it('an animal imported as sold is recorded as sold, at its price, by the import', async () => {
    const core = open();
    const preview = core.previewImport(
      'local',
      'sold.csv',
      'name,category,status,price\nRex,1,sold,45.00\nTom,1,available,\n',
    );
    await core.importAnimals('local', preview.importId);
    expect(core.listOrders('local').sales).toMatchObject([{ priceMinor: 4500, takenBackAt: null }]);
    expect(core.listOrders('local').sales).toHaveLength(1);
  });

  it('an animal marked sold on a day before today is a sale of that day: its takings, not today’s', () => {
    const core = open();
    const addedSold = addRex(core, { status: 'sold', soldOn: '2026-09-15' });
    const changedSold = addRex(core, { name: 'Tom' });
    core.changePet('local', changedSold, { status: 'sold', soldOn: '2026-10-01' });
    const soldToday = addRex(core, { name: 'Kit' });
    core.changePet('local', soldToday, { status: 'sold' });
    const soldOn = (day: string) => core.listOrders('local', { from: day, to: day }).sales.map((sale) => sale.petId);
    expect(soldOn('2026-09-15')).toEqual([addedSold]);
    expect(soldOn('2026-10-01')).toEqual([changedSold]);
    expect(soldOn(localToday())).toEqual([soldToday]);
  });

  it('an undone sale is taken back: the takings no longer count it', () => {
    const core = open();
    const id = addRex(core);
    core.sellPet('local', id, { buyerName: 'Bea' });
    core.undoChange('local', id, newestSeq(core, 'local', id));
    expect(core.shownPet('local', id)!.status).toBe('available');
    expect(core.listOrders('local').sales).toMatchObject([{ takenBackAt: expect.any(Number) }]);
  });

  it('lists a period of calendar days, newest first, a page at a time; a wrong day is refused on its field', () => {
    const core = open();
    const ids = ['A', 'B', 'C'].map((name) => addRex(core, { name }));
    for (const id of ids) core.sellPet('local', id);
    const first = core.listOrders('local', { limit: 2 });
    expect(first.more).toBe(true);
    const last = first.sales.at(-1)!;
    const rest = core.listOrders('local', { limit: 2, before: { soldAt: last.soldAt, id: last.id } });
    expect([...first.sales, ...rest.sales].map((sale) => sale.petId)).toEqual([...ids].reverse());
    expect(core.listOrders('local', { to: '2000-01-01' }).sales).toEqual([]);
    expect(() => core.listOrders('local', { from: '2026-02-30' })).toThrow(
      expect.objectContaining({ code: 'invalid_parameter', fields: [expect.objectContaining({ field: 'from' })] }),
    );
    expect(() => core.listOrders('local', { from: '2026-03-02', to: '2026-03-01' })).toThrow(
      expect.objectContaining({ fields: [expect.objectContaining({ field: 'from' })] }),
    );
  });
});

describe("selling on a server's environment", () => {
  const cores = useTestCore();
  const staging = () => rexOnStaging(cores);

  itWithKeyring('the sale is recorded here at once and waits with its status change', async () => {
    const { rex, core } = await staging();
    const sold = core.sellPet('staging', rex.id, { price: 900, buyerName: 'Bea' });
    expect(sold).toMatchObject({ change: { petId: rex.id }, sale: { priceMinor: 900, buyerName: 'Bea' } });
    expect(core.listOrders('staging')).toMatchObject({ sales: [{ petId: rex.id }], madeHereOnly: true });
    expect(core.shownPet('staging', rex.id)!.status).toBe('sold');
  });

  itWithKeyring('undone before it is sent: the change is withdrawn and the sale taken back', async () => {
    const { service, rex, core } = await staging();
    core.sellPet('staging', rex.id);
    core.undoChange('staging', rex.id, newestSeq(core, 'staging', rex.id));
    await core.syncUntilSettled('staging');
    expect(service.store.getPet(rex.id).status).toBe('available');
    expect(core.listOrders('staging').sales).toMatchObject([{ takenBackAt: expect.any(Number) }]);
    expect(salesBetween(service.db, 0, Number.MAX_SAFE_INTEGER)).toEqual([]);
  });
});

describe('a sale from the window, through main’s guard', () => {
  const { open, track } = useTestCore();

  itWithKeyring('asks production’s question as marking it sold does; no answer, nothing sold', async () => {
    const service = track(await startService());
    const rex = service.store.createPet({ name: 'Rex', categoryId: '5', status: 'available' });
    const questions: ProductionQuestion[] = [];
    let yes = false;
    const core = open({ confirmProductionWrite: async (question) => (questions.push(question), yes) });
    await core.setBaseUrl('production', `${service.baseUrl}/v1`);
    await core.setKey('production', TEST_API_KEY);
    await core.listPets('production', {}, { refresh: true });
    const router = createIpcRouter(core);
    const sell = { environment: 'production', petId: rex.id, terms: { buyerName: 'Bea' } };

    expect(await router.dispatch('sellPet', sell)).toMatchObject({
      ok: false,
      error: { code: 'environment_not_active' },
    });
    core.setActiveEnvironment('production');
    expect(await router.dispatch('sellPet', sell)).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    expect(questions.at(-1)).toMatchObject({ message: expect.stringMatching(/^Mark Rex .* sold in PRODUCTION\?$/) });
    expect(core.listOrders('production').sales).toEqual([]);
    expect(await router.dispatch('sellPet', { ...sell, terms: { price: -1 } })).toMatchObject({
      ok: false,
      error: { code: 'invalid_body' },
    });

    yes = true;
    const sold = await router.dispatch('sellPet', sell);
    expect(sold).toMatchObject({ ok: true, value: { sale: { buyerName: 'Bea' }, historySeq: expect.any(Number) } });
    expect(core.listOrders('production').sales).toHaveLength(1);
  });
});
