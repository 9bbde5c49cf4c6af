// changePet, our extension (PATCH /v1/pets/{petId}, a JSON merge patch under If-Match).
// The real service on 127.0.0.1; every response checked against resources/openapi.yaml by `send`.
import { describe, expect, it } from 'vitest';
import { send } from '../../helpers/http-client';
import { useServicePerFile } from '../../helpers/service-per-file';
import { localToday } from '../../../src/shared/contract';

const service = useServicePerFile();

const MERGE_PATCH = 'application/merge-patch+json';
function patch(id: string | number, body: unknown, headers: Record<string, string> = {}) {
  return send(service.baseUrl, 'PATCH', `/v1/pets/${id}`, {
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': MERGE_PATCH, ...headers },
  });
}
const add = (name = 'Rex', status: string | undefined = 'available') =>
  service.store.createPet({ name, categoryId: '3', ...(status ? { status: status as 'available' } : {}) });
const stored = (id: string) => service.store.getPet(id);

describe('revisions and entity tags', () => {
  it('the list and getPet carry what a conditional change needs: revision, ETag, Accept-Patch', async () => {
    const pet = add();
    const list = await send(service.baseUrl, 'GET', '/v1/pets');
    expect(list.json).toEqual([{ id: Number(pet.id), name: 'Rex', categoryId: 3, status: 'available', revision: 1 }]);
    const one = await send(service.baseUrl, 'GET', `/v1/pets/${pet.id}`);
    expect(one.headers.get('etag')).toBe('"1"');
    expect(one.headers.get('accept-patch')).toBe(MERGE_PATCH);
  });
});

