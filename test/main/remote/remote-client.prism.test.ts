// The client against an independent server: Stoplight Prism mocking resources/openapi.yaml.
// Prism knows nothing of our code, so this checks that the description and the client agree.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteClient } from '../../../src/main/remote/remote-client';
import { OPENAPI_FILE } from '../../helpers/openapi-contract';
import { freePort, startProcess, stopProcess } from '../../helpers/processes';
import { ROOT } from '../../helpers/serve-process';

let prism: ChildProcess;
let baseUrl: string;

beforeAll(async () => {
  const port = await freePort();
  prism = await startProcess(
    join(ROOT, 'node_modules/.bin/prism'),
    ['mock', OPENAPI_FILE, '--host', '127.0.0.1', '--port', String(port), '--errors'],
    /Prism is listening/,
  );
  // Prism serves the description's paths at its root: it ignores the /v1 of `servers`.
  baseUrl = `http://127.0.0.1:${port}`;
}, 90_000);

afterAll(() => stopProcess(prism));

const client = () =>
  createRemoteClient({ environment: 'staging', baseUrl, apiKey: async () => 'any-key-prism-accepts' });

describe('remote client against Prism mocking resources/openapi.yaml', () => {
  it("listPets: the mocked page passes the client's validation", async () => {
    const pets = await client().listPets({ limit: 5, status: 'available' });
    expect(Array.isArray(pets)).toBe(true);
    for (const pet of pets)
      expect(pet).toEqual(expect.objectContaining({ id: expect.stringMatching(/^-?\d+$/), name: expect.any(String) }));
  });

  it('createPet: a 201 Pet', async () => {
    // Prism reads bodies with JSON.parse, so it would misjudge int64 edges beyond 2^53; those are
    // tested against our own service.
    const pet = await client().createPet(
      { name: 'Rex', categoryId: '42', status: 'pending' },
      { idempotencyKey: 'k-1' },
    );
    expect(pet).toEqual(
      expect.objectContaining({ id: expect.stringMatching(/^-?\d+$/), categoryId: expect.stringMatching(/^-?\d+$/) }),
    );
  });

  it('getPet: a Pet, and the deprecation headers the description declares', async () => {
    const remote = client();
    await remote.getPet('1');
    expect(remote.deprecationNotice()?.sunset).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
  });

  it('changePet (extension): the request the client makes is what the description asks for, and its answer passes', async () => {
    // Prism validates the request (merge-patch body, If-Match, Idempotency-Key) and answers the example.
    const pet = await client().changePet('1', { status: 'sold', name: 'Rex' }, { revision: 1, idempotencyKey: 'k-2' });
    expect(pet).toMatchObject({ id: '1', status: 'sold', revision: 2 });
  });

  it('changePet without a revision sends no If-Match, which the description requires: refused', async () => {
    await expect(client().changePet('1', { status: 'sold' }, { revision: null })).rejects.toMatchObject({
      details: { status: expect.any(Number) },
    });
  });

  it('changePets (extension): the batch the client makes is what the description asks for, and the answer is read in order', async () => {
    // Prism validates the body (each change's petId, ifMatch, key and patch) and answers the example:
    // animal 1 changed, animal 2 not found.
    const results = await client().changePets([
      { petId: '1', patch: { status: 'sold' }, revision: 1, idempotencyKey: 'k-3' },
      { petId: '2', patch: { name: 'Rex', categoryId: '3', status: null }, revision: 4, idempotencyKey: 'k-4' },
    ]);
    expect(results[0]).toEqual({ pet: expect.objectContaining({ id: '1', status: 'sold', revision: 2 }) });
    expect(results[1]).toMatchObject({ error: { kind: 'service_error', details: { status: 404, code: 'not_found' } } });
  });

  it('a missing key is refused by Prism too (401, key rejected)', async () => {
    // Sent by hand: our client never sends a request without a key.
    const response = await fetch(`${baseUrl}/pets`);
    expect(response.status).toBe(401);
    expect(await client().listPets({ limit: 1 })).toBeInstanceOf(Array); // what Test connection asks
  });
});
