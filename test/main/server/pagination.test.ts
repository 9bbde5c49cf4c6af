// Pages on the wire (our extension). A cursor that is a keyset on the id, the next page
// named by an RFC 8288 Link header, and a request without the new parameters answered as before.
// The real service on 127.0.0.1; every response checked against resources/openapi.yaml.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodePageCursor } from '../../../src/shared/contract';
import { send } from '../../helpers/http-client';
import { useServicePerFile } from '../../helpers/service-per-file';

const service = useServicePerFile();

const get = (path: string) => send(service.baseUrl, 'GET', path);
const STATUSES = ['available', 'pending', 'sold', undefined] as const;
function seed(count: number, from = 0) {
  return Array.from({ length: count }, (_, i) => {
    const status = STATUSES[(from + i) % 4];
    return service.store.createPet({ name: `Pet ${from + i}`, categoryId: '1', ...(status ? { status } : {}) });
  });
}

/** The `rel="next"` target of a Link header, or null. */
function nextOf(link: string | null): string | null {
  if (link === null) return null;
  const match = /^<([^>]+)>; rel="next"$/.exec(link);
  expect(match, `a Link header of one rel="next" link: ${link}`).not.toBeNull();
  return match![1]!;
}

/** Follows rel="next" from `first`, calling `between` after each page; every id seen, in order. */
async function walk(first: string, between: () => void = () => undefined) {
  const ids: number[] = [];
  let pages = 0;
  for (let path: string | null = first; path !== null; pages++) {
    const response = await get(path);
    expect(response.status).toBe(200);
    ids.push(...response.json.map((pet: { id: number }) => pet.id));
    path = nextOf(response.headers.get('link'));
    between();
  }
  return { ids, pages };
}

describe('listPets pages (extension)', () => {
  it('walks 1,000 animals in pages of every size from 1 to 100: each exactly once, in order, while others are added', async () => {
    const before = seed(1000).map((pet) => Number(pet.id));
    for (const limit of [1, 2, 3, 7, 50, 99, 100]) {
      let added = 0;
      const { ids, pages } = await walk(`/v1/pets?limit=${limit}`, () => {
        if (added < 20) seed(1, 1000 + added++); // added mid-walk: after the cursor, so still ahead
      });
      expect(new Set(ids).size).toBe(ids.length); // nothing twice
      expect(ids).toEqual([...ids].sort((a, b) => a - b)); // ascending
      expect(ids.slice(0, 1000)).toEqual(before); // nothing skipped
      expect(pages).toBe(Math.ceil(ids.length / limit));
      service.db.exec('DELETE FROM pets WHERE id > 1000');
    }
  });

  it('any limit and status, as a property: the walk is the whole filtered list, once', async () => {
    const made = seed(230);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 100 }), fc.constantFrom(...STATUSES), async (limit, status) => {
        const query = status === undefined ? `limit=${limit}` : `limit=${limit}&status=${status}`;
        const { ids } = await walk(`/v1/pets?${query}`);
        const expected = made
          .filter((pet) => status === undefined || pet.status === status)
          .map((pet) => Number(pet.id));
        expect(ids).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });

  it('a request without the new parameters gets the same body as before; a Link only when more follow', async () => {
    seed(25);
    const first = await get('/v1/pets');
    expect(first.json.map((pet: { name: string }) => pet.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Pet ${i}`),
    );
    const next = nextOf(first.headers.get('link'))!;
    expect(next).toMatch(/^\/v1\/pets\?cursor=[A-Za-z0-9_-]+$/);
    const last = await get(next);
    expect(last.json).toHaveLength(5);
    expect(last.headers.get('link')).toBeNull();
    // Exactly a page's worth: no next page, and no empty page to fetch.
    expect((await get('/v1/pets?limit=25')).headers.get('link')).toBeNull();
    // limit and status travel on in the link, as given.
    expect(nextOf((await get('/v1/pets?status=available&limit=2')).headers.get('link'))).toMatch(
      /^\/v1\/pets\?limit=2&status=available&cursor=/,
    );
  });

  it('the next link repeats the limit in its canonical form, however it was written', async () => {
    seed(10);
    for (const written of ['02', '0002', '2']) {
      for (const round of ['first', 'cached']) {
        const link = (await get(`/v1/pets?status=available&limit=${written}`)).headers.get('link');
        expect(nextOf(link), `${written}, ${round}`).toMatch(/^\/v1\/pets\?limit=2&status=available&cursor=[\w-]+$/);
      }
    }
  });

  it('the cached answer carries the same Link header as the first', async () => {
    seed(30);
    const first = await get('/v1/pets?limit=10');
    const again = await get('/v1/pets?limit=10');
    expect(again.headers.get('link')).toBe(first.headers.get('link'));
    expect(again.headers.get('link')).not.toBeNull();
  });

  it('a cursor past the end is an empty last page; animals added after it appear on it', async () => {
    const [last] = seed(1).slice(-1);
    const after = `/v1/pets?cursor=${encodePageCursor(last!.id)}`;
    expect((await get(after)).json).toEqual([]);
    seed(1, 1);
    expect((await get(after)).json.map((pet: { name: string }) => pet.name)).toEqual(['Pet 1']);
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'abc$'],
    ['too long', 'A'.repeat(41)],
    ['made by hand', btoa('1:12')], // padding and form differ from what we give out
    ['another version', encodePageCursor('5').replace(/^MT/, 'Mj')],
    ['not an id', btoa('1:abc').replace(/=+$/, '')],
    ['beyond int64', btoa('1:9223372036854775808').replace(/=+$/, '')],
    ['twice', `${encodePageCursor('5')}&cursor=${encodePageCursor('6')}`],
  ])('400 invalid_parameter for a cursor that is %s, saying what to do', async (_, cursor) => {
    const response = await get(`/v1/pets?cursor=${cursor}`);
    expect(response.status).toBe(400);
    expect(response.json.code).toBe('invalid_parameter');
    expect(response.json.message).toMatch(/^cursor /);
    expect(response.json.message.length).toBeLessThan(300);
  });
});
