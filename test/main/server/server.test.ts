import { connect } from 'node:net';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { REQUEST_BODY_MAX_BYTES } from '../../../src/shared/contract';
import { send } from '../../helpers/http-client';
import { TEST_API_KEY } from '../../helpers/http-service';
import { useServicePerFile } from '../../helpers/service-per-file';
import { expectErrorShape } from '../../helpers/openapi-contract';
import { expectFieldError } from '../../helpers/field-errors';

const service = useServicePerFile();

const get = (path: string, options?: Parameters<typeof send>[3]) => send(service.baseUrl, 'GET', path, options);
const post = (body: unknown, options: Parameters<typeof send>[3] = {}) =>
  send(service.baseUrl, 'POST', '/v1/pets', { ...options, body });

function seed(count: number) {
  const statuses = ['available', 'pending', 'sold', undefined] as const;
  return Array.from({ length: count }, (_, i) => {
    const status = statuses[i % 4];
    return service.store.createPet({ name: `Pet ${i}`, categoryId: String(i), ...(status ? { status } : {}) });
  });
}

describe('GET /v1/pets (listPets)', () => {
  it('200: a page of at most 20 animals by default, in ascending id order', async () => {
    const made = seed(25);
    const response = await get('/v1/pets');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.json).toEqual(
      made.slice(0, 20).map((pet) => ({ ...pet, id: Number(pet.id), categoryId: Number(pet.categoryId) })),
    );
  });

  it('200: limit is the maximum number returned (1 and 100 accepted)', async () => {
    seed(120);
    expect((await get('/v1/pets?limit=1')).json).toHaveLength(1);
    expect((await get('/v1/pets?limit=100')).json).toHaveLength(100);
  });

  it('200: with status, only animals with that status', async () => {
    seed(40);
    for (const status of ['available', 'pending', 'sold']) {
      const response = await get(`/v1/pets?status=${status}&limit=100`);
      expect(response.json).toHaveLength(10);
      expect(response.json.every((pet: { status: string }) => pet.status === status)).toBe(true);
    }
  });

  it('200: an animal without status comes without the field; unknown query parameters are ignored', async () => {
    service.store.createPet({ name: 'Nameless status', categoryId: '1' });
    const response = await get('/v1/pets?colour=brown');
    expect(response.json).toEqual([{ id: expect.any(Number), name: 'Nameless status', categoryId: 1, revision: 1 }]);
  });

  it("200: a repeated query sees every change: our own adds and another connection's commits", async () => {
    expect((await get('/v1/pets?limit=5')).json).toEqual([]);
    await post({ name: 'Ours', categoryId: 1 });
    expect((await get('/v1/pets?limit=5')).json.map((pet: { name: string }) => pet.name)).toEqual(['Ours']);
    const other = new Database(service.dbFile); // as another process on the same file would
    other.prepare('INSERT INTO pets (name, category_id) VALUES (?, ?)').run('Theirs', 2);
    other.close();
    expect((await get('/v1/pets?limit=5')).json.map((pet: { name: string }) => pet.name)).toEqual(['Ours', 'Theirs']);
  });

  it.each([
    ['limit=0', 'limit must be an integer from 1 to 100, got "0"'],
    ['limit=101', 'limit must be an integer from 1 to 100, got "101"'],
    ['limit=abc', 'limit must be an integer from 1 to 100, got "abc"'],
    ['limit=', 'limit must be an integer from 1 to 100, got ""'],
    ['limit=2.5', 'limit must be an integer from 1 to 100, got "2.5"'],
    ['limit=1&limit=2', 'limit must be an integer from 1 to 100, got an array'],
    ['status=lost', 'status must be one of available, pending, sold, got "lost"'],
  ])('400 invalid_parameter for %s', async (query, message) => {
    const response = await get(`/v1/pets?${query}`);
    expect(response.status).toBe(400);
    expectFieldError(response.json, 'invalid_parameter', message);
  });

  it('401 without a key, with a malformed header, and with a wrong key; WWW-Authenticate: Bearer', async () => {
    const variants: Record<string, string>[] = [
      {},
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: 'Bearer' },
      { authorization: 'Bearer wrong-key' },
    ];
    for (const headers of variants) {
      const response = await get('/v1/pets', { anonymous: true, headers });
      expect(response.status).toBe(401);
      expect(response.json.code).toBe('unauthorized');
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    }
  });

  it('a page answered from the cache (before Fastify routes it) is byte for byte the page Fastify answered', async () => {
    seed(5);
    const raw = (path: string, authorization = `Bearer ${TEST_API_KEY}`) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(service.port, '127.0.0.1', () =>
          socket.end(`GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\nConnection: close\r\n\r\n`),
        );
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString('latin1')));
        socket.on('end', () => resolve(text.replace(/^date: .*\r\n/im, '')));
        socket.on('error', reject);
      });
    for (const path of ['/v1/pets?limit=3&status=sold', '/v1/pets']) {
      const routed = await raw(path); // the first time: through Fastify's route, which fills the cache
      const cached = await raw(path);
      expect(cached).toBe(routed);
      expect(cached).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(await raw(path, 'Bearer wrong-key')).toMatch(/^HTTP\/1\.1 401 /); // the cache answers only the key
    }
  });

  it('401 for a key that only shares a prefix with the real one, or extends it', async () => {
    for (const key of ['test-key', 'test-key-4f1c9a7e2b8d0', 'TEST-KEY-4F1C9A7E2B8D']) {
      expect((await get('/v1/pets', { anonymous: true, headers: { authorization: `Bearer ${key}` } })).status).toBe(
        401,
      );
    }
    expect(
      (await get('/v1/pets', { anonymous: true, headers: { authorization: `bearer ${TEST_API_KEY}` } })).status,
    ).toBe(200);
  });
});

