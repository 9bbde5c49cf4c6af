// The sales table: a sale written with the status change in one statement, whatever road sells,
// taken back when the animal is no longer sold; salesBetween, the takings of a period.
import { describe, expect, it } from 'vitest';
import { createOrders, salesBetween } from '../../../src/main/database/orders-table';
import { acting } from '../../../src/main/database/write-context';
import { useStore } from '../../helpers/store';

const DAY = 86_400_000;

describe('the sales table', () => {
  const open = useStore();
  const here = { where: 'here' as const, via: 'window' as const, by: 'Ann' };

  it('records a sale with the status change: the animal’s price, who sold it and when', () => {
    const { db, store } = open();
    const pet = acting(db, { ...here, at: 1_000 }, () =>
      store.createPet({ name: 'Rex', categoryId: '3', status: 'available', price: 4500 }),
    );
    acting(db, { ...here, at: 5_000 }, () => store.changePet(pet.id, { status: 'sold' }, '*'));
    expect(salesBetween(db, 0, DAY)).toEqual([{ petId: pet.id, soldAt: 5_000, priceMinor: 4500, soldBy: 'Ann' }]);
    expect(createOrders(db).standingSale(pet.id)).toMatchObject({ buyerName: null, takenBackAt: null });
  });

  it('keeps the price and the buyer the person gave, and a price of none as none', () => {
    const { db, store } = open();
    const [rex, tom] = ['Rex', 'Tom'].map((name) =>
      acting(db, here, () => store.createPet({ name, categoryId: '3', status: 'available', price: 4500 })),
    );
    const sale = { price: 4000, buyerName: 'Bea Buyer', buyerContact: '07700 900123' };
    acting(db, { ...here, at: 10, sale }, () => store.changePet(rex!.id, { status: 'sold' }, '*'));
    acting(db, { ...here, by: null, at: 20 }, () => store.changePet(tom!.id, { status: 'sold', price: null }, '*'));
    expect(createOrders(db).standingSale(rex!.id)).toMatchObject({
      priceMinor: 4000,
      buyerName: 'Bea Buyer',
      buyerContact: '07700 900123',
    });
    expect(salesBetween(db, 0, 100)).toEqual([
      { petId: rex!.id, soldAt: 10, priceMinor: 4000, soldBy: 'Ann' },
      { petId: tom!.id, soldAt: 20, priceMinor: null, soldBy: null },
    ]);
  });

  it('records an animal added as sold; a change that keeps it sold records nothing more', () => {
    const { db, store } = open();
    const pet = acting(db, { ...here, at: 7 }, () => store.createPet({ name: 'Rex', categoryId: '3', status: 'sold' }));
    acting(db, here, () => store.changePet(pet.id, { name: 'Rexy' }, '*'));
    expect(salesBetween(db, 0, DAY)).toHaveLength(1);
  });

  it('takes the sale back when the animal is no longer sold, and records a new sale when sold again', () => {
    const { db, store } = open();
    const pet = acting(db, here, () => store.createPet({ name: 'Rex', categoryId: '3', status: 'available' }));
    acting(db, { ...here, at: 10 }, () => store.changePet(pet.id, { status: 'sold' }, '*'));
    acting(db, { ...here, at: 20 }, () => store.changePet(pet.id, { status: 'available' }, '*'));
    expect(salesBetween(db, 0, DAY)).toEqual([]);
    expect(createOrders(db).standingSale(pet.id)).toBeUndefined();
    acting(db, { ...here, at: 30 }, () => store.changePet(pet.id, { status: 'sold' }, '*'));
    expect(salesBetween(db, 0, DAY).map((sale) => sale.soldAt)).toEqual([30]);
    const { sales } = createOrders(db).page({ from: 0, to: DAY }, 10);
    expect(sales.map((sale) => [sale.soldAt, sale.takenBackAt])).toEqual([
      [30, null],
      [10, 20],
    ]);
  });

  it('writes no sale when the status change is refused: nothing half-written', () => {
    const { db, store } = open();
    const pet = acting(db, here, () =>
      store.createPet({ name: 'Rex', categoryId: '3', status: 'available', treatment: 'Ear drops' }),
    );
    expect(() => acting(db, here, () => store.changePet(pet.id, { status: 'sold' }, '*'))).toThrow(
      expect.objectContaining({ code: 'under_treatment' }),
    );
    expect(salesBetween(db, 0, Number.MAX_SAFE_INTEGER)).toEqual([]);
  });

  it('counts only a server’s answer’s own sales as the server’s: none recorded here', () => {
    const { db, store } = open();
    store.upsertPets([{ id: '9', name: 'Rex', categoryId: '3', status: 'available', revision: 1 }]);
    acting(db, { where: 'server' }, () =>
      store.upsertPets([{ id: '9', name: 'Rex', categoryId: '3', status: 'sold', revision: 2 }]),
    );
    expect(salesBetween(db, 0, Number.MAX_SAFE_INTEGER)).toEqual([]);
  });

  it('bounds a period at both ends: from included, to left out', () => {
    const { db, store } = open();
    for (const at of [99, 100, 150, 200]) {
      const pet = acting(db, here, () => store.createPet({ name: `Pet ${at}`, categoryId: '1' }));
      acting(db, { ...here, at }, () => store.changePet(pet.id, { status: 'sold' }, '*'));
    }
    expect(salesBetween(db, 100, 200).map((sale) => sale.soldAt)).toEqual([100, 150]);
  });

  it('pages a period newest first', () => {
    const { db, store } = open();
    for (const at of [1, 2, 2, 3, 4]) {
      const pet = acting(db, here, () => store.createPet({ name: `Pet ${at}`, categoryId: '1' }));
      acting(db, { ...here, at }, () => store.changePet(pet.id, { status: 'sold' }, '*'));
    }
    const orders = createOrders(db);
    const first = orders.page({ from: 0, to: 10 }, 3);
    expect(first.more).toBe(true);
    const last = first.sales.at(-1)!;
    const second = orders.page({ from: 0, to: 10 }, 3, { soldAt: last.soldAt, id: last.id });
    expect([...first.sales, ...second.sales].map((sale) => sale.soldAt)).toEqual([4, 3, 2, 2, 1]);
    expect(second.more).toBe(false);
  });
});
