// Names that every JavaScript object inherits (__proto__, constructor, toString, hasOwnProperty)
// arriving as member names of a body or as query parameter names: each is a name like any other,
// looked up only among what was sent. The real service on 127.0.0.1; every response checked
// against resources/openapi.yaml by `send`.
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../../src/main/wire/json-codec';
import { send } from '../../helpers/http-client';
import { useServicePerFile } from '../../helpers/service-per-file';

const service = useServicePerFile();

const INHERITED = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'] as const;
/** A JSON object text with one member of that name (JSON.stringify cannot write `__proto__` as a member). */
const member = (name: string, value: string, rest = '') => `{"${name}":${value}${rest}}`;
const add = () => service.store.createPet({ name: 'Rex', categoryId: '3', status: 'available' });

/** A message a person reads: it names what was refused, and holds no JavaScript source text. */
function expectCleanRefusal(
  error: { message: string; fields?: Array<{ field: string; message: string }> },
  name: string,
) {
  expect(error.message).toMatch(new RegExp(`^${name} is not a field that can be changed`));
  expect(error.message).not.toMatch(/function|native code|\[object/);
  expect(error.fields).toEqual([
    { field: name, message: expect.stringMatching(/^is not a field that can be changed/) },
  ]);
}

describe('a change naming an inherited member is refused by that name', () => {
  it('PATCH: __proto__, constructor, toString, hasOwnProperty are each 400 naming it, and nothing changes', async () => {
    const pet = add();
    for (const name of INHERITED) {
      for (const body of [member(name, '{"name":"Evil","status":"sold"}'), member(name, '1', ',"name":"Ok"')]) {
        const response = await send(service.baseUrl, 'PATCH', `/v1/pets/${pet.id}`, {
          body,
          headers: { 'content-type': 'application/merge-patch+json', 'if-match': '*' },
        });
        expect(response.status, body).toBe(400);
        expect(response.json.code).toBe('invalid_body');
        expectCleanRefusal(response.json, name);
      }
    }
    expect(service.store.getPet(pet.id)).toMatchObject({ name: 'Rex', status: 'available', revision: 1 });
  });

  it('a change of a batch: refused alone, by name; the change beside it is made', async () => {
    const pet = add();
    for (const name of INHERITED) {
      const patch = member(name, '{"name":"Evil"}');
      const body = `{"changes":[{"petId":${pet.id},"ifMatch":"*","patch":${patch}},{"petId":${pet.id},"ifMatch":"*","patch":{"name":"Rex ${name}"}}]}`;
      const response = await send(service.baseUrl, 'POST', '/v1/pet-changes', {
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status, body).toBe(200);
      const [refused, made] = response.json.results;
      expect(refused.status).toBe(400);
      expectCleanRefusal(refused.error, name);
      expect(made).toMatchObject({ status: 200, pet: { name: `Rex ${name}` } });
    }
  });
});

describe('where unknown names are ignored, an inherited one is ignored too and never read as a field', () => {
  it('a batch change and a new animal: __proto__ holding fields gives none of them', async () => {
    const pet = add();
    for (const name of INHERITED) {
      const change = `{"petId":${pet.id},"ifMatch":"*",${member(name, '{"idempotencyKey":"k1","ifMatch":"\\"9\\""}').slice(1, -1)},"patch":{"status":"pending"}}`;
      const response = await send(service.baseUrl, 'POST', '/v1/pet-changes', {
        body: `{"changes":[${change}]}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.json.results, name).toEqual([
        { status: 200, pet: expect.objectContaining({ status: 'pending' }) },
      ]);

      const created = await send(service.baseUrl, 'POST', '/v1/pets', {
        body: member(name, '{"status":"sold"}', ',"name":"Tom","categoryId":1'),
        headers: { 'content-type': 'application/json' },
      });
      expect(created.status, name).toBe(201);
      expect(created.json).not.toHaveProperty('status');
    }
    // Under __proto__, a batch's changes are no changes at all.
    const hidden = await send(service.baseUrl, 'POST', '/v1/pet-changes', {
      body: `{"__proto__":{"changes":[{"petId":${pet.id},"ifMatch":"*","patch":{"name":"Evil"}}]}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(hidden.status).toBe(400);
    expect(hidden.json.fields).toEqual([{ field: 'changes', message: 'must be a JSON array of changes, got nothing' }]);
  });

  it('query parameters named so are ignored as any unknown one: the page, and a next link naming only ours', async () => {
    for (let i = 0; i < 3; i++) add();
    for (const name of INHERITED) {
      const response = await send(service.baseUrl, 'GET', `/v1/pets?${name}=1&limit=2&${name}[limit]=100`);
      expect(response.status, name).toBe(200);
      expect(response.json).toHaveLength(2);
      expect(response.headers.get('link')).toMatch(/^<\/v1\/pets\?limit=2&cursor=[\w-]+>; rel="next"$/);
    }
  });

  it('the JSON parser keeps __proto__ as a member, never as the prototype', () => {
    const parsed = parseJson('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(['__proto__', 'constructor']);
    expect(parsed['polluted']).toBeUndefined();
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