describe('PATCH /v1/pets/{petId}', () => {
  it('changes the status under the current tag: 200, the animal, the next revision and its ETag', async () => {
    const pet = add();
    const response = await patch(pet.id, { status: 'sold' }, { 'if-match': '"1"' });
    expect(response.status).toBe(200);
    // A sale made by a change is dated: today, on this computer's calendar.
    expect(response.json).toEqual({
      id: Number(pet.id),
      name: 'Rex',
      categoryId: 3,
      status: 'sold',
      soldOn: localToday(),
      revision: 2,
    });
    expect(response.headers.get('etag')).toBe('"2"');
    expect(response.headers.get('content-location')).toBe(`/v1/pets/${pet.id}`);
    const sold = await send(service.baseUrl, 'GET', '/v1/pets?status=sold');
    expect(sold.json.map((p: { id: number }) => p.id)).toEqual([Number(pet.id)]);
    expect((await send(service.baseUrl, 'GET', '/v1/pets?status=available')).json).toEqual([]);
  });

  it('a stale tag: 412 with the animal as it is now and its ETag, and nothing changed', async () => {
    const pet = add();
    await patch(pet.id, { status: 'pending' }, { 'if-match': '"1"' });
    const response = await patch(pet.id, { name: 'Max' }, { 'if-match': '"1"' });
    expect(response.status).toBe(412);
    expect(response.json.code).toBe('precondition_failed');
    expect(response.json.current).toEqual({
      id: Number(pet.id),
      name: 'Rex',
      categoryId: 3,
      status: 'pending',
      revision: 2,
    });
    expect(response.headers.get('etag')).toBe('"2"');
    expect(stored(pet.id)).toMatchObject({ name: 'Rex', revision: 2 });
  });

  it('without If-Match: 428, nothing changed; If-Match: * changes whatever is there', async () => {
    const pet = add();
    const refused = await patch(pet.id, { status: 'sold' });
    expect(refused.status).toBe(428);
    expect(refused.json.code).toBe('precondition_required');
    expect(refused.json.message).toMatch(/If-Match/);
    expect(stored(pet.id).status).toBe('available');
    const anyway = await patch(pet.id, { status: 'sold' }, { 'if-match': '*' });
    expect(anyway.status).toBe(200);
    expect(anyway.json.status).toBe('sold');
  });

  it('If-Match by RFC 9110: a list matches any of its tags; a weak tag never matches; a malformed one is 400', async () => {
    const pet = add();
    expect((await patch(pet.id, { status: 'sold' }, { 'if-match': '"7", "1"' })).status).toBe(200);
    expect((await patch(pet.id, { status: 'pending' }, { 'if-match': 'W/"2"' })).status).toBe(412);
    for (const malformed of ['2', '"2', 'W/2', '"a b"']) {
      const response = await patch(pet.id, { status: 'pending' }, { 'if-match': malformed });
      expect(response.status, malformed).toBe(400);
      expect(response.json.code).toBe('invalid_parameter');
    }
    expect(stored(pet.id)).toMatchObject({ status: 'sold', revision: 2 });
  });

  it('merge-patch semantics: null removes the status; the name is trimmed; a change of nothing keeps the revision', async () => {
    const pet = add();
    const cleared = await patch(pet.id, { status: null }, { 'if-match': '"1"' });
    expect(cleared.json).toEqual({ id: Number(pet.id), name: 'Rex', categoryId: 3, revision: 2 });
    const renamed = await patch(pet.id, { name: '  Rexi  ', categoryId: 9 }, { 'if-match': '"2"' });
    expect(renamed.json).toEqual({ id: Number(pet.id), name: 'Rexi', categoryId: 9, revision: 3 });
    for (const nothing of [{}, { name: 'Rexi' }, { status: null }]) {
      const same = await patch(pet.id, nothing, { 'if-match': '"3"' });
      expect(same.status).toBe(200);
      expect(same.json.revision).toBe(3);
      expect(same.headers.get('etag')).toBe('"3"');
    }
  });

  it('every bad patch is a 400 naming the field and what to do, and changes nothing', async () => {
    const pet = add();
    const cases: Array<[unknown, string, RegExp]> = [
      [{ name: null }, 'name', /cannot be removed/],
      [{ categoryId: null }, 'categoryId', /cannot be removed/],
      [{ name: '' }, 'name', /must not be empty/],
      [{ name: 'a\tb' }, 'name', /control characters/],
      [{ categoryId: '5' }, 'categoryId', /JSON integer/],
      [{ categoryId: 9223372036854775808n }, 'categoryId', /whole number/],
      [{ status: 'lost' }, 'status', /must be one of/],
      [{ id: 5 }, 'id', /cannot be changed/],
      [{ revision: 5 }, 'revision', /If-Match/],
      [{ stauts: 'sold' }, 'stauts', /not a field that can be changed/],
      [[], 'body', /JSON object/],
      ['"sold"', 'body', /JSON object/],
    ];
    for (const [body, field, message] of cases) {
      const text = typeof body === 'bigint' || typeof body === 'object' ? stringify(body) : (body as string);
      const response = await patch(pet.id, text, { 'if-match': '"1"' });
      expect(response.status, text).toBe(400);
      expect(response.json.code).toBe('invalid_body');
      expect(response.json.fields.map((f: { field: string }) => f.field)).toContain(field);
      expect(response.json.message).toMatch(message);
    }
    const broken = await patch(pet.id, '{"status":', { 'if-match': '"1"' });
    expect([broken.status, broken.json.code]).toEqual([400, 'invalid_json']);
    expect(stored(pet.id)).toMatchObject({ name: 'Rex', status: 'available', revision: 1 });
  });

  it('only a JSON merge patch in UTF-8 is taken: 415 with Accept-Patch otherwise', async () => {
    const pet = add();
    for (const type of ['application/json', 'text/plain', `${MERGE_PATCH}; charset=latin1`]) {
      const response = await send(service.baseUrl, 'PATCH', `/v1/pets/${pet.id}`, {
        body: '{"status":"sold"}',
        headers: { 'content-type': type, 'if-match': '"1"' },
      });
      expect(response.status, type).toBe(415);
      expect(response.headers.get('accept-patch')).toBe(MERGE_PATCH);
      expect(response.json.message).toMatch(/merge-patch/);
    }
    // And createPet does not take a merge patch.
    const post = await send(service.baseUrl, 'POST', '/v1/pets', {
      body: '{"name":"A","categoryId":1}',
      headers: { 'content-type': MERGE_PATCH },
    });
    expect(post.status).toBe(415);
    expect(stored(pet.id).revision).toBe(1);
  });

  it('404 for an animal that does not exist; 400 for an id that is not an int64; 401 without the key', async () => {
    expect((await patch(999, { status: 'sold' }, { 'if-match': '*' })).json.code).toBe('not_found');
    const notId = await patch('abc', { status: 'sold' }, { 'if-match': '*' });
    expect([notId.status, notId.json.code]).toEqual([400, 'invalid_parameter']);
    const anonymous = await send(service.baseUrl, 'PATCH', '/v1/pets/1', {
      body: '{}',
      headers: { 'content-type': MERGE_PATCH, 'if-match': '*' },
      anonymous: true,
    });
    expect(anonymous.status).toBe(401);
  });

  it('int64 ids at the edge of the range are changed exactly', async () => {
    const max = '9223372036854775807';
    service.db.prepare(`INSERT INTO pets (id, name, category_id, status) VALUES (${max}, 'Edge', ${max}, NULL)`).run();
    const response = await patch(max, { status: 'sold' }, { 'if-match': '"1"' });
    expect(response.status).toBe(200);
    expect(response.text).toBe(
      `{"id":${max},"name":"Edge","categoryId":${max},"status":"sold","soldOn":"${localToday()}","revision":2}`,
    );
  });

  it('413 for a body over 16 KiB', async () => {
    const pet = add();
    const response = await patch(pet.id, { name: 'x'.repeat(17_000) }, { 'if-match': '"1"' });
    expect(response.status).toBe(413);
  });

  it('DELETE is not offered (a mistaken animal is corrected): 405 with Allow naming PATCH', async () => {
    const pet = add();
    const response = await send(service.baseUrl, 'DELETE', `/v1/pets/${pet.id}`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, PATCH');
    expect(stored(pet.id).name).toBe('Rex');
  });
});

describe('Idempotency-Key on changes', () => {
  it('a retry of a change whose answer was lost is replayed, not refused as stale, and changes nothing twice', async () => {
    const pet = add();
    const headers = { 'if-match': '"1"', 'idempotency-key': 'change-1' };
    const first = await patch(pet.id, { status: 'sold' }, headers);
    const again = await patch(pet.id, { status: 'sold' }, headers);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('etag')).toBe('"2"');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(stored(pet.id).revision).toBe(2);
  });

  it('the same key with another request is 422; a refused change records nothing under its key', async () => {
    const pet = add();
    await patch(pet.id, { status: 'sold' }, { 'if-match': '"1"', 'idempotency-key': 'k1' });
    const other = await patch(pet.id, { status: 'pending' }, { 'if-match': '"1"', 'idempotency-key': 'k1' });
    expect([other.status, other.json.code]).toEqual([422, 'idempotency_key_mismatch']);
    const otherTag = await patch(pet.id, { status: 'sold' }, { 'if-match': '"2"', 'idempotency-key': 'k1' });
    expect(otherTag.status).toBe(422);
    // A 412 is not kept: the same key, once the client has the current tag, goes through.
    const stale = await patch(pet.id, { name: 'Max' }, { 'if-match': '"1"', 'idempotency-key': 'k2' });
    expect(stale.status).toBe(412);
    const fresh = await patch(pet.id, { name: 'Max' }, { 'if-match': '"2"', 'idempotency-key': 'k3' });
    expect(fresh.json.revision).toBe(3);
    // A key of an add cannot be spent on a change.
    const created = await send(service.baseUrl, 'POST', '/v1/pets', {
      body: { name: 'A', categoryId: 1 },
      headers: { 'idempotency-key': 'k4' },
    });
    expect(created.status).toBe(201);
    expect((await patch(pet.id, { name: 'A' }, { 'if-match': '*', 'idempotency-key': 'k4' })).status).toBe(422);
  });
});

describe('two counters at once', () => {
  it('under the same tag, exactly one change is made; the other is told with the winner as current', async () => {
    const pet = add();
    const answers = await Promise.all(
      ['sold', 'pending', 'sold', 'pending'].map((status, i) =>
        patch(pet.id, { status, name: `Counter ${i}` }, { 'if-match': '"1"' }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 412, 412, 412]);
    const winner = answers.find((a) => a.status === 200)!.json;
    for (const loser of answers.filter((a) => a.status === 412)) expect(loser.json.current).toEqual(winner);
    expect(stored(pet.id)).toMatchObject({ name: winner.name, revision: 2 });
  });
});

function stringify(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `__big${v}__` : v)).replace(
    /"__big(-?\d+)__"/g,
    '$1',
  );
}