describe('POST /v1/pets (createPet)', () => {
  it('201: adds the animal, returns it with its id and a Location that serves it', async () => {
    const response = await post({ name: 'Rex', categoryId: 3, status: 'available' });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      id: expect.any(Number),
      name: 'Rex',
      categoryId: 3,
      status: 'available',
      revision: 1,
    });
    expect(response.headers.get('location')).toBe(`/v1/pets/${response.json.id}`);
    expect((await get(response.headers.get('location')!)).json).toEqual(response.json);
  });

  it('keeps int64 values beyond 2^53 exactly, in and out', async () => {
    const response = await post('{"name":"Big","categoryId":9223372036854775807}', {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(201);
    expect(response.text).toContain('"categoryId":9223372036854775807');
    service.store.upsertPets([{ id: '9223372036854775807', name: 'Last', categoryId: '-9223372036854775808' }]);
    const fetched = await get('/v1/pets/9223372036854775807');
    expect(fetched.text).toBe(
      '{"id":9223372036854775807,"name":"Last","categoryId":-9223372036854775808,"revision":1}',
    );
    expect((await get('/v1/pets?limit=100')).text).toContain('"id":9223372036854775807,');
  });

  it.each([
    [{}, 'name is required; categoryId is required'],
    [{ name: 'Rex' }, 'categoryId is required'],
    [{ categoryId: 1 }, 'name is required'],
    [{ name: '', categoryId: 1 }, 'name must not be empty'],
    [{ name: 'Rex', categoryId: '1' }, 'categoryId must be a JSON integer, not a string, got "1"'],
    [
      { name: 'Rex', categoryId: 1.5 },
      'categoryId must be a whole number from -9223372036854775808 to 9223372036854775807, got 1.5',
    ],
    [{ name: 'Rex', categoryId: 1, status: 'lost' }, 'status must be one of available, pending, sold, got "lost"'],
    [[], 'body must be a JSON object, got an array'],
  ])('400 invalid_body for %j, and nothing is added', async (body, message) => {
    const response = await post(body);
    expectFieldError(response.json, 'invalid_body', message);
    expect(service.store.listPets()).toEqual([]);
  });

  it('400 invalid_body for an int64 out of range written as a literal', async () => {
    const response = await post('{"name":"Rex","categoryId":9223372036854775808}', {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.json.code).toBe('invalid_body');
    expect(response.json.message).toMatch(/got 9223372036854775808$/);
  });

  it('400 invalid_json for malformed JSON and for a missing body', async () => {
    for (const text of ['{"name":', '{name: "Rex"}', 'nul', '{"a":1}x']) {
      const response = await post(text, { headers: { 'content-type': 'application/json' } });
      expect(response.status).toBe(400);
      expect(response.json.code).toBe('invalid_json');
      expect(response.json.message).toMatch(/^body is not valid JSON/);
    }
    const empty = await post('', { headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(400);
    expect(['invalid_json', 'invalid_body']).toContain(empty.json.code);
  });

  it('415 for a body that is not application/json, or not UTF-8', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1']) {
      const response = await post('{"name":"Rex","categoryId":1}', { headers: { 'content-type': type } });
      expect(response.status).toBe(415);
      expect(response.json.code).toBe('unsupported_media_type');
    }
  });

  it('413 above 16 KiB, 201 just under it', async () => {
    const over = await post({ name: 'Rex', categoryId: 1, padding: 'x'.repeat(REQUEST_BODY_MAX_BYTES) });
    expect(over.status).toBe(413);
    expect(over.json.code).toBe('payload_too_large');
    const under = await post({ name: 'Rex', categoryId: 1, padding: 'x'.repeat(REQUEST_BODY_MAX_BYTES - 100) });
    expect(under.status).toBe(201);
  });

  it('401 before anything is read or added', async () => {
    const response = await post({ name: 'Rex', categoryId: 1 }, { anonymous: true });
    expect(response.status).toBe(401);
    expect(service.store.listPets()).toEqual([]);
  });
});

describe('Idempotency-Key on POST /v1/pets', () => {
  it('a retry with the same key and body replays the 201 and adds nothing', async () => {
    const headers = { 'idempotency-key': 'c6a1e1a4-1f2b-4b8e-9c1d-7d0e5f3a2b10' };
    const first = await post({ name: 'Rex', categoryId: 1 }, { headers });
    const retry = await post({ categoryId: 1, name: 'Rex' }, { headers });
    expect(retry.status).toBe(201);
    expect(retry.text).toBe(first.text);
    expect(retry.headers.get('location')).toBe(first.headers.get('location'));
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(service.store.listPets()).toHaveLength(1);
  });

  it('accepts the key as a Structured Field string too', async () => {
    const first = await post({ name: 'Rex', categoryId: 1 }, { headers: { 'idempotency-key': '"abc-123"' } });
    const retry = await post({ name: 'Rex', categoryId: 1 }, { headers: { 'idempotency-key': 'abc-123' } });
    expect(retry.text).toBe(first.text);
  });

  it('the same key with a different body is refused with 422 and adds nothing', async () => {
    const headers = { 'idempotency-key': 'key-1' };
    await post({ name: 'Rex', categoryId: 1 }, { headers });
    const other = await post({ name: 'Max', categoryId: 1 }, { headers });
    expect(other.status).toBe(422);
    expect(other.json.code).toBe('idempotency_key_mismatch');
    expect(service.store.listPets()).toHaveLength(1);
  });

  it('different keys add different animals; a malformed key is a 400', async () => {
    await post({ name: 'Rex', categoryId: 1 }, { headers: { 'idempotency-key': 'a' } });
    await post({ name: 'Rex', categoryId: 1 }, { headers: { 'idempotency-key': 'b' } });
    expect(service.store.listPets()).toHaveLength(2);
    const bad = await post({ name: 'Rex', categoryId: 1 }, { headers: { 'idempotency-key': 'x'.repeat(300) } });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('invalid_parameter');
  });
});

describe('GET /v1/pets/{petId} (getPet, deprecated)', () => {
  const expectDeprecationHeaders = (headers: Headers) => {
    expect(headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(headers.get('sunset')).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
    expect(headers.get('link')).toBe('</v1/pets>; rel="successor-version"');
  };

  it('200: the animal, with Deprecation, Sunset and Link', async () => {
    const pet = service.store.createPet({ name: 'Rex', categoryId: '2', status: 'sold' });
    const response = await get(`/v1/pets/${pet.id}`);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ id: Number(pet.id), name: 'Rex', categoryId: 2, status: 'sold', revision: 1 });
    expectDeprecationHeaders(response.headers);
  });

  it('404 for an id no animal has, 400 for a malformed id, 401 without a key: all with the deprecation headers', async () => {
    const missing = await get('/v1/pets/12345');
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe('not_found');
    expectDeprecationHeaders(missing.headers);

    for (const id of ['abc', '1.5', '9223372036854775808', '%20']) {
      const malformed = await get(`/v1/pets/${id}`);
      expect(malformed.status).toBe(400);
      expect(malformed.json.code).toBe('invalid_parameter');
      expectDeprecationHeaders(malformed.headers);
    }

    const anonymous = await get('/v1/pets/1', { anonymous: true });
    expect(anonymous.status).toBe(401);
    expectDeprecationHeaders(anonymous.headers);
  });
});

