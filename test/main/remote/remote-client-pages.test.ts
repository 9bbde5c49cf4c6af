// The client follows next pages where a server offers them (our service), and stays on
// the server it was given: a next link elsewhere is refused before any key could follow it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteClient } from '../../../src/main/remote/remote-client';
import { startMisbehavingServer, type MisbehavingServer } from '../../helpers/misbehaving-server';
import { startService, TEST_API_KEY, type RunningService } from '../../helpers/http-service';

let service: RunningService;
let bad: MisbehavingServer;
beforeAll(async () => {
  [service, bad] = await Promise.all([startService(), startMisbehavingServer()]);
});
afterAll(async () => {
  await Promise.all([service.close(), bad.close()]);
});

const client = (baseUrl = `${service.baseUrl}/v1`) =>
  createRemoteClient({ environment: 'staging', baseUrl, apiKey: async () => TEST_API_KEY });

describe('remote client pages', () => {
  it('walks our service page by page: every animal once, the last page without a next', async () => {
    for (let i = 0; i < 250; i++) service.store.createPet({ name: `Pet ${i}`, categoryId: '1' });
    const remote = client();
    const names: string[] = [];
    let next: string | null | undefined;
    let pages = 0;
    do {
      const page = await remote.listPage({ limit: 100 }, next ? { next } : {});
      names.push(...page.pets.map((pet) => pet.name));
      next = page.next;
      pages++;
      if (next !== null) expect(next.startsWith(`${service.baseUrl}/v1/pets?`)).toBe(true);
    } while (next !== null);
    expect(pages).toBe(3);
    expect(names).toEqual(Array.from({ length: 250 }, (_, i) => `Pet ${i}`));
  });

  it('a server without pages: a full first page and no next (the caller can tell it sees only the first)', async () => {
    const page = await client(bad.url('no-pages')).listPage({ limit: 100 });
    expect(page.pets).toHaveLength(100);
    expect(page.next).toBeNull();
  });

  it('a next page on another server is not followed (the page still counts), and nothing is sent there', async () => {
    const before = bad.authorizations.length;
    const page = await client(bad.url('link-elsewhere')).listPage({ limit: 10 });
    expect(page.pets.map((pet) => pet.name)).toEqual(['One']);
    expect(page.next).toBeNull();
    expect(page.nextRefused).toBe('its Link header puts the next page elsewhere (http://evil.example/v1/pets)');
    expect(bad.authorizations.length).toBe(before + 1);
  });

  it('a Link header too long to arrive whole is reported, not followed cut short', async () => {
    const page = await client(bad.url('link-long')).listPage({ limit: 10 });
    expect(page).toEqual({ pets: [], next: null, nextRefused: 'its Link header is 2000 characters or longer' });
  });

  it('a malformed Link header is reported, not followed', async () => {
    const page = await client(bad.url('link-malformed')).listPage({ limit: 10 });
    expect(page).toEqual({ pets: [], next: null, nextRefused: 'its Link header is malformed' });
  });
});
