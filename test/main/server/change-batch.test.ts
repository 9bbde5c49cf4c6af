// changePets, our extension (POST /v1/pet-changes): many changes in one request and one commit.
// The real service on 127.0.0.1; every response checked against resources/openapi.yaml by `send`.
import { describe, expect, it } from 'vitest';
import { CHANGE_BATCH, localToday } from '../../../src/shared/contract';
import { send } from '../../helpers/http-client';
import { useServicePerFile } from '../../helpers/service-per-file';

const service = useServicePerFile();

const batch = (changes: unknown, headers: Record<string, string> = {}) =>
  send(service.baseUrl, 'POST', '/v1/pet-changes', {
    body: typeof changes === 'string' ? changes : JSON.stringify({ changes }),
    headers: { 'content-type': 'application/json', ...headers },
  });
const add = (name = 'Rex') => service.store.createPet({ name, categoryId: '3', status: 'available' });
const stored = (id: string) => service.store.getPet(id);
const wire = (id: string, fields: Record<string, unknown>) => ({ id: Number(id), categoryId: 3, ...fields });

describe('POST /v1/pet-changes', () => {
  it('makes each change as its PATCH would, in order, and answers each in its place', async () => {
    const [a, b] = [add('Rex'), add('Tom')];
    const response = await batch([
      { petId: Number(a.id), ifMatch: '"1"', patch: { status: 'sold' } },
      { petId: Number(b.id), ifMatch: '*', patch: { name: '  Max ', status: null } },
      // The second change of one animal sees the first: its tag is the one the first made.
      { petId: Number(a.id), ifMatch: '"2"', patch: { name: 'Rexy' } },
    ]);
    expect(response.status).toBe(200);
    expect(response.json.results).toEqual([
      { status: 200, pet: wire(a.id, { name: 'Rex', status: 'sold', soldOn: localToday(), revision: 2 }) },
      { status: 200, pet: wire(b.id, { name: 'Max', revision: 2 }) },
      { status: 200, pet: wire(a.id, { name: 'Rexy', status: 'sold', soldOn: localToday(), revision: 3 }) },
    ]);
    expect(stored(a.id)).toMatchObject({ name: 'Rexy', status: 'sold', revision: 3 });
    expect(stored(b.id).status).toBeUndefined();
  });

  it('a change refused is refused alone, with the Error its PATCH would get; the others are made', async () => {
    const [a, b, c] = [add('Rex'), add('Tom'), add('Kit')];
    service.store.changePet(b.id, { status: 'pending' }, '*');
    const response = await batch([
      { petId: Number(a.id), ifMatch: '"1"', patch: { status: 'sold' } },
      { petId: Number(b.id), ifMatch: '"1"', patch: { status: 'sold' } }, // stale
      { petId: 999999, ifMatch: '*', patch: { status: 'sold' } }, // no such animal
      { petId: Number(c.id), patch: { status: 'sold' } }, // no ifMatch
      { petId: Number(c.id), ifMatch: '1', patch: { status: 'sold' } }, // not an entity tag
      { petId: Number(c.id), ifMatch: '*', patch: { stauts: 'sold', name: '' } },
      { petId: '12', ifMatch: '*', patch: {} },
      { petId: Number(c.id), ifMatch: '*', idempotencyKey: 'bad"key', patch: {} },
      'not a change',
      { petId: Number(c.id), ifMatch: '*', patch: { name: 'Kat' } },
    ]);
    expect(response.status).toBe(200);
    const results = response.json.results as Array<{ status: number; error?: { code: string; fields?: unknown } }>;
    expect(results.map((r) => [r.status, r.error?.code])).toEqual([
      [200, undefined],
      [412, 'precondition_failed'],
      [404, 'not_found'],
      [428, 'precondition_required'],
      [400, 'invalid_parameter'],
      [400, 'invalid_body'],
      [400, 'invalid_body'],
      [400, 'invalid_parameter'],
      [400, 'invalid_body'],
      [200, undefined],
    ]);
    expect(response.json.results[1].error.current).toEqual(wire(b.id, { name: 'Tom', status: 'pending', revision: 2 }));
    expect(response.json.results[3].error.message).toMatch(/ifMatch/);
    expect(response.json.results[5].error.fields.map((f: { field: string }) => f.field)).toContain('stauts');
    expect(response.json.results[6].error.fields).toEqual([
      { field: 'petId', message: expect.stringMatching(/JSON integer/) },
    ]);
    expect(stored(a.id).status).toBe('sold');
    expect(stored(b.id)).toMatchObject({ status: 'pending', revision: 2 });
    expect(stored(c.id)).toMatchObject({ name: 'Kat', status: 'available', revision: 2 });
  });

  it('a key names one change however it is sent: a lost batch retried, or one of it retried as a PATCH, is replayed', async () => {
    const [a, b] = [add('Rex'), add('Tom')];
    const changes = [
      { petId: Number(a.id), ifMatch: '"1"', idempotencyKey: 'batch-a', patch: { status: 'sold' } },
      { petId: Number(b.id), ifMatch: '"1"', idempotencyKey: 'batch-b', patch: { status: 'pending' } },
    ];
    const first = await batch(changes);
    const again = await batch(changes);
    expect(again.text).toBe(first.text);
    const alone = await send(service.baseUrl, 'PATCH', `/v1/pets/${a.id}`, {
      body: JSON.stringify({ status: 'sold' }),
      headers: { 'content-type': 'application/merge-patch+json', 'if-match': '"1"', 'idempotency-key': 'batch-a' },
    });
    expect([alone.status, alone.headers.get('idempotent-replayed'), alone.json.revision]).toEqual([200, 'true', 2]);
    // And the other way: a PATCH first, its retry in a batch.
    const c = add('Kit');
    await send(service.baseUrl, 'PATCH', `/v1/pets/${c.id}`, {
      body: JSON.stringify({ name: 'Kat' }),
      headers: { 'content-type': 'application/merge-patch+json', 'if-match': '"1"', 'idempotency-key': 'patch-c' },
    });
    const retried = await batch([
      { petId: Number(c.id), ifMatch: '"1"', idempotencyKey: 'patch-c', patch: { name: 'Kat' } },
      { petId: Number(c.id), ifMatch: '"1"', idempotencyKey: 'patch-c', patch: { name: 'Other' } },
    ]);
    expect(retried.json.results.map((r: { status: number }) => r.status)).toEqual([200, 422]);
    expect(retried.json.results[0].pet.revision).toBe(2);
    expect([stored(a.id).revision, stored(b.id).revision, stored(c.id).revision]).toEqual([2, 2, 2]);
  });

  it('int64 ids at the edge of the range are changed exactly', async () => {
    service.db
      .prepare(`INSERT INTO pets (id, name, category_id, status) VALUES (9223372036854775807, 'Max', 3, 'available')`)
      .run();
    const response = await batch(
      '{"changes":[{"petId":9223372036854775807,"ifMatch":"\\"1\\"","patch":{"categoryId":-9223372036854775808,"status":"sold"}}]}',
    );
    expect(response.status).toBe(200);
    expect(response.text).toContain('"id":9223372036854775807');
    expect(response.text).toContain('"categoryId":-9223372036854775808');
    expect(stored('9223372036854775807')).toMatchObject({ status: 'sold', revision: 2 });
  });

  it('a bad batch as a whole gets the Error shape and changes nothing: 400, 401, 413, 415, 405', async () => {
    const pet = add();
    const one = { petId: Number(pet.id), ifMatch: '*', patch: { status: 'sold' } };
    const refusals = [
      await batch('[]'),
      await batch([]),
      await batch(Array.from({ length: CHANGE_BATCH.maxChanges + 1 }, () => one)),
      await batch({ not: 'an array' }),
      await batch('{"changes": [', {}),
      await batch([one], { 'idempotency-key': 'whole-batch' }),
      await batch([one], { 'content-type': 'text/plain' }),
      await send(service.baseUrl, 'POST', '/v1/pet-changes', { body: { changes: [one] }, anonymous: true }),
      await batch(JSON.stringify({ changes: [one], padding: 'x'.repeat(CHANGE_BATCH.bodyMaxBytes) })),
      await send(service.baseUrl, 'GET', '/v1/pet-changes'),
    ];
    expect(refusals.map((r) => [r.status, r.json.code])).toEqual([
      [400, 'invalid_body'],
      [400, 'invalid_body'],
      [400, 'invalid_body'],
      [400, 'invalid_body'],
      [400, 'invalid_json'],
      [400, 'invalid_parameter'],
      [415, 'unsupported_media_type'],
      [401, 'unauthorized'],
      [413, 'payload_too_large'],
      [405, 'method_not_allowed'],
    ]);
    expect(refusals[2]!.json.message).toMatch(/at most 100 changes/);
    expect(refusals[5]!.json.message).toMatch(/each change its own idempotencyKey/);
    expect(refusals[8]!.json.message).toMatch(/smaller batches/);
    expect(refusals[9]!.headers.get('allow')).toBe('POST');
    expect(stored(pet.id)).toMatchObject({ status: 'available', revision: 1 });
  });

  it('100 changes of the longest names fit in one batch', async () => {
    const pets = Array.from({ length: CHANGE_BATCH.maxChanges }, (_, i) => add(`Pet ${i}`));
    const longest = '𝓡'.repeat(200); // 4 bytes each in UTF-8
    const response = await batch(
      pets.map((pet, i) => ({
        petId: Number(pet.id),
        ifMatch: '"1"',
        idempotencyKey: `k-${i}-${'x'.repeat(240)}`,
        patch: { name: longest, categoryId: 3, status: 'sold' },
      })),
    );
    expect(response.status).toBe(200);
    expect(response.json.results.every((r: { status: number }) => r.status === 200)).toBe(true);
  });

  it('a failure of the service itself makes none of the batch: 500, and every animal as it was', async () => {
    const [a, b] = [add('Rex'), add('Tom')];
    // The second change's write fails inside SQLite (not a refusal of the change): the whole batch is rolled back.
    service.db.exec(
      `CREATE TRIGGER fail_tom BEFORE UPDATE ON pets WHEN old.name = 'Tom' BEGIN SELECT RAISE(ABORT, 'disk says no'); END`,
    );
    try {
      const response = await batch([
        { petId: Number(a.id), ifMatch: '*', idempotencyKey: 'x-a', patch: { status: 'sold' } },
        { petId: Number(b.id), ifMatch: '*', patch: { status: 'sold' } },
      ]);
      expect([response.status, response.json.code]).toEqual([500, 'internal']);
    } finally {
      service.db.exec('DROP TRIGGER fail_tom');
    }
    expect(stored(a.id)).toMatchObject({ status: 'available', revision: 1 });
    expect(service.db.prepare("SELECT count(*) AS n FROM idempotency_keys WHERE key = 'x-a'").get()).toEqual({ n: 0 });
  });
});