describe('routes and methods', () => {
  it('404 for unknown routes, with the Error shape', async () => {
    for (const path of ['/', '/v2/pets', '/v1/store/inventory', '/v1/pets/1/photos']) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(response.json.code).toBe('not_found');
    }
  });

  it('405 with Allow for a wrong method on a known path', async () => {
    const cases: [string, string, string][] = [
      ['DELETE', '/v1/pets', 'GET, HEAD, POST'],
      ['PUT', '/v1/pets', 'GET, HEAD, POST'],
      ['POST', '/v1/pets/1', 'GET, HEAD, PATCH'],
      ['DELETE', '/v1/pets/1', 'GET, HEAD, PATCH'],
      ['PUT', '/v1/pets/1', 'GET, HEAD, PATCH'],
    ];
    for (const [method, path, allow] of cases) {
      const response = await send(service.baseUrl, method, path);
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow')).toBe(allow);
      expect(response.json.code).toBe('method_not_allowed');
    }
  });

  it('answers a request Node cannot parse with a 400 in the Error shape', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(service.port, '127.0.0.1', () =>
        socket.write('GET /v1/pets HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (chunk) => (data += chunk));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expectErrorShape(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)), 400);
  });

  it('only the deprecated GET carries them: a change of the same animal does not', async () => {
    const pet = service.store.createPet({ name: 'Tom', categoryId: '2' });
    const changed = await send(service.baseUrl, 'PATCH', `/v1/pets/${pet.id}`, {
      body: { name: 'Tomas' },
      headers: { 'content-type': 'application/merge-patch+json', 'if-match': '*' },
    });
    expect(changed.status).toBe(200);
    for (const name of ['deprecation', 'sunset', 'link']) expect(changed.headers.get(name), name).toBeNull();
  });

  it('a weak tag of the animal as it is never matches, and the refusal says so rather than that it changed', async () => {
    const pet = service.store.createPet({ name: 'Weak', categoryId: '2' });
    const refused = await send(service.baseUrl, 'PATCH', `/v1/pets/${pet.id}`, {
      body: { name: 'Strong' },
      headers: { 'content-type': 'application/merge-patch+json', 'if-match': 'W/"1"' },
    });
    expect(refused.status).toBe(412);
    expect(refused.json.message).toBe(
      `If-Match W/"1" is a weak tag, which never matches a write: send If-Match: "1" for animal ${pet.id} as it is.`,
    );
  });

  it('a method a path of our extensions does not take is 405 with Allow, as for the interface’s paths', async () => {
    const pet = service.store.createPet({ name: 'Allowed', categoryId: '2' });
    for (const [path, allow] of [
      ['/v1/extensions', 'GET, HEAD'],
      [`/v1/pets/${pet.id}/history`, 'GET, HEAD'],
      [`/v1/pets/${pet.id}/photo`, 'GET, HEAD, PUT, DELETE'],
    ]) {
      const refused = await send(service.baseUrl, 'POST', path!, { body: {} });
      expect([refused.status, refused.headers.get('allow')], path).toEqual([405, allow]);
    }
  });

  it('which paths there are is told to a client with the key alone: 401 without it, 404 with it', async () => {
    expect((await get('/v1/no-such-thing', { anonymous: true })).status).toBe(401);
    expect((await get('/v1/no-such-thing')).status).toBe(404);
  });
});
