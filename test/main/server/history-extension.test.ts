// Our `history` extension over real HTTP on 127.0.0.1: who made each write and when, as the client
// says (Petstore-Actor, Petstore-Acted-At; a batch change's actor and actedAt), and each animal's
// history read back a page at a time. Every answer is checked against the OpenAPI description.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { send } from '../../helpers/http-client';
import { startService, type RunningService } from '../../helpers/http-service';

let service: RunningService;
beforeEach(async () => {
  service = await startService();
});
afterEach(() => service.close());

const history = async (petId: string, query = '') => send(service.baseUrl, 'GET', `/v1/pets/${petId}/history${query}`);

describe('the history extension', () => {
  it('is listed among the extensions', async () => {
    expect((await send(service.baseUrl, 'GET', '/v1/extensions')).json.extensions).toContain('history');
  });

  it('records who acted and when, as the client says, for an add, a change and a batch change', async () => {
    const actedAt = new Date(Date.now() - 3 * 86_400_000).toISOString(); // made offline three days ago
    const added = await send(service.baseUrl, 'POST', '/v1/pets', {
      body: { name: 'Rex', categoryId: 3, status: 'available' },
      headers: { 'petstore-actor': encodeURIComponent('Zoë'), 'petstore-acted-at': actedAt },
    });
    expect(added.status).toBe(201);
    const id = String(added.json.id);
    const changed = await send(service.baseUrl, 'PATCH', `/v1/pets/${id}`, {
      body: JSON.stringify({ status: 'sold' }),
      headers: { 'content-type': 'application/merge-patch+json', 'if-match': '"1"', 'petstore-actor': 'Ana' },
    });
    expect(changed.status).toBe(200);
    const batch = await send(service.baseUrl, 'POST', '/v1/pet-changes', {
      body: { changes: [{ petId: Number(id), ifMatch: '*', patch: { name: 'Rex II' }, actor: 'Bo', actedAt }] },
    });
    expect(batch.json.results[0].status).toBe(200);

    const { status, json } = await history(id);
    expect(status).toBe(200);
    expect(json.entries.map((entry: { by: string | null; action: string }) => [entry.by, entry.action])).toEqual([
      ['Bo', 'changed'],
      ['Ana', 'changed'],
      ['Zoë', 'added'],
    ]);
    expect(json.entries[2].at).toBe(actedAt);
    expect(json.entries[0].at).toBe(actedAt);
    expect(Date.parse(json.entries[1].at)).toBeGreaterThan(Date.now() - 60_000); // none sent: when it was made
    expect(json.entries[2].changes).toContainEqual({ field: 'categoryId', from: null, to: 3 });
    expect(json.entries[1].changes).toContainEqual({ field: 'status', from: 'available', to: 'sold' });
  });

  it('a write that names nobody is recorded with nobody: a client of the interface alone is served as ever', async () => {
    const added = await send(service.baseUrl, 'POST', '/v1/pets', { body: { name: 'Mia', categoryId: 1 } });
    const { json } = await history(String(added.json.id));
    expect(json.entries).toEqual([expect.objectContaining({ by: null, action: 'added' })]);
  });

  it('refuses a name or a moment it cannot keep, on its header, and writes nothing', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ 'petstore-actor': '%E2%80%AEevil' }, 'Petstore-Actor'],
      [{ 'petstore-actor': '%ZZ' }, 'Petstore-Actor'],
      [{ 'petstore-actor': encodeURIComponent('x'.repeat(101)) }, 'Petstore-Actor'],
      [{ 'petstore-acted-at': 'yesterday' }, 'Petstore-Acted-At'],
      [{ 'petstore-acted-at': new Date(Date.now() + 3_600_000).toISOString() }, 'Petstore-Acted-At'],
      [{ 'petstore-acted-at': '2020-01-01T00:00:00Z' }, 'Petstore-Acted-At'],
      // Not percent-encoded: its bytes would be read as another name.
      [{ 'petstore-actor': 'Zoë' }, 'Petstore-Actor'],
      // A day no calendar has, which would be read as another.
      [{ 'petstore-acted-at': `${new Date().getUTCFullYear() - 1}-02-30T09:30:00Z` }, 'Petstore-Acted-At'],
    ];
    for (const [headers, field] of cases) {
      const refused = await send(service.baseUrl, 'POST', '/v1/pets', {
        body: { name: 'Rex', categoryId: 1 },
        headers,
      });
      expect(refused.status, JSON.stringify(headers)).toBe(400);
      expect(refused.json.fields[0].field).toBe(field);
    }
    expect((await send(service.baseUrl, 'GET', '/v1/pets')).json).toEqual([]);
  });

  it('pages from the newest, linking the next page, none twice; an unknown animal is 404, a bad page 400', async () => {
    const added = await send(service.baseUrl, 'POST', '/v1/pets', { body: { name: 'Tick', categoryId: 1 } });
    const id = String(added.json.id);
    for (let i = 0; i < 130; i++) service.store.changePet(id, { status: i % 2 === 0 ? 'pending' : 'available' }, '*');
    const first = await history(id);
    expect(first.json.entries).toHaveLength(100);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link')!)![1]!;
    const second = await send(service.baseUrl, 'GET', next);
    expect(second.json.entries).toHaveLength(31);
    expect(second.headers.get('link')).toBeNull();
    const seqs = [...first.json.entries, ...second.json.entries].map((entry: { seq: number }) => entry.seq);
    expect(new Set(seqs).size).toBe(131);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect((await history('999')).status).toBe(404);
    expect((await history(id, '?limit=0')).status).toBe(400);
    expect((await history(id, '?limit=101')).json.fields[0].field).toBe('limit');
  });
});
