// A window's writes to one animal, sent one after the other under the revision the last one made.
import { describe, expect, it } from 'vitest';
import { writeInOrder } from '../../src/renderer/src/changes-in-order';

/** A store of one animal that checks the revision, as the local store does, answering when told. */
function storeOfOne(start = 1) {
  let revision = start;
  const asked: Array<{ revision: number | undefined; answer(): void }> = [];
  const send = (patch: string) => (given: number | undefined) =>
    new Promise<{ pet: { id: string; revision: number } }>((resolve, reject) =>
      asked.push({
        revision: given,
        answer: () =>
          given !== revision
            ? reject(new Error(`${patch}: changed elsewhere`))
            : resolve({ pet: { id: '1', revision: ++revision } }),
      }),
    );
  return { asked, send, revision: () => revision };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('writes to one animal in order', () => {
  it('sends a write made before the last is answered after it, under the revision it made', async () => {
    const store = storeOfOne();
    const pet = { id: '1', revision: 1 };
    const first = writeInOrder('local', pet, store.send('sold'), () => undefined);
    const second = writeInOrder('local', pet, store.send('pending'), () => undefined);
    await turn();
    expect(store.asked).toHaveLength(1); // the second waits for the first's answer
    store.asked[0]!.answer();
    await first;
    await turn();
    expect(store.asked.map((ask) => ask.revision)).toEqual([1, 2]);
    store.asked[1]!.answer();
    await expect(second).resolves.toMatchObject({ pet: { revision: 3 } });
  });

  it('a dialog opened on the animal before a write was answered saves under the revision that write made', async () => {
    const store = storeOfOne(10);
    const shownWhenOpened = { id: '1', revision: 10 };
    const sold = writeInOrder('staging', shownWhenOpened, store.send('sold'), () => undefined);
    store.asked[0]!.answer();
    await sold;
    const renamed = writeInOrder('staging', shownWhenOpened, store.send('renamed'), () => undefined);
    await turn();
    store.asked[1]!.answer();
    await expect(renamed).resolves.toMatchObject({ pet: { revision: 12 } });
  });

  it('a refused write leaves the next one the revision the window shows; done runs once each, the last told so', async () => {
    const store = storeOfOne(20);
    const pet = { id: '1', revision: 20 };
    const told: boolean[] = [];
    const wrong = writeInOrder('production', { id: '1', revision: 19 }, store.send('stale'), (isLast) => {
      told.push(isLast());
    });
    const next = writeInOrder('production', pet, store.send('next'), (isLast) => {
      told.push(isLast());
    });
    await turn();
    store.asked[0]!.answer();
    await expect(wrong).rejects.toThrow('changed elsewhere');
    await turn();
    expect(store.asked[1]!.revision).toBe(20);
    store.asked[1]!.answer();
    await next;
    expect(told).toEqual([false, true]);
    expect(store.revision()).toBe(21);
  });

  it('a write main answered is answered, even when what follows it (reading the list again) fails', async () => {
    const store = storeOfOne(30);
    const pet = { id: '1', revision: 30 };
    const failures: unknown[] = [];
    const listener = (reason: unknown) => failures.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const sold = writeInOrder('local', pet, store.send('sold'), () => {
        throw new Error('the list could not be read');
      });
      store.asked[0]!.answer();
      await expect(sold).resolves.toMatchObject({ pet: { revision: 31 } });
      // The next write is not held behind the one whose follow-up failed.
      const next = writeInOrder('local', pet, store.send('next'), async () => {
        throw new Error('nor now');
      });
      await turn();
      expect(store.asked[1]!.revision).toBe(31);
      store.asked[1]!.answer();
      await expect(next).resolves.toMatchObject({ pet: { revision: 32 } });
      await turn();
      expect(failures).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
});
