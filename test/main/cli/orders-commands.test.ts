// Selling and the sales of a period through the real command line (the built `petstore`, a real SQLite file).
import { describe, expect, it } from 'vitest';
import { useCli } from '../../helpers/cli';
import { startService, TEST_API_KEY } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';

describe('sales on the command line', () => {
  const { run } = useCli();
  const GBP = { LANG: 'en_GB.UTF-8', LC_ALL: 'en_GB.UTF-8' };
  const add = async (name: string) => {
    const added = await run(['pets', 'add', '--name', name, '--category', '1', '--price', '12.50', '--json'], {
      env: GBP,
    });
    expect(added.code).toBe(0);
    return (JSON.parse(added.out) as { id: number }).id;
  };

  it('sells with a price and a buyer, and lists the sales newest first, taken back ones marked', async () => {
    const rex = await add('Rex');
    const tom = await add('Tom');
    const sold = await run(
      [
        'pets',
        'sell',
        String(rex),
        '--price',
        '10',
        '--buyer-name',
        'Bea Buyer',
        '--buyer-contact',
        '07700 900123',
        '--json',
      ],
      { env: GBP },
    );
    expect(sold.code).toBe(0);
    expect(JSON.parse(sold.out)).toMatchObject({
      petId: rex,
      quantity: 1,
      price: 1000,
      buyerName: 'Bea Buyer',
      status: 'delivered',
    });
    expect((await run(['pets', 'set-status', String(tom), 'sold'])).code).toBe(0);
    expect((await run(['pets', 'set-status', String(tom), 'available'])).code).toBe(0);

    const listed = await run(['orders', 'list'], { env: GBP });
    expect(listed.code).toBe(0);
    const lines = listed.out.trim().split('\n');
    expect(lines[0]).toMatch(/^SOLD +ANIMAL +PRICE +SOLD BY +BUYER/);
    expect(lines[1]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d +${tom} Tom +£12\\.50 .*taken back`));
    expect(lines[2]).toContain(`${rex} Rex`);
    expect(lines[2]).toContain('£10.00');
    expect(lines[2]).toContain('Bea Buyer, 07700 900123');

    // The record of a sold animal says what it sold for, beside its list price; one taken back, nothing.
    const shown = await run(['pets', 'show', String(rex)], { env: GBP });
    expect(shown.out).toMatch(/^Price: +£12\.50$/m);
    expect(shown.out).toMatch(/^Sold for: +£10\.00, to Bea Buyer$/m);
    expect((await run(['pets', 'show', String(tom)], { env: GBP })).out).not.toContain('Sold for:');

    const json = await run(['orders', 'list', '--json', '--from', '2000-01-01', '--to', '9999-12-31']);
    const orders = JSON.parse(json.out) as Array<{ petId: number; status: string }>;
    expect(orders.map((order) => [order.petId, order.status])).toEqual([
      [tom, 'cancelled'],
      [rex, 'delivered'],
    ]);
    expect(JSON.parse((await run(['orders', 'list', '--json', '--to', '2000-01-01'])).out)).toEqual([]);
  });

  it('refuses a sale of an animal already sold, a wrong price or day, and a sale of no animal', async () => {
    const rex = await add('Rex');
    expect((await run(['pets', 'sell', String(rex)])).code).toBe(0);
    const again = await run(['pets', 'sell', String(rex)]);
    expect(again.code).toBe(1);
    expect(again.err).toContain('Rex is already sold');
    expect((await run(['pets', 'sell', String(rex), '--price', 'ten'])).code).toBe(2);
    expect((await run(['pets', 'sell'])).code).toBe(2);
    const badDay = await run(['orders', 'list', '--from', '2026-02-30']);
    expect(badDay.code).toBe(2);
    expect(badDay.err).toContain('from');
  });

  itWithKeyring('on a server: sold there as an order; the list is what this computer knows, and says so', async () => {
    const service = await startService();
    try {
      const rex = service.store.createPet({ name: 'Rex', categoryId: '3', status: 'available', price: 900 });
      await run(['env', 'set-url', 'staging', `${service.baseUrl}/v1`]);
      await run(['key', 'set', 'staging'], { stdin: TEST_API_KEY });
      await run(['pets', 'list', '--all', '--env', 'staging']); // the replica has it
      const sold = await run(['pets', 'sell', rex.id, '--buyer-name', 'Bea', '--env', 'staging']);
      expect(sold.code).toBe(0);
      expect(sold.out).toContain('Changed on staging:');
      expect(service.store.getPet(rex.id).status).toBe('sold');
      const tom = service.store.createPet({ name: 'Tom', categoryId: '3', status: 'sold' }); // another counter's sale
      const listed = await run(['orders', 'list', '--env', 'staging']);
      expect(listed.out).toContain(`${rex.id} Rex`);
      expect(listed.out).not.toContain(`${tom.id} Tom`);
      expect(listed.out).toContain(
        "These are the sales made on this computer (1 standing); staging's server has 2 in this period, from every counter.",
      );
    } finally {
      await service.close();
    }
  });
});
